import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { MoodsTable } from './moods.tables.ts';

export type MoodRecord = Selectable<MoodsTable>;

export interface MoodUpsert {
  id: string;
  userId: string;
  day: string;
  /** Undefined: keep the stored value (or null on a new row). */
  score: number | undefined;
  note: string | null | undefined;
  at: string;
}

/**
 * Records the day's mood in one statement: insert, or on the (user_id, day) conflict update only the fields given.
 * The unique constraint makes concurrent writes of one day converge on one row in either dialect.
 */
export async function upsertMood(db: DbExecutor, mood: MoodUpsert): Promise<MoodRecord> {
  const changes = {
    ...(mood.score === undefined ? {} : { score: mood.score }),
    ...(mood.note === undefined ? {} : { note: mood.note }),
    updated_at: mood.at,
  };
  return db
    .insertInto('moods')
    .values({
      id: mood.id,
      user_id: mood.userId,
      day: mood.day,
      score: mood.score ?? null,
      note: mood.note ?? null,
      created_at: mood.at,
      updated_at: mood.at,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'day']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findMood(db: DbExecutor, userId: string, day: string): Promise<MoodRecord | undefined> {
  return db
    .selectFrom('moods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
}

export async function listMoodsBetween(
  db: DbExecutor,
  userId: string,
  firstDay: string,
  lastDay: string,
): Promise<MoodRecord[]> {
  return db
    .selectFrom('moods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .orderBy('day')
    .execute();
}
