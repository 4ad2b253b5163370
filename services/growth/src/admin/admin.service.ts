import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { hashPassword, verifyPassword } from '../security/password-hashing.ts';
import { createSessionToken, hashSessionToken } from '../security/session-tokens.ts';
import type { AdminPrincipal } from './admin-access.ts';
import {
  countAdmins,
  findAdminById,
  findAdminByUsername,
  findRoleByCode,
  findRoleById,
  findSessionPrincipal,
  listAdmins,
  listRolePermissions,
  listRoles,
  replaceRolePermissions,
  type AdminRecord,
  type RoleRecord,
} from './admin.repository.ts';
import { BUILTIN_ROLES, SUPER_ADMIN_ROLE } from './builtin-roles.ts';
import { ALL_PERMISSIONS, isPermissionCode } from './permissions.ts';

const HOUR_MS = 60 * 60 * 1000;
const GENERATED_PASSWORD_BYTES = 18;
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export interface AdminMe {
  id: string;
  username: string;
  role: string;
  permissions: string[];
}

export interface RoleView {
  id: string;
  code: string;
  name: string;
  permissions: string[];
}

export interface AdminAccountView {
  id: string;
  username: string;
  role_id: string;
  role: string;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

/** Who did it and from where: every admin write passes this to the audit log. */
export interface AdminActor {
  adminId: string;
  clientAddress: string | null;
}

export interface AdminServiceOptions {
  db: GrowthDb;
  clock: Clock;
  sessionTtlHours: number;
  /** log2 of scrypt's N for new password hashes. */
  passwordCostLog2: number;
}

export class AdminService {
  constructor(private readonly options: AdminServiceOptions) {}

  /** Seeds missing built-in roles, and the first admin when there is none. Safe to run on every start. */
  async bootstrap(
    bootstrapAdmin: { username: string; password: string | undefined },
    log: FastifyBaseLogger,
  ): Promise<void> {
    const { db } = this.options;
    const now = this.options.clock.now().toISOString();
    for (const role of BUILTIN_ROLES) {
      await db.transaction().execute(async (trx) => {
        if (await findRoleByCode(trx, role.code)) return;
        const id = randomUUID();
        await trx
          .insertInto('admin_roles')
          .values({ id, code: role.code, name: role.name, builtin: 1, created_at: now, updated_at: now })
          .onConflict((conflict) => conflict.column('code').doNothing())
          .execute();
        if (role.code !== SUPER_ADMIN_ROLE) await replaceRolePermissions(trx, id, [...role.permissions]);
      });
    }
    if ((await countAdmins(db)) > 0) return;
    const superAdmin = await findRoleByCode(db, SUPER_ADMIN_ROLE);
    if (!superAdmin) throw new Error('super_admin role missing after seeding');
    const password = bootstrapAdmin.password ?? randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
    try {
      await db
        .insertInto('admins')
        .values({
          id: randomUUID(),
          username: bootstrapAdmin.username,
          password_hash: await hashPassword(password, this.options.passwordCostLog2),
          role_id: superAdmin.id,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return; // another instance bootstrapped at the same moment
      throw error;
    }
    if (bootstrapAdmin.password === undefined) {
      // Printed once, on the start that created the account; never stored in clear.
      log.warn(
        { admin_username: bootstrapAdmin.username, admin_password: password },
        'bootstrap admin created with a generated password (set GROWTH_ADMIN_PASSWORD to choose it)',
      );
    } else {
      log.info({ admin_username: bootstrapAdmin.username }, 'bootstrap admin created');
    }
  }

  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; expires_at: string; admin: AdminMe }> {
    const admin = await findAdminByUsername(this.options.db, username);
    const valid = admin !== undefined && (await verifyPassword(password, admin.password_hash));
    if (!admin || !valid || admin.disabled === 1) {
      throw new AppError('ADMIN_UNAUTHORIZED', 'invalid username or password');
    }
    const token = createSessionToken('adm');
    const now = this.options.clock.now();
    const expiresAt = new Date(now.getTime() + this.options.sessionTtlHours * HOUR_MS).toISOString();
    await this.options.db
      .insertInto('admin_sessions')
      .values({
        id: randomUUID(),
        admin_id: admin.id,
        token_hash: hashSessionToken(token),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    const principal = await this.resolveSession(token);
    return { token, expires_at: expiresAt, admin: toAdminMe(principal) };
  }

  /** Validates an admin bearer token; user tokens live in another table, so they never resolve here. */
  async resolveSession(token: string | null): Promise<AdminPrincipal> {
    if (token === null) throw new AppError('ADMIN_UNAUTHORIZED');
    const row = await findSessionPrincipal(this.options.db, hashSessionToken(token));
    const now = this.options.clock.now().toISOString();
    if (!row || row.revoked_at !== null || row.expires_at <= now || row.disabled === 1) {
      throw new AppError('ADMIN_UNAUTHORIZED');
    }
    return {
      id: row.admin_id,
      username: row.username,
      roleId: row.role_id,
      roleCode: row.role_code,
      permissions: new Set(await this.permissionsOf(row.role_id, row.role_code)),
      sessionId: row.session_id,
    };
  }

  async logout(principal: AdminPrincipal): Promise<void> {
    await this.options.db
      .updateTable('admin_sessions')
      .set({ revoked_at: this.options.clock.now().toISOString() })
      .where('id', '=', principal.sessionId)
      .execute();
  }

  async listRoles(): Promise<RoleView[]> {
    const roles = await listRoles(this.options.db);
    return Promise.all(roles.map((role) => this.toRoleView(role)));
  }

  async getRole(id: string): Promise<RoleView> {
    const role = await findRoleById(this.options.db, id);
    if (!role) throw notFound('role');
    return this.toRoleView(role);
  }

  async replaceRolePermissions(actor: AdminActor, roleId: string, permissions: string[]): Promise<RoleView> {
    permissions.forEach((code, index) => {
      if (!isPermissionCode(code)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `body.permissions[${index}] is not a known permission code: ${code}`,
        );
      }
    });
    const unique = [...new Set(permissions)].sort();
    return this.options.db.transaction().execute(async (trx) => {
      const role = await findRoleById(trx, roleId);
      if (!role) throw notFound('role');
      if (role.code === SUPER_ADMIN_ROLE) {
        throw new AppError('BAD_REQUEST', 'super_admin always holds every permission');
      }
      const before = await listRolePermissions(trx, roleId);
      await replaceRolePermissions(trx, roleId, unique);
      const at = this.options.clock.now().toISOString();
      await trx.updateTable('admin_roles').set({ updated_at: at }).where('id', '=', roleId).execute();
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'role.permissions.replace',
        targetType: 'admin_role',
        targetId: roleId,
        before: { permissions: before },
        after: { permissions: unique },
        clientAddress: actor.clientAddress,
        at,
      });
      return { id: role.id, code: role.code, name: role.name, permissions: unique };
    });
  }

