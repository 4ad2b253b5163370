import type { UsersTable } from '../identity/identity.tables.ts';

export type UserStatus = UsersTable['status'];

/** One row per accepted status change; never updated or deleted, so it is the account's status history. */
export interface UserStatusTransitionsTable {
  id: string;
  user_id: string;
  from_status: UserStatus;
  to_status: UserStatus;
  reason: string;
  admin_id: string;
  created_at: string;
}

export interface UsersTables {
  user_status_transitions: UserStatusTransitionsTable;
}
