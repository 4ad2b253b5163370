import { randomUUID } from 'node:crypto';
import { addDays, isValidDay } from '../calendar/calendar-day.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { findAccountToday } from './account-calendar.ts';
import { toMood } from './moods.mapper.ts';
import { findMood, listMoodsBetween, upsertMood } from './moods.repository.ts';
import { MOOD_TRAIL_DAYS, type Mood, type RecordMoodBody } from './moods.schemas.ts';

export interface MoodsServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class MoodsService {
  constructor(private readonly options: MoodsServiceOptions) {}

  /** Records or updates the mood of a day (today by default); fields left out keep their stored values. */
  async record(userId: string, body: RecordMoodBody): Promise<Mood> {
    const { db, clock } = this.options;
    const today = await findAccountToday(db, clock, userId);
    const day = body.day ?? today;
    if (!isValidDay(day)) throw new AppError('VALIDATION_FAILED', 'body.day is not a calendar date');
    if (day > today) throw new AppError('VALIDATION_FAILED', `body.day must not be after today (${today})`);
    const record = await upsertMood(db, {
      id: randomUUID(),
      userId,
      day,
      score: body.score,
      note: body.note,
      at: clock.now().toISOString(),
    });
    return toMood(record);
  }

  async today(userId: string): Promise<Mood | null> {
    const { db, clock } = this.options;
    const record = await findMood(db, userId, await findAccountToday(db, clock, userId));
    return record ? toMood(record) : null;
  }

  /** The last seven days, oldest first, today last; `mood` is null on a day without a record. */
  async recent(userId: string): Promise<{ day: string; mood: Mood | null }[]> {
    const { db, clock } = this.options;
    const today = await findAccountToday(db, clock, userId);
    const first = addDays(today, -(MOOD_TRAIL_DAYS - 1));
    const byDay = new Map(
      (await listMoodsBetween(db, userId, first, today)).map((record) => [record.day, record]),
    );
    return Array.from({ length: MOOD_TRAIL_DAYS }, (_, index) => {
      const day = addDays(first, index);
      const record = byDay.get(day);
      return { day, mood: record ? toMood(record) : null };
    });
  }
}
