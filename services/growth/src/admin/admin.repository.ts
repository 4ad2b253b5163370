import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { AdminRolesTable, AdminsTable } from './admin.tables.ts';

export type AdminRecord = Selectable<AdminsTable>;
export type RoleRecord = Selectable<AdminRolesTable>;

export async function findAdminByUsername(
  db: DbExecutor,
  username: string,
): Promise<AdminRecord | undefined> {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findAdminById(db: DbExecutor, id: string): Promise<AdminRecord | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countAdmins(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAdmins(db: DbExecutor, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('admins')
      .innerJoin('admin_roles', 'admin_roles.id', 'admins.role_id')
      .select([
        'admins.id',
        'admins.username',
        'admins.role_id',
        'admin_roles.code as role_code',
        'admins.disabled',
        'admins.created_at',
        'admins.updated_at',
      ])
      .orderBy('admins.created_at')
      .orderBy('admins.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countAdmins(db),
  ]);
  return { items, total };
}

export async function findSessionPrincipal(db: DbExecutor, tokenHash: string) {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .innerJoin('admin_roles', 'admin_roles.id', 'admins.role_id')
    .select([
      'admin_sessions.id as session_id',
      'admin_sessions.expires_at',
      'admin_sessions.revoked_at',
      'admins.id as admin_id',
      'admins.username',
      'admins.disabled',
      'admin_roles.id as role_id',
      'admin_roles.code as role_code',
    ])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function listRoles(db: DbExecutor): Promise<RoleRecord[]> {
  return db.selectFrom('admin_roles').selectAll().orderBy('created_at').orderBy('code').execute();
}

export async function findRoleById(db: DbExecutor, id: string): Promise<RoleRecord | undefined> {
  return db.selectFrom('admin_roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRoleByCode(db: DbExecutor, code: string): Promise<RoleRecord | undefined> {
  return db.selectFrom('admin_roles').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function listRolePermissions(db: DbExecutor, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('admin_role_permissions')
    .select('permission')
    .where('role_id', '=', roleId)
    .orderBy('permission')
    .execute();
  return rows.map((row) => row.permission);
}

export async function replaceRolePermissions(
  db: DbExecutor,
  roleId: string,
  permissions: string[],
): Promise<void> {
  await db.deleteFrom('admin_role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) {
    await db
      .insertInto('admin_role_permissions')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
  }
}
