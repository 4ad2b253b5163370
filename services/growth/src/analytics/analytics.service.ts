import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb, GrowthTransaction } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import {
  countDailySessions,
  countDailyUsers,
  countFunnelSteps,
  countPageVisitors,
  readClickRanking,
  readPageStats,
} from './analytics-aggregates.repository.ts';
import { toFunnelView } from './analytics.mapper.ts';
import {
  findSessionNeighbourhoods,
  insertEvents,
  lockSessionsForLinking,
  recordSessionDays,
  updatePageVisits,
  type PageVisitChange,
  type SqlDialect,
  type StoredPageEvent,
} from './analytics.repository.ts';
import type { AnalyticsSessionDaysTable, FunnelWithin } from './analytics.tables.ts';
import type { FunnelResult, FunnelView, PageItem } from './analytics.schemas.ts';
import { readDayRange } from './day-range.ts';
import { buildEventRows, type EventRow, type IncomingEvent } from './event-batch.ts';
import { newEventId } from './event-ids.ts';
import {
  DEFAULT_FUNNEL_KEY,
  checkFunnelSteps,
  computeStepConversions,
  parseFunnelSteps,
  roundRatio,
} from './funnel-definition.ts';
import {
  findFunnelByKey,
  insertFunnel,
  listFunnels,
  updateFunnel,
  type FunnelRecord,
} from './funnels.repository.ts';
import { linkPageVisits, type PageEvent } from './page-visits.engine.ts';

export interface AnalyticsServiceOptions {
  db: GrowthDb;
  clock: Clock;
  dialect: SqlDialect;
}

interface LinkCandidate {
  event: PageEvent;
  /** The stored row, or the new row of the batch. */
  stored: StoredPageEvent | null;
  row: EventRow | null;
}

/** Behaviour analytics: batch ingestion with page-visit linking, the console's aggregates, and funnel definitions. */
export class AnalyticsService {
  constructor(private readonly options: AnalyticsServiceOptions) {}

  /**
   * Stores a batch in one transaction: the new events in one multi-row insert, plus the few stored page views whose
   * dwell or exit flag the new events change. Linking at ingestion keeps every aggregate a plain GROUP BY.
   */
  async ingest(
    caller: { userId: string; deviceKey: string },
    items: readonly IncomingEvent[],
  ): Promise<{ accepted: number }> {
    const rows = buildEventRows(items, {
      userId: caller.userId,
      deviceKey: caller.deviceKey,
      receivedAt: this.options.clock.now(),
      newId: newEventId,
    });
    const pageRows = rows.filter((row) => row.name === 'page_view' || row.name === 'page_leave');
    await this.options.db.transaction().execute(async (trx) => {
      const changedVisits = await this.linkPageRows(trx, pageRows);
      await insertEvents(trx, this.options.dialect, rows);
      await recordSessionDays(trx, distinctSessionDays(rows));
      await updatePageVisits(trx, changedVisits);
    });
    return { accepted: rows.length };
  }

  /**
   * Fills the links (dwell, exit) of the batch's page events and returns the stored views whose links change: per
   * session, the stored neighbourhood and the new events are merged in session order and linked again.
   */
  private async linkPageRows(trx: GrowthTransaction, pageRows: EventRow[]): Promise<PageVisitChange[]> {
    if (pageRows.length === 0) return [];
    const sessionIds = [...new Set(pageRows.map((row) => row.session_id))].sort();
    if (this.options.dialect === 'postgres') await lockSessionsForLinking(trx, sessionIds);
    const stored = await findSessionNeighbourhoods(
      trx,
      sessionIds,
      Math.min(...pageRows.map((row) => row.occurred_ms)),
    );
    const candidatesBySession = new Map<string, LinkCandidate[]>(sessionIds.map((id) => [id, []]));
    // Stored events first, in session order; then the new ones in batch order. The stable sort below keeps stored
    // events ahead of new ones at equal times (they arrived earlier).
    for (const event of stored) {
      candidatesBySession.get(event.session_id)?.push({
        event: {
          name: event.name,
          pagePath: event.page_path,
          occurredMs: event.occurred_ms,
          dwellMs: event.name === 'page_leave' ? event.dwell_ms : null,
        },
        stored: event,
        row: null,
      });
    }
    for (const row of pageRows) {
      candidatesBySession.get(row.session_id)!.push({
        event: {
          name: row.name === 'page_leave' ? 'page_leave' : 'page_view',
          pagePath: row.page_path,
          occurredMs: row.occurred_ms,
          dwellMs: row.dwell_ms,
        },
        stored: null,
        row,
      });
    }
    const changed: PageVisitChange[] = [];
    for (const candidates of candidatesBySession.values()) {
      candidates.sort((a, b) => a.event.occurredMs - b.event.occurredMs);
      const visits = linkPageVisits(candidates.map((candidate) => candidate.event));
      candidates.forEach((candidate, index) => {
        const visit = visits[index];
        if (!visit) return;
        const isExit = visit.isExit ? 1 : 0;
        if (candidate.row) {
          candidate.row.dwell_ms = visit.dwellMs;
          candidate.row.is_exit = isExit;
        } else if (candidate.stored) {
          if (candidate.stored.dwell_ms !== visit.dwellMs || candidate.stored.is_exit !== isExit) {
            changed.push({ id: candidate.stored.id, ...visit });
          }
        }
      });
    }
    return changed;
  }

