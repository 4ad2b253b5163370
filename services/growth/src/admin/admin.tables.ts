export interface AdminRolesTable {
  id: string;
  code: string;
  name: string;
  builtin: number;
  created_at: string;
  updated_at: string;
}

export interface AdminRolePermissionsTable {
  role_id: string;
  permission: string;
}

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  role_id: string;
  disabled: number;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  id: string;
  admin_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface AdminTables {
  admin_roles: AdminRolesTable;
  admin_role_permissions: AdminRolePermissionsTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
}
