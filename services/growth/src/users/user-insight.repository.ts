import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

/**
 * Read-only counts over other features' tables for one account. Each query is an indexed lookup by `user_id`
 * (every feature indexes its rows by owner), so the insight costs a handful of small reads whatever the data size.
 */
export interface UserInsightRecord {
  profiles: number;
  reportsByType: Record<string, number>;
  scaleResults: number;
  moods: number;
  lastMoodDay: string | null;
  ordersByStatus: Record<string, number>;
  askThreads: number;
  askMessages: number;
}

export async function readUserInsight(
  db: DbExecutor,
  userId: string,
  now: string,
): Promise<UserInsightRecord> {
  const [profiles, reports, scaleResults, moods, orders, askThreads, askMessages] = await Promise.all([
    db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reports')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('type')
      .execute(),
    db
      .selectFrom('scale_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('moods')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('day').as('last_day')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    // A pending order past its expiry is expired whether or not a sweeper has rewritten the row yet.
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('orders')
          .select(
            sql<string>`case when status = 'pending' and expires_at <= ${now} then 'expired' else status end`.as(
              'effective_status',
            ),
          )
          .where('user_id', '=', userId)
          .as('user_orders'),
      )
      .select(['effective_status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('effective_status')
      .execute(),
    db
      .selectFrom('ask_threads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    // Through the account's threads: both lookups are indexed (threads by user, messages by thread).
    db
      .selectFrom('ask_messages')
      .innerJoin('ask_threads', 'ask_threads.id', 'ask_messages.thread_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ask_threads.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    profiles: Number(profiles.n),
    reportsByType: Object.fromEntries(reports.map((row) => [row.type, Number(row.n)])),
    scaleResults: Number(scaleResults.n),
    moods: Number(moods.n),
    lastMoodDay: moods.last_day ?? null,
    ordersByStatus: Object.fromEntries(orders.map((row) => [row.effective_status, Number(row.n)])),
    askThreads: Number(askThreads.n),
    askMessages: Number(askMessages.n),
  };
}
