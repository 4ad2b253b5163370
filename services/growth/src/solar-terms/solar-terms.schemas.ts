import { Type, type Static } from '@sinclair/typebox';

const TermSchema = Type.Object({
  key: Type.String(),
  name: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
});

export const SolarTermTodaySchema = Type.Object(
  {
    /** The calendar day in Asia/Shanghai the answer is for. */
    day: Type.String({ format: 'date' }),
    term: TermSchema,
    next: TermSchema,
    advice: Type.Object({
      theme: Type.String(),
      diet: Type.String(),
      sleep: Type.String(),
      movement: Type.String(),
      mood: Type.String(),
    }),
  },
  { $id: 'SolarTermToday' },
);
export type SolarTermToday = Static<typeof SolarTermTodaySchema>;
