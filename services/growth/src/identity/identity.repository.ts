import type { Selectable } from 'kysely';
import { reusableQuery } from '@app/service-kit';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import type { UsersTable } from './identity.tables.ts';

export type UserRecord = Selectable<UsersTable>;

/** What resolving a caller needs of the account: its state and what `/auth/me` answers. */
export type CallerAccount = Pick<
  UserRecord,
  'id' | 'phone' | 'nickname' | 'status' | 'is_guest' | 'created_at'
>;

/** The `CallerAccount` columns, for reads that join the account in (a left join types them nullable). */
const CALLER_COLUMNS = [
  'users.id',
  'users.phone',
  'users.nickname',
  'users.status',
  'users.is_guest',
  'users.created_at',
] as const;

export interface DeviceOwner {
  userId: string;
  /** The account row, or undefined when it is gone while the device still points at it. */
  user: CallerAccount | undefined;
  lastSeenAt: string;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByPhone(db: DbExecutor, phone: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** The device's account in one indexed read, compiled once: every request resolves its caller through here. */
const selectDeviceOwner = reusableQuery((db: GrowthDb, deviceKey: string) =>
  db
    .selectFrom('devices')
    .leftJoin('users', 'users.id', 'devices.user_id')
    .select([
      'devices.user_id as device_user_id',
      'devices.last_seen_at as device_last_seen_at',
      ...CALLER_COLUMNS,
    ])
    .where('devices.device_key', '=', deviceKey),
);

export async function findDeviceOwner(db: GrowthDb, deviceKey: string): Promise<DeviceOwner | undefined> {
  const [row] = await selectDeviceOwner(db, deviceKey);
  if (!row) return undefined;
  const { device_user_id: userId, device_last_seen_at: lastSeenAt, ...user } = row;
  return { userId, lastSeenAt, user: user.id === null ? undefined : (user as CallerAccount) };
}

export interface SessionOwner {
  sessionId: string;
  userId: string;
  user: CallerAccount | undefined;
  expiresAt: string;
  revokedAt: string | null;
}

/** A bearer token's session and account, compiled once like the device read above. */
const selectSessionByTokenHash = reusableQuery((db: GrowthDb, tokenHash: string) =>
  db
    .selectFrom('user_sessions')
    .leftJoin('users', 'users.id', 'user_sessions.user_id')
    .select([
      'user_sessions.id as session_id',
      'user_sessions.user_id as session_user_id',
      'user_sessions.expires_at as session_expires_at',
      'user_sessions.revoked_at as session_revoked_at',
      ...CALLER_COLUMNS,
    ])
    .where('user_sessions.token_hash', '=', tokenHash),
);

export async function findSessionByTokenHash(
  db: GrowthDb,
  tokenHash: string,
): Promise<SessionOwner | undefined> {
  const [row] = await selectSessionByTokenHash(db, tokenHash);
  if (!row) return undefined;
  const { session_id, session_user_id, session_expires_at, session_revoked_at, ...user } = row;
  return {
    sessionId: session_id,
    userId: session_user_id,
    expiresAt: session_expires_at,
    revokedAt: session_revoked_at,
    user: user.id === null ? undefined : (user as CallerAccount),
  };
}

export async function insertUser(db: DbExecutor, user: UserRecord): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Binds a device to an account, moving it if it was bound elsewhere. */
export async function bindDevice(
  db: DbExecutor,
  deviceKey: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('devices')
    .values({ device_key: deviceKey, user_id: userId, created_at: now, last_seen_at: now })
    .onConflict((conflict) =>
      conflict.column('device_key').doUpdateSet({ user_id: userId, last_seen_at: now }),
    )
    .execute();
}

/** Returns false when another request bound the device first. */
export async function insertDeviceIfAbsent(
  db: DbExecutor,
  deviceKey: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('devices')
    .values({ device_key: deviceKey, user_id: userId, created_at: now, last_seen_at: now })
    .onConflict((conflict) => conflict.column('device_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteDevice(db: DbExecutor, deviceKey: string): Promise<void> {
  await db.deleteFrom('devices').where('device_key', '=', deviceKey).execute();
}

export async function touchDevice(
  db: DbExecutor,
  deviceKey: string,
  userId: string,
  now: string,
): Promise<void> {
  await db.updateTable('devices').set({ last_seen_at: now }).where('device_key', '=', deviceKey).execute();
  await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', userId).execute();
}

export async function insertSession(
  db: DbExecutor,
  session: {
    id: string;
    userId: string;
    tokenHash: string;
    deviceKey: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('user_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      device_key: session.deviceKey,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function revokeSessionByTokenHash(
  db: DbExecutor,
  tokenHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function updateUser(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<UserRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
