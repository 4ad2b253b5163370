import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';

export interface AuditEntry {
  adminId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  clientAddress: string | null;
  at: string;
}

/** Writes one audit entry; call it with the transaction of the change it records, so both land or neither does. */
export async function recordAudit(db: DbExecutor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      id: randomUUID(),
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      client_address: entry.clientAddress,
      created_at: entry.at,
    })
    .execute();
}
