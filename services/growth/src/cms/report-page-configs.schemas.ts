import { Type, type Static } from '@sinclair/typebox';
import { NULLABLE_TEXT, SORT_FIELD } from './cms-fields.ts';

/** One section of the star or rhythm report page (see report-page-sections.ts). */
export const ReportPageConfigSchema = Type.Object(
  {
    key: Type.String(),
    section: Type.String(),
    horizon: Type.Union([Type.String(), Type.Null()]),
    title: Type.String(),
    description: Type.String(),
    sort: Type.Integer(),
  },
  { $id: 'ReportPageConfig' },
);
export type ReportPageConfig = Static<typeof ReportPageConfigSchema>;

export const AdminReportPageConfigSchema = Type.Object({
  id: Type.String(),
  ...ReportPageConfigSchema.properties,
  enabled: Type.Boolean(),
  /** Active right now: the switch resolved against due publications. */
  live: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminReportPageConfig = Static<typeof AdminReportPageConfigSchema>;

const CONTENT = {
  section: Type.String({ minLength: 1, maxLength: 32 }),
  horizon: Type.Optional(NULLABLE_TEXT(16)),
  title: Type.String({ minLength: 1, maxLength: 30 }),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  sort: Type.Optional(SORT_FIELD),
};

export const CreateReportPageConfigBody = Type.Object({
  key: Type.String({ pattern: '^[a-z][a-z0-9_]{1,39}$', description: 'unique per report type' }),
  ...CONTENT,
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateReportPageConfigBody = Static<typeof CreateReportPageConfigBody>;

/** The key is fixed; the rest is replaced (description left out becomes empty, sort left out is kept). */
export const UpdateReportPageConfigBody = Type.Object(CONTENT);
export type UpdateReportPageConfigBody = Static<typeof UpdateReportPageConfigBody>;