  async listAdmins(limit: number, offset: number): Promise<{ items: AdminAccountView[]; total: number }> {
    const { items, total } = await listAdmins(this.options.db, limit, offset);
    return {
      items: items.map((row) => ({
        id: row.id,
        username: row.username,
        role_id: row.role_id,
        role: row.role_code,
        disabled: row.disabled === 1,
        created_at: row.created_at,
        updated_at: row.updated_at,
      })),
      total,
    };
  }

  async createAdmin(
    actor: AdminActor,
    input: { username: string; password: string; role_id: string },
  ): Promise<AdminAccountView> {
    const passwordHash = await hashPassword(input.password, this.options.passwordCostLog2);
    const at = this.options.clock.now().toISOString();
    try {
      return await this.options.db.transaction().execute(async (trx) => {
        const role = await findRoleById(trx, input.role_id);
        if (!role) throw new AppError('VALIDATION_FAILED', 'body.role_id does not name a role');
        if (await findAdminByUsername(trx, input.username))
          throw new AppError('CONFLICT', 'username already taken');
        const record: AdminRecord = {
          id: randomUUID(),
          username: input.username,
          password_hash: passwordHash,
          role_id: role.id,
          disabled: 0,
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto('admins').values(record).execute();
        const view = toAdminAccountView(record, role);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'admin.create',
          targetType: 'admin',
          targetId: record.id,
          after: view,
          clientAddress: actor.clientAddress,
          at,
        });
        return view;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'username already taken');
      throw error;
    }
  }

  async updateAdmin(
    actor: AdminActor,
    id: string,
    changes: { role_id?: string; disabled?: boolean; password?: string },
  ): Promise<AdminAccountView> {
    const passwordHash =
      changes.password === undefined
        ? undefined
        : await hashPassword(changes.password, this.options.passwordCostLog2);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const admin = await findAdminById(trx, id);
      if (!admin) throw notFound('admin');
      if (id === actor.adminId && (changes.disabled === true || changes.role_id !== undefined)) {
        throw new AppError('BAD_REQUEST', 'an admin cannot disable or change the role of their own account');
      }
      const role = await findRoleById(trx, changes.role_id ?? admin.role_id);
      if (!role) throw new AppError('VALIDATION_FAILED', 'body.role_id does not name a role');
      const updated: AdminRecord = {
        ...admin,
        role_id: role.id,
        disabled: changes.disabled === undefined ? admin.disabled : changes.disabled ? 1 : 0,
        password_hash: passwordHash ?? admin.password_hash,
        updated_at: at,
      };
      await trx
        .updateTable('admins')
        .set({
          role_id: updated.role_id,
          disabled: updated.disabled,
          password_hash: updated.password_hash,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      if (updated.disabled === 1 || passwordHash !== undefined) {
        // A disabled account or a changed password ends every open session of that admin.
        await trx
          .updateTable('admin_sessions')
          .set({ revoked_at: at })
          .where('admin_id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
      }
      const previousRole = await findRoleById(trx, admin.role_id);
      const view = toAdminAccountView(updated, role);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'admin.update',
        targetType: 'admin',
        targetId: id,
        before: previousRole ? toAdminAccountView(admin, previousRole) : undefined,
        after: { ...view, password_changed: passwordHash !== undefined },
        clientAddress: actor.clientAddress,
        at,
      });
      return view;
    });
  }

  private async permissionsOf(roleId: string, roleCode: string): Promise<string[]> {
    if (roleCode === SUPER_ADMIN_ROLE) return [...ALL_PERMISSIONS];
    return listRolePermissions(this.options.db, roleId);
  }

  private async toRoleView(role: RoleRecord): Promise<RoleView> {
    return {
      id: role.id,
      code: role.code,
      name: role.name,
      permissions: await this.permissionsOf(role.id, role.code),
    };
  }
}

export function toAdminMe(principal: AdminPrincipal): AdminMe {
  return {
    id: principal.id,
    username: principal.username,
    role: principal.roleCode,
    permissions: [...principal.permissions].sort(),
  };
}

function toAdminAccountView(admin: AdminRecord, role: RoleRecord): AdminAccountView {
  return {
    id: admin.id,
    username: admin.username,
    role_id: role.id,
    role: role.code,
    disabled: admin.disabled === 1,
    created_at: admin.created_at,
    updated_at: admin.updated_at,
  };
}
