import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { findCatalogItem } from './catalog.repository.ts';
import {
  toRedemptionBatchView,
  toRedemptionCodeView,
  type RedemptionBatchView,
  type RedemptionCodeView,
} from './commerce.mapper.ts';
import type { CreateBatchBody } from './commerce.schemas.ts';
import { generateRedemptionCode } from './redemption-code.ts';
import {
  findBatch,
  findCodeById,
  insertBatch,
  insertCodesSkippingTaken,
  listBatches,
  listCodesOfBatch,
  markCodeDisabled,
  type RedemptionCodeRecord,
} from './redemption.repository.ts';

/** With 80-bit codes a collision is astronomically rare; the bound only stops a broken generator from looping. */
const MAX_CODE_DRAWS = 5;

export interface RedemptionServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** Batches of redemption codes for the console. Users redeem through `MembershipService.redeem`. */
export class RedemptionService {
  constructor(private readonly options: RedemptionServiceOptions) {}

  async createBatch(
    actor: AdminActor,
    body: Static<typeof CreateBatchBody>,
  ): Promise<RedemptionBatchView & { codes: RedemptionCodeView[] }> {
    const now = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const plan = await findCatalogItem(trx, body.plan_code);
      if (!plan || plan.kind !== 'membership') {
        throw new AppError('VALIDATION_FAILED', `body.plan_code ${body.plan_code} is not a membership plan`);
      }
      const label = body.label.trim();
      if (label === '') throw new AppError('VALIDATION_FAILED', 'body.label must not be blank');
      const batch = {
        id: randomUUID(),
        label,
        plan_code: plan.code,
        quantity: body.quantity,
        created_by: actor.adminId,
        created_at: now,
      };
      await insertBatch(trx, batch);
      const draw = (): RedemptionCodeRecord => ({
        id: randomUUID(),
        batch_id: batch.id,
        code: generateRedemptionCode(),
        status: 'unused',
        used_by: null,
        used_at: null,
        disabled_at: null,
        created_at: now,
      });
      const codes = Array.from({ length: body.quantity }, draw);
      let pending = codes;
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        if (attempt > MAX_CODE_DRAWS) throw new Error('could not draw unique redemption codes');
        const taken = new Set((await insertCodesSkippingTaken(trx, pending)).map((code) => code.id));
        pending = [];
        for (const [index, code] of codes.entries()) {
          if (!taken.has(code.id)) continue;
          const redrawn = draw();
          codes[index] = redrawn;
          pending.push(redrawn);
        }
      }
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'redemption_batch.create',
        targetType: 'redemption_batch',
        targetId: batch.id,
        after: { label: batch.label, plan_code: batch.plan_code, quantity: batch.quantity },
        clientAddress: actor.clientAddress,
        at: now,
      });
      return {
        ...toRedemptionBatchView({ ...batch, usedCount: 0 }),
        codes: codes.map(toRedemptionCodeView),
      };
    });
  }

  async listBatches(page: { limit: number; offset: number }): Promise<Page<RedemptionBatchView>> {
    const batches = await listBatches(this.options.db, page);
    return { items: batches.items.map(toRedemptionBatchView), total: batches.total };
  }

  async listCodes(
    batchId: string,
    page: { limit: number; offset: number },
  ): Promise<Page<RedemptionCodeView>> {
    if (!(await findBatch(this.options.db, batchId))) throw notFound('redemption batch');
    const codes = await listCodesOfBatch(this.options.db, batchId, page);
    return { items: codes.items.map(toRedemptionCodeView), total: codes.total };
  }

  /** Only an unused code can be disabled; a used or already disabled one is an invalid edge (400). */
  async disableCode(actor: AdminActor, codeId: string): Promise<RedemptionCodeView> {
    const now = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const code = await findCodeById(trx, codeId);
      if (!code) throw notFound('redemption code');
      if (!(await markCodeDisabled(trx, codeId, now))) {
        throw new AppError(
          'BAD_REQUEST',
          `redemption code is ${code.status === 'unused' ? 'changing' : code.status}`,
        );
      }
      const disabled = { ...code, status: 'disabled' as const, disabled_at: now };
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'redemption_code.disable',
        targetType: 'redemption_code',
        targetId: codeId,
        before: { status: code.status },
        after: { status: 'disabled' },
        clientAddress: actor.clientAddress,
        at: now,
      });
      return toRedemptionCodeView(disabled);
    });
  }
}
