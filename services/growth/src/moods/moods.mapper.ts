import type { MoodRecord } from './moods.repository.ts';
import type { Mood } from './moods.schemas.ts';

export function toMood(record: MoodRecord): Mood {
  return {
    id: record.id,
    day: record.day,
    score: record.score === null ? null : Number(record.score),
    note: record.note,
    updated_at: record.updated_at,
  };
}