  /** One entry per day of the range, zeros included. */
  async overview(
    from: string,
    to: string,
  ): Promise<{ items: { day: string; dau: number; sessions: number }[] }> {
    const range = readDayRange(from, to);
    const [users, sessions] = await Promise.all([
      countDailyUsers(this.options.db, range),
      countDailySessions(this.options.db, range),
    ]);
    const usersByDay = new Map(users.map((row) => [row.day, row.n]));
    const sessionsByDay = new Map(sessions.map((row) => [row.day, row.n]));
    return {
      items: range.days.map((day) => ({
        day,
        dau: usersByDay.get(day) ?? 0,
        sessions: sessionsByDay.get(day) ?? 0,
      })),
    };
  }

  /** Pages by views: UV counts distinct users over the whole range; exits are views that ended their session. */
  async pages(from: string, to: string, limit: number): Promise<{ items: PageItem[] }> {
    const range = readDayRange(from, to);
    const inOnePass = this.options.dialect === 'sqlite';
    const stats = await readPageStats(this.options.db, range, {
      limit,
      rankBy: 'pv',
      withVisitors: inOnePass,
    });
    const visitors = inOnePass
      ? new Map(stats.map((row) => [row.page_path, row.uv ?? 0]))
      : await countPageVisitors(
          this.options.db,
          range,
          stats.map((row) => row.page_path),
        );
    return {
      items: stats.map((row) => ({
        page_path: row.page_path,
        pv: row.pv,
        uv: visitors.get(row.page_path) ?? 0,
        avg_dwell_ms: row.avg_dwell_ms === null ? null : Math.round(row.avg_dwell_ms),
        exits: row.exits,
        exit_rate: roundRatio(row.exits / row.pv),
      })),
    };
  }

  async exits(from: string, to: string, limit: number) {
    const range = readDayRange(from, to);
    const stats = await readPageStats(this.options.db, range, {
      limit,
      rankBy: 'exits',
      withVisitors: false,
    });
    return {
      items: stats.map((row) => ({
        page_path: row.page_path,
        exits: row.exits,
        exit_rate: roundRatio(row.exits / row.pv),
      })),
    };
  }

  async clicks(from: string, to: string, limit: number) {
    const range = readDayRange(from, to);
    return { items: await readClickRanking(this.options.db, range, limit) };
  }

  async funnel(from: string, to: string, key: string = DEFAULT_FUNNEL_KEY): Promise<FunnelResult> {
    const range = readDayRange(from, to);
    const record = await findFunnelByKey(this.options.db, key);
    if (!record) throw notFound('funnel');
    const steps = parseFunnelSteps(record.steps_json);
    const counts = await countFunnelSteps(
      this.options.db,
      range,
      { steps, within: record.within },
      { perGroupLookups: this.options.dialect === 'sqlite' },
    );
    const conversions = computeStepConversions(counts);
    return {
      funnel: record.key,
      name: record.name,
      within: record.within,
      steps: steps.map((name, index) => ({
        name,
        count: counts[index] ?? 0,
        conversion: conversions[index] ?? 0,
      })),
    };
  }

  async listFunnels(limit: number, offset: number): Promise<Page<FunnelView>> {
    const { items, total } = await listFunnels(this.options.db, limit, offset);
    return { items: items.map(toFunnelView), total };
  }

  async createFunnel(
    actor: AdminActor,
    input: { key: string; name: string; steps: string[]; within?: FunnelWithin | undefined },
  ): Promise<FunnelView> {
    const within = input.within ?? 'day';
    checkFunnelSteps(input.steps, within);
    const at = this.options.clock.now().toISOString();
    const record: FunnelRecord = {
      id: randomUUID(),
      key: input.key,
      name: input.name.trim(),
      steps_json: JSON.stringify(input.steps),
      within,
      created_at: at,
      updated_at: at,
    };
    try {
      return await this.options.db.transaction().execute(async (trx) => {
        if (await findFunnelByKey(trx, input.key)) throw funnelKeyTaken(input.key);
        await insertFunnel(trx, record);
        const view = toFunnelView(record);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'analytics.funnel.create',
          targetType: 'analytics_funnel',
          targetId: record.id,
          after: view,
          clientAddress: actor.clientAddress,
          at,
        });
        return view;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw funnelKeyTaken(input.key);
      throw error;
    }
  }

  async replaceFunnel(
    actor: AdminActor,
    key: string,
    input: { name: string; steps: string[]; within?: FunnelWithin | undefined },
  ): Promise<FunnelView> {
    const within = input.within ?? 'day';
    checkFunnelSteps(input.steps, within);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const existing = await findFunnelByKey(trx, key);
      if (!existing) throw notFound('funnel');
      const changes = {
        name: input.name.trim(),
        steps_json: JSON.stringify(input.steps),
        within,
        updated_at: at,
      };
      await updateFunnel(trx, key, changes);
      const view = toFunnelView({ ...existing, ...changes });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'analytics.funnel.update',
        targetType: 'analytics_funnel',
        targetId: existing.id,
        before: toFunnelView(existing),
        after: view,
        clientAddress: actor.clientAddress,
        at,
      });
      return view;
    });
  }
}

function distinctSessionDays(rows: readonly EventRow[]): AnalyticsSessionDaysTable[] {
  const byKey = new Map<string, AnalyticsSessionDaysTable>();
  for (const row of rows) {
    const key = `${row.day} ${row.session_id}`;
    if (!byKey.has(key)) {
      byKey.set(key, { day: row.day, session_id: row.session_id, user_id: row.user_id, origin: row.origin });
    }
  }
  return [...byKey.values()];
}

function funnelKeyTaken(key: string): AppError {
  return new AppError('CONFLICT', `a funnel with key ${key} already exists`);
}
