import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { DbExecutor } from '../db/database.ts';

export interface CmsWrite {
  targetType: string;
  action: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  at: string;
}

/** Audits one console write; call it inside the write's transaction. */
export async function auditCmsWrite(db: DbExecutor, actor: AdminActor, write: CmsWrite): Promise<void> {
  await recordAudit(db, {
    adminId: actor.adminId,
    action: write.action,
    targetType: write.targetType,
    targetId: write.targetId,
    before: write.before,
    after: write.after,
    clientAddress: actor.clientAddress,
    at: write.at,
  });
}
