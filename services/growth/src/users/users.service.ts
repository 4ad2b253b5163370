import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { readUserInsight } from './user-insight.repository.ts';
import { parseUserSearch } from './user-search.ts';
import { isValidStatusTransition, validTargetsOf } from './user-status.ts';
import { toUserDetail, toUserInsight, toUserListItem, toUserStatusTransition } from './users.mapper.ts';
import {
  countOpenSessions,
  countUserDevices,
  findUser,
  insertStatusTransition,
  listStatusTransitions,
  listUsers,
  revokeOpenSessions,
  updateUserStatusIfCurrent,
} from './users.repository.ts';
import type { UserDetail, UserInsight, UserListItem, UserStatusTransition } from './users.schemas.ts';
import type { UserStatus } from './users.tables.ts';

export interface UserAdminServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export interface StatusChangeResult {
  user: UserListItem;
  transition: UserStatusTransition;
  revoked_sessions: number;
}

/** The console's view of app accounts: search, detail, status changes and a read-only activity insight. */
export class UserAdminService {
  constructor(private readonly options: UserAdminServiceOptions) {}

  async listUsers(query: {
    q?: string;
    status?: UserStatus;
    limit: number;
    offset: number;
  }): Promise<Page<UserListItem>> {
    const text = query.q?.trim() ?? '';
    const { items, total } = await listUsers(
      this.options.db,
      { search: text === '' ? null : parseUserSearch(text), status: query.status },
      query.limit,
      query.offset,
    );
    return { items: items.map(toUserListItem), total };
  }

  async getUser(id: string): Promise<UserDetail> {
    const { db } = this.options;
    const user = await findUser(db, id);
    if (!user) throw notFound('user');
    const [devices, openSessions] = await Promise.all([
      countUserDevices(db, id),
      countOpenSessions(db, id, this.options.clock.now().toISOString()),
    ]);
    return toUserDetail(user, { devices, openSessions });
  }

  /**
   * Moves an account along one valid edge, with its transition record and audit entry in the same transaction.
   * Leaving `active` also revokes every open session token; device keys need no revocation because the identity
   * resolver reads the account status on every request, so the account is refused everywhere at once.
   */
  async changeStatus(
    actor: AdminActor,
    userId: string,
    input: { status: UserStatus; reason: string },
  ): Promise<StatusChangeResult> {
    const reason = input.reason.trim();
    if (reason === '') throw new AppError('VALIDATION_FAILED', 'body.reason is required');
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const user = await findUser(trx, userId);
      if (!user) throw notFound('user');
      const from = user.status;
      const to = input.status;
      if (!isValidStatusTransition(from, to)) {
        const allowed = validTargetsOf(from).join(', ');
        throw new AppError('BAD_REQUEST', `cannot change status from ${from} to ${to}; allowed: ${allowed}`);
      }
      const moved = await updateUserStatusIfCurrent(trx, { userId, from, to, at });
      if (!moved) throw new AppError('CONFLICT', 'the user status changed meanwhile; reload and retry');
      const transition = {
        id: randomUUID(),
        user_id: userId,
        from_status: from,
        to_status: to,
        reason,
        admin_id: actor.adminId,
        created_at: at,
      };
      await insertStatusTransition(trx, transition);
      const revoked = to === 'active' ? 0 : await revokeOpenSessions(trx, userId, at);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'user.status.change',
        targetType: 'user',
        targetId: userId,
        before: { status: from },
        after: { status: to, reason, transition_id: transition.id, revoked_sessions: revoked },
        clientAddress: actor.clientAddress,
        at,
      });
      return {
        user: toUserListItem({ ...user, status: to, updated_at: at }),
        transition: toUserStatusTransition({ ...transition, admin_username: null }),
        revoked_sessions: revoked,
      };
    });
  }

  async listStatusTransitions(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<Page<UserStatusTransition>> {
    const { db } = this.options;
    if (!(await findUser(db, userId))) throw notFound('user');
    const { items, total } = await listStatusTransitions(db, userId, limit, offset);
    return { items: items.map(toUserStatusTransition), total };
  }

  async getInsight(userId: string): Promise<UserInsight> {
    const { db } = this.options;
    const user = await findUser(db, userId);
    if (!user) throw notFound('user');
    return toUserInsight(user, await readUserInsight(db, userId, this.options.clock.now().toISOString()));
  }
}
