/**
 * What an account holds: its membership, per-day usage counters, ask-pack credits and per-report deep access.
 * Written by commerce (orders, redemption, admin grants); read and spent through `Entitlements`.
 */
export interface MembershipsTable {
  user_id: string;
  plan_code: string;
  started_at: string;
  /** Expiry decides the status at read; nothing flips it. */
  expires_at: string;
  updated_at: string;
}

/** Ledger of every membership extension, so an operator can answer "where did these days come from?". */
export interface MembershipGrantsTable {
  id: string;
  user_id: string;
  plan_code: string;
  source: 'order' | 'redemption' | 'admin';
  /** Order id, redemption code id or admin id. */
  source_id: string;
  duration_days: number;
  previous_expires_at: string | null;
  expires_at: string;
  created_at: string;
}

/** One counter per account, kind and calendar day; spends are conditional increments on it. */
export interface QuotaUsageTable {
  user_id: string;
  kind: 'ask' | 'image_card';
  day: string;
  used: number;
  updated_at: string;
}

export interface AskCreditBalancesTable {
  user_id: string;
  credits: number;
  updated_at: string;
}

export interface DeepAccessGrantsTable {
  user_id: string;
  report_id: string;
  order_id: string | null;
  created_at: string;
}

export interface EntitlementsTables {
  memberships: MembershipsTable;
  membership_grants: MembershipGrantsTable;
  quota_usage: QuotaUsageTable;
  ask_credit_balances: AskCreditBalancesTable;
  deep_access_grants: DeepAccessGrantsTable;
}
