import type { Static } from '@sinclair/typebox';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { findCatalogItem, listCatalogItems, updateCatalogItem } from './catalog.repository.ts';
import { toMembershipPlanView, type MembershipPlanView } from './commerce.mapper.ts';
import type { UpdatePlanBody } from './commerce.schemas.ts';

export interface PlansServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/**
 * Membership plans as the console edits them. Only catalog rows of kind `membership` are plans; ask packs and
 * deep access share the catalog table but are not reachable here (no contract endpoint edits them).
 */
export class PlansService {
  constructor(private readonly options: PlansServiceOptions) {}

  async listPlans(page: { limit: number; offset: number }): Promise<Page<MembershipPlanView>> {
    const plans = await listCatalogItems(this.options.db, 'membership', page);
    return { items: plans.items.map(toMembershipPlanView), total: plans.total };
  }

  async getPlan(code: string): Promise<MembershipPlanView> {
    const plan = await findCatalogItem(this.options.db, code);
    if (!plan || plan.kind !== 'membership') throw notFound('membership plan');
    return toMembershipPlanView(plan);
  }

  /** Changes a plan's title, length and price; orders already created keep what they were sold at. */
  async updatePlan(
    actor: AdminActor,
    code: string,
    body: Static<typeof UpdatePlanBody>,
  ): Promise<MembershipPlanView> {
    const now = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findCatalogItem(trx, code);
      if (!before || before.kind !== 'membership') throw notFound('membership plan');
      const title = body.title.trim();
      if (title === '') throw new AppError('VALIDATION_FAILED', 'body.title must not be blank');
      const changes = {
        title,
        duration_days: body.duration_days,
        amount_cents: body.amount_cents,
        active: body.active === undefined ? before.active : body.active ? 1 : 0,
        updated_at: now,
      };
      await updateCatalogItem(trx, code, changes);
      const after = { ...before, ...changes };
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'membership_plan.update',
        targetType: 'membership_plan',
        targetId: code,
        before: toMembershipPlanView(before),
        after: toMembershipPlanView(after),
        clientAddress: actor.clientAddress,
        at: now,
      });
      return toMembershipPlanView(after);
    });
  }
}
