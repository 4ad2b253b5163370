import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { UsersTable } from '../identity/identity.tables.ts';
import type { UserSearch } from './user-search.ts';
import type { UserStatus, UserStatusTransitionsTable } from './users.tables.ts';

export type UserRecord = Selectable<UsersTable>;
export type UserStatusTransitionRecord = Selectable<UserStatusTransitionsTable> & {
  admin_username: string | null;
};

export interface UserListFilter {
  search: UserSearch | null;
  status: UserStatus | undefined;
}

function matchesSearch(search: UserSearch) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const alternatives = [
      eb(
        sql<string>`lower(${sql.ref('users.nickname')})`,
        'like',
        sql<string>`${search.nicknamePattern} escape '\\'`,
      ),
    ];
    if (search.id) alternatives.push(eb('users.id', '=', search.id));
    if (search.phone) alternatives.push(eb('users.phone', '=', search.phone));
    if (search.phoneFragment) alternatives.push(eb('users.phone', 'like', `%${search.phoneFragment}%`));
    return eb.or(alternatives);
  };
}

export async function listUsers(
  db: DbExecutor,
  filter: UserListFilter,
  limit: number,
  offset: number,
): Promise<{ items: UserRecord[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.search) query = query.where(matchesSearch(filter.search));
  if (filter.status) query = query.where('users.status', '=', filter.status);
  const [items, count] = await Promise.all([
    query
      .selectAll('users')
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function findUser(db: DbExecutor, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUserDevices(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOpenSessions(db: DbExecutor, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves the status only if it is still `from`: two operators acting at once cannot both apply an edge they each
 * checked against the same old status. Returns false when the row had already moved.
 */
export async function updateUserStatusIfCurrent(
  db: DbExecutor,
  change: { userId: string; from: UserStatus; to: UserStatus; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status: change.to, updated_at: change.at })
    .where('id', '=', change.userId)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertStatusTransition(
  db: DbExecutor,
  transition: Selectable<UserStatusTransitionsTable>,
): Promise<void> {
  await db.insertInto('user_status_transitions').values(transition).execute();
}

/** Revokes every session token of the account that is still open; returns how many were. */
export async function revokeOpenSessions(db: DbExecutor, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('user_sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listStatusTransitions(
  db: DbExecutor,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ items: UserStatusTransitionRecord[]; total: number }> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('user_status_transitions as t')
      .leftJoin('admins', 'admins.id', 't.admin_id')
      .selectAll('t')
      .select('admins.username as admin_username')
      .where('t.user_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('user_status_transitions')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
