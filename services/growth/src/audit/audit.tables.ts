export interface AuditLogsTable {
  id: string;
  admin_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  client_address: string | null;
  created_at: string;
}

export interface AuditTables {
  audit_logs: AuditLogsTable;
}
