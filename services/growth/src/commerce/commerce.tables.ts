/**
 * The price catalog, orders and redemption codes. Membership plans, ask packs and deep access share one catalog
 * table told apart by `kind`, so an order's amount always comes from one lookup by code.
 */
export type CatalogKind = 'membership' | 'ask_pack' | 'deep_access';

export interface CommerceCatalogTable {
  code: string;
  kind: CatalogKind;
  title: string;
  /** Membership plans only. */
  duration_days: number | null;
  /** Ask packs only. */
  credits: number | null;
  amount_cents: number;
  active: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export type OrderKind = 'membership' | 'deep_access' | 'ask_pack';
export type StoredOrderStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

export interface OrdersTable {
  id: string;
  user_id: string;
  kind: OrderKind;
  plan: string;
  report_id: string | null;
  amount_cents: number;
  /** Benefit fixed at creation (migration 0041): membership days, or ask-pack credits. */
  duration_days: number | null;
  credits: number | null;
  /** `pending` past `expires_at` is expired whatever this column says; pay and cancel write it down when they see it. */
  status: StoredOrderStatus;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  expires_at: string;
}

export interface RedemptionBatchesTable {
  id: string;
  label: string;
  plan_code: string;
  quantity: number;
  created_by: string | null;
  created_at: string;
}

export type RedemptionCodeStatus = 'unused' | 'used' | 'disabled';

export interface RedemptionCodesTable {
  id: string;
  batch_id: string;
  /** Normalised: 16 characters, upper case, no dashes. */
  code: string;
  status: RedemptionCodeStatus;
  used_by: string | null;
  used_at: string | null;
  disabled_at: string | null;
  created_at: string;
}

export interface CommerceTables {
  commerce_catalog: CommerceCatalogTable;
  orders: OrdersTable;
  redemption_batches: RedemptionBatchesTable;
  redemption_codes: RedemptionCodesTable;
}
