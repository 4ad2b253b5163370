/**
 * Storage conventions shared by every table: ids are UUID text, instants are ISO-8601 UTC text (sortable in both
 * SQLite and PostgreSQL), booleans are integers 0/1, structured values are JSON text.
 */
export interface UsersTable {
  id: string;
  phone: string | null;
  password_hash: string | null;
  nickname: string;
  status: 'active' | 'disabled' | 'banned' | 'suspended';
  is_guest: number;
  timezone: string | null;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
}

export interface DevicesTable {
  device_key: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface UserSessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  device_key: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface IdentityTables {
  users: UsersTable;
  devices: DevicesTable;
  user_sessions: UserSessionsTable;
}
