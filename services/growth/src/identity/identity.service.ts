import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError } from '../errors/app-error.ts';
import { hashPassword, verifyPassword } from '../security/password-hashing.ts';
import { createSessionToken, hashSessionToken } from '../security/session-tokens.ts';
import { toAccount, type Account } from './account.mapper.ts';
import {
  bindDevice,
  deleteDevice,
  findDeviceOwner,
  findSessionByTokenHash,
  findUserById,
  findUserByPhone,
  insertDeviceIfAbsent,
  insertSession,
  insertUser,
  revokeSessionByTokenHash,
  touchDevice,
  updateUser,
  type CallerAccount,
  type UserRecord,
} from './identity.repository.ts';
import { normalizePhone } from './phone-number.ts';

export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 72;
const NICKNAME_MAX_LENGTH = 32;
/** Last-seen is bookkeeping; writing it on every request would turn each read into a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuthenticatedUser {
  id: string;
  deviceKey: string;
  sessionId: string | null;
  /** The account as read while resolving; handlers that only need these fields skip a second read. */
  account: CallerAccount;
}

export interface AuthResult {
  user: Account;
  token: string;
  expires_at: string;
}

export interface IdentityServiceOptions {
  db: GrowthDb;
  clock: Clock;
  loginMode: 'open' | 'strict';
  sessionTtlDays: number;
  /** log2 of scrypt's N for new password hashes. */
  passwordCostLog2: number;
}

class DeviceAlreadyBound extends Error {}

export class IdentityService {
  constructor(private readonly options: IdentityServiceOptions) {}

  /**
   * Who is calling: a valid bearer token names its own account; otherwise the device key does, and a device seen for
   * the first time gets a new guest account. Accounts that are not `active` are refused.
   */
  async resolveCaller(deviceKey: string | undefined, bearerToken: string | null): Promise<AuthenticatedUser> {
    if (deviceKey === undefined || !DEVICE_KEY_PATTERN.test(deviceKey)) throw new AppError('UNAUTHORIZED');
    const now = this.options.clock.now();
    if (bearerToken !== null) {
      const session = await findSessionByTokenHash(this.options.db, hashSessionToken(bearerToken));
      if (!session || session.revokedAt !== null || session.expiresAt <= now.toISOString()) {
        throw new AppError('UNAUTHORIZED');
      }
      const account = this.assertUsable(session.user);
      return { id: session.userId, deviceKey, sessionId: session.sessionId, account };
    }
    const owner = await findDeviceOwner(this.options.db, deviceKey);
    if (!owner) {
      const account = await this.createGuestForDevice(deviceKey);
      return { id: account.id, deviceKey, sessionId: null, account };
    }
    const account = this.assertUsable(owner.user);
    if (now.getTime() - Date.parse(owner.lastSeenAt) > LAST_SEEN_RESOLUTION_MS) {
      await touchDevice(this.options.db, deviceKey, owner.userId, now.toISOString());
    }
    return { id: owner.userId, deviceKey, sessionId: null, account };
  }

  async register(
    caller: AuthenticatedUser,
    input: { phone: string; password: string; nickname: string },
  ): Promise<AuthResult> {
    const phone = normalizePhone(input.phone);
    if (!phone) throw new AppError('REGISTRATION_FAILED', '手机号格式不正确');
    if (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
      throw new AppError('REGISTRATION_FAILED', '密码长度需为8到72个字符');
    }
    const nickname = checkNickname(input.nickname);
    if (!nickname) throw new AppError('REGISTRATION_FAILED', '昵称长度需为1到32个字符');
    const passwordHash = await hashPassword(input.password, this.options.passwordCostLog2);
    const now = this.options.clock.now().toISOString();
    const { db } = this.options;
    try {
      const userId = await db.transaction().execute(async (trx) => {
        if (await findUserByPhone(trx, phone)) throw new AppError('REGISTRATION_FAILED', '该手机号已注册');
        const current = await findUserById(trx, caller.id);
        if (current && current.is_guest === 1 && current.phone === null) {
          await updateUser(trx, current.id, {
            phone,
            password_hash: passwordHash,
            nickname,
            is_guest: 0,
            updated_at: now,
          });
          return current.id;
        }
        const id = randomUUID();
        await insertUser(trx, newUserRecord({ id, phone, passwordHash, nickname, isGuest: false, now }));
        await bindDevice(trx, caller.deviceKey, id, now);
        return id;
      });
      return await this.issueSession(userId, caller.deviceKey);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('REGISTRATION_FAILED', '该手机号已注册');
      throw error;
    }
  }

  async login(caller: AuthenticatedUser, input: { phone: string; password: string }): Promise<AuthResult> {
    const phone = normalizePhone(input.phone);
    if (!phone) throw new AppError('LOGIN_FAILED', '手机号格式不正确');
    if (input.password.length === 0 || input.password.length > PASSWORD_MAX_LENGTH) {
      throw new AppError('LOGIN_FAILED', '手机号或密码错误');
    }
    const existing = await findUserByPhone(this.options.db, phone);
    let user: UserRecord;
    if (this.options.loginMode === 'strict') {
      const passwordMatches =
        existing?.password_hash != null && (await verifyPassword(input.password, existing.password_hash));
      if (!existing || !passwordMatches) throw new AppError('LOGIN_FAILED', '手机号或密码错误');
      user = existing;
    } else {
      user = existing ?? (await this.createAccountForOpenLogin(caller, phone, input.password));
    }
    if (user.status !== 'active') throw new AppError('LOGIN_FAILED', '账号当前不可用');
    await bindDevice(this.options.db, caller.deviceKey, user.id, this.options.clock.now().toISOString());
    return this.issueSession(user.id, caller.deviceKey);
  }

