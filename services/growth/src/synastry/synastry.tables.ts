export interface SynastryInvitesTable {
  id: string;
  /** SHA-256 (hex) of the invite token; the token itself is never stored. */
  token_hash: string;
  host_user_id: string;
  host_profile_id: string;
  created_at: string;
  expires_at: string;
  /** Set once, by the conditional update that accepts the invite. */
  accepted_at: string | null;
  accepted_by_user_id: string | null;
  /** The `other` profile the acceptance created in the host's account. */
  guest_profile_id: string | null;
  /** The synastry report the acceptance created for the host. */
  report_id: string | null;
}

export interface SynastryTables {
  synastry_invites: SynastryInvitesTable;
}
