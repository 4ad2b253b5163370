import { Type, type Static } from '@sinclair/typebox';

export const MOOD_SCORE_MIN = 1;
export const MOOD_SCORE_MAX = 5;
export const MOOD_NOTE_MAX_LENGTH = 200;
/** How many days the trail shows, today included. */
export const MOOD_TRAIL_DAYS = 7;

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const MoodSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    day: Type.String({ format: 'date' }),
    /** Null while only a note has been written for the day. */
    score: Type.Union([Type.Integer({ minimum: MOOD_SCORE_MIN, maximum: MOOD_SCORE_MAX }), Type.Null()]),
    note: Type.Union([Type.String(), Type.Null()]),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Mood' },
);
export type Mood = Static<typeof MoodSchema>;

/** None of the fields is required: a field left out keeps the day's current value. */
export const RecordMoodBody = Type.Object({
  score: Type.Optional(Type.Integer({ minimum: MOOD_SCORE_MIN, maximum: MOOD_SCORE_MAX })),
  /**
   * `null` (or "") clears the note. Length counts characters (code points), so 200 Chinese characters fit. Null
   * comes first in the union because the validator coerces types: listed second, null would be coerced to "".
   */
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: MOOD_NOTE_MAX_LENGTH })])),
  day: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: 'YYYY-MM-DD; defaults to today' })),
});
export type RecordMoodBody = Static<typeof RecordMoodBody>;

export const TodayMoodSchema = Type.Object({ mood: Type.Union([MoodSchema, Type.Null()]) });

export const MoodTrailEntrySchema = Type.Object({
  day: Type.String({ format: 'date' }),
  mood: Type.Union([MoodSchema, Type.Null()]),
});