  /** Always succeeds: revokes the presented token if any and unbinds the device, so its next call is a new guest. */
  async logout(deviceKey: string | undefined, bearerToken: string | null): Promise<void> {
    const now = this.options.clock.now().toISOString();
    if (bearerToken !== null)
      await revokeSessionByTokenHash(this.options.db, hashSessionToken(bearerToken), now);
    if (deviceKey !== undefined && DEVICE_KEY_PATTERN.test(deviceKey))
      await deleteDevice(this.options.db, deviceKey);
  }

  async getAccount(userId: string): Promise<Account> {
    const user = await findUserById(this.options.db, userId);
    if (!user) throw new AppError('ACCOUNT_NOT_LOADED');
    return toAccount(user);
  }

  async updateNickname(userId: string, rawNickname: string): Promise<Account> {
    const nickname = checkNickname(rawNickname);
    if (!nickname) throw new AppError('NICKNAME_UPDATE_FAILED', '昵称长度需为1到32个字符');
    const user = await findUserById(this.options.db, userId);
    if (!user) throw new AppError('ACCOUNT_NOT_LOADED');
    const now = this.options.clock.now().toISOString();
    await updateUser(this.options.db, userId, { nickname, updated_at: now });
    return toAccount({ ...user, nickname });
  }

  private assertUsable<Caller extends CallerAccount>(user: Caller | undefined): Caller {
    if (user === undefined) throw new AppError('ACCOUNT_NOT_LOADED');
    if (user.status !== 'active') throw new AppError('UNAUTHORIZED');
    return user;
  }

  private async createGuestForDevice(deviceKey: string): Promise<CallerAccount> {
    const id = randomUUID();
    const now = this.options.clock.now().toISOString();
    const guest = newUserRecord({
      id,
      phone: null,
      passwordHash: null,
      nickname: guestNickname(id),
      isGuest: true,
      now,
    });
    try {
      await this.options.db.transaction().execute(async (trx) => {
        await insertUser(trx, guest);
        if (!(await insertDeviceIfAbsent(trx, deviceKey, id, now))) throw new DeviceAlreadyBound();
      });
      return guest;
    } catch (error) {
      if (!(error instanceof DeviceAlreadyBound)) throw error;
      // A concurrent first request bound the device; use the account it made.
      const owner = await findDeviceOwner(this.options.db, deviceKey);
      if (!owner) throw new AppError('UNAUTHORIZED');
      return this.assertUsable(owner.user);
    }
  }

  /** Open mode: an unknown phone becomes an account; a phone-less guest device is upgraded so its data stays. */
  private async createAccountForOpenLogin(
    caller: AuthenticatedUser,
    phone: string,
    password: string,
  ): Promise<UserRecord> {
    const passwordHash = await hashPassword(password, this.options.passwordCostLog2);
    const now = this.options.clock.now().toISOString();
    const current = await findUserById(this.options.db, caller.id);
    try {
      if (current && current.is_guest === 1 && current.phone === null) {
        await updateUser(this.options.db, current.id, {
          phone,
          password_hash: passwordHash,
          is_guest: 0,
          updated_at: now,
        });
        return { ...current, phone, password_hash: passwordHash, is_guest: 0, updated_at: now };
      }
      const record = newUserRecord({
        id: randomUUID(),
        phone,
        passwordHash,
        nickname: `用户${phone.slice(-4)}`,
        isGuest: false,
        now,
      });
      await insertUser(this.options.db, record);
      return record;
    } catch (error) {
      // Another login created the same phone a moment earlier: use that account.
      const raced = isUniqueViolation(error) ? await findUserByPhone(this.options.db, phone) : undefined;
      if (raced) return raced;
      throw error;
    }
  }

  private async issueSession(userId: string, deviceKey: string): Promise<AuthResult> {
    const token = createSessionToken('usr');
    const now = this.options.clock.now();
    const expiresAt = new Date(now.getTime() + this.options.sessionTtlDays * DAY_MS).toISOString();
    await insertSession(this.options.db, {
      id: randomUUID(),
      userId,
      tokenHash: hashSessionToken(token),
      deviceKey,
      createdAt: now.toISOString(),
      expiresAt,
    });
    return { user: await this.getAccount(userId), token, expires_at: expiresAt };
  }
}

function checkNickname(raw: string): string | null {
  const nickname = raw.trim();
  // Count code points so a nickname of 32 Chinese characters or emoji is accepted.
  const length = [...nickname].length;
  if (length < 1 || length > NICKNAME_MAX_LENGTH || /\p{Cc}/u.test(nickname)) return null;
  return nickname;
}

function guestNickname(id: string): string {
  return `访客${id.slice(0, 6)}`;
}

function newUserRecord(input: {
  id: string;
  phone: string | null;
  passwordHash: string | null;
  nickname: string;
  isGuest: boolean;
  now: string;
}): UserRecord {
  return {
    id: input.id,
    phone: input.phone,
    password_hash: input.passwordHash,
    nickname: input.nickname,
    status: 'active',
    is_guest: input.isGuest ? 1 : 0,
    timezone: null,
    created_at: input.now,
    updated_at: input.now,
    last_seen_at: input.now,
  };
}
