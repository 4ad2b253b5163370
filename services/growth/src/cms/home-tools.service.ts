import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { ICON_RULE, LINK_RULE, isValidIcon, isValidLink } from './cms-links.ts';
import { toAdminHomeTool, toHomeTool } from './home-tools.mapper.ts';
import { deleteHomeToolsExcept, listHomeTools, upsertHomeTool } from './home-tools.repository.ts';
import type { AdminHomeTool, HomeTool, HomeToolInput, ReplaceHomeToolsBody } from './home-tools.schemas.ts';

const SORT_STEP = 10;

export interface HomeToolsServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class HomeToolsService {
  constructor(private readonly options: HomeToolsServiceOptions) {}

  /** The homepage grid: enabled tools in sort order. */
  async listEnabled(): Promise<HomeTool[]> {
    return (await listHomeTools(this.options.db, true)).map(toHomeTool);
  }

  /** Every tool, enabled or not; not paginated, because the console edits the grid as one list. */
  async listAll(): Promise<Page<AdminHomeTool>> {
    const tools = (await listHomeTools(this.options.db, false)).map(toAdminHomeTool);
    return { items: tools, total: tools.length };
  }

  /**
   * Replaces the whole grid with `items`, in one transaction: tools whose key is absent are removed, the others are
   * inserted or rewritten in place (a kept key keeps its id). Audited with the grid before and after.
   */
  async replaceAll(actor: AdminActor, body: ReplaceHomeToolsBody): Promise<Page<AdminHomeTool>> {
    checkHomeTools(body.items);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = (await listHomeTools(trx, false)).map(toHomeTool);
      await deleteHomeToolsExcept(
        trx,
        body.items.map((item) => item.key),
      );
      for (const [index, item] of body.items.entries()) {
        await upsertHomeTool(trx, {
          id: randomUUID(),
          key: item.key,
          label: item.label,
          icon: item.icon,
          link: item.link,
          sort: item.sort ?? (index + 1) * SORT_STEP,
          enabled: item.enabled === false ? 0 : 1,
          created_at: at,
          updated_at: at,
        });
      }
      const after = await listHomeTools(trx, false);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'home_tools.replace',
        targetType: 'home_tools',
        targetId: null,
        before,
        after: after.map(toHomeTool),
        clientAddress: actor.clientAddress,
        at,
      });
      return { items: after.map(toAdminHomeTool), total: after.length };
    });
  }
}

/** The checks a schema cannot express: unique keys, link and icon formats. Each failure names the item's field. */
function checkHomeTools(items: readonly HomeToolInput[]): void {
  const firstIndexOfKey = new Map<string, number>();
  items.forEach((item, index) => {
    const field = `body.items[${index}]`;
    const earlier = firstIndexOfKey.get(item.key);
    if (earlier !== undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${field}.key duplicates body.items[${earlier}].key (${item.key})`,
      );
    }
    firstIndexOfKey.set(item.key, index);
    if (!isValidLink(item.link)) throw new AppError('VALIDATION_FAILED', `${field}.link ${LINK_RULE}`);
    if (!isValidIcon(item.icon)) throw new AppError('VALIDATION_FAILED', `${field}.icon ${ICON_RULE}`);
    if (item.label.trim().length === 0)
      throw new AppError('VALIDATION_FAILED', `${field}.label must not be blank`);
  });
}
