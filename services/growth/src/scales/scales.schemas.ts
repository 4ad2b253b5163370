import { Type, type Static } from '@sinclair/typebox';

export const ScaleSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64 }) });
export const ScaleIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const ScaleSummarySchema = Type.Object(
  { slug: Type.String(), title: Type.String(), description: Type.String() },
  { $id: 'ScaleSummary' },
);
export type ScaleSummary = Static<typeof ScaleSummarySchema>;

export const ScaleQuestionOptionSchema = Type.Object({ key: Type.String(), text: Type.String() });

export const ScaleQuestionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  sort: Type.Integer(),
  body: Type.Object({ prompt: Type.String(), options: Type.Array(ScaleQuestionOptionSchema) }),
});
export type ScaleQuestionView = Static<typeof ScaleQuestionSchema>;

export const ScaleDetailSchema = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    description: Type.String(),
    /** How to answer (e.g. "over the last two weeks…"): part of the published instrument. */
    instructions: Type.String(),
    questions: Type.Array(ScaleQuestionSchema),
  },
  { $id: 'ScaleDetail' },
);
export type ScaleDetail = Static<typeof ScaleDetailSchema>;

/** Most instruments have 10 or fewer items and IPIP-50 has 50; a cap keeps a hostile body small. */
const MAX_ANSWERS = 200;

export const SubmitScaleBody = Type.Object({
  profile_id: Type.String({ format: 'uuid' }),
  answers: Type.Record(Type.String({ maxLength: 64 }), Type.String({ minLength: 1, maxLength: 64 }), {
    maxProperties: MAX_ANSWERS,
  }),
});
export type SubmitScaleBody = Static<typeof SubmitScaleBody>;

const BandedScore = {
  score: Type.Number(),
  band: Type.String(),
  band_label: Type.String(),
  min_score: Type.Number(),
  max_score: Type.Number(),
  interpretation: Type.String(),
};

export const CrisisResourceSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  phone: Type.String(),
  hours: Type.Optional(Type.String()),
});

export const ScaleResultSchema = Type.Object({
  scale: Type.String(),
  ...BandedScore,
  raw_score: Type.Number(),
  dimensions: Type.Optional(Type.Record(Type.String(), Type.Object(BandedScore))),
  crisis_flag: Type.Boolean(),
  suggests_professional_help: Type.Boolean(),
  /** Present when an answer signals possible risk (PHQ-9 item 9): where to get help now. */
  crisis: Type.Optional(Type.Object({ message: Type.String(), resources: Type.Array(CrisisResourceSchema) })),
});
export type ScaleResult = Static<typeof ScaleResultSchema>;

export const ScaleSubmitResultSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), result: ScaleResultSchema },
  { $id: 'ScaleSubmitResult' },
);
export type ScaleSubmitResult = Static<typeof ScaleSubmitResultSchema>;

export const ScaleStatusSchema = Type.Union([Type.Literal('published'), Type.Literal('draft')]);

export const AdminScaleSchema = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  status: ScaleStatusSchema,
  description: Type.String(),
  instructions: Type.String(),
  sort: Type.Integer(),
  /** Whether the service can score this scale; only a scoreable scale can be published. */
  scoreable: Type.Boolean(),
  question_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminScale = Static<typeof AdminScaleSchema>;

const SLUG_PATTERN = '^[a-z][a-z0-9_]{1,39}$';
const TITLE = Type.String({ minLength: 1, maxLength: 60 });
const DESCRIPTION = Type.String({ maxLength: 1000 });
const INSTRUCTIONS = Type.String({ maxLength: 1000 });
const SORT = Type.Integer({ minimum: 0, maximum: 100_000 });

export const CreateScaleBody = Type.Object({
  slug: Type.String({ pattern: SLUG_PATTERN, description: 'lowercase letters, digits, underscore; 2 to 40' }),
  title: TITLE,
  description: DESCRIPTION,
  instructions: Type.Optional(INSTRUCTIONS),
  sort: Type.Optional(SORT),
});
export type CreateScaleBody = Static<typeof CreateScaleBody>;

export const UpdateScaleBody = Type.Object({
  title: TITLE,
  description: DESCRIPTION,
  instructions: Type.Optional(INSTRUCTIONS),
  sort: Type.Optional(SORT),
});
export type UpdateScaleBody = Static<typeof UpdateScaleBody>;

export const ScaleStatusBody = Type.Object({ status: ScaleStatusSchema });
