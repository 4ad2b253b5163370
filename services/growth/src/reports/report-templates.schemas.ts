import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';

export const TEMPLATE_BODY_MAX_LENGTH = 2000;

export const ReportTemplateSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    key: Type.String(),
    body: Type.String(),
    enabled: Type.Boolean(),
    /** The code default this row overrides, for comparison in the console. */
    default_body: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ReportTemplate' },
);
export type ReportTemplateView = Static<typeof ReportTemplateSchema>;

export const ReportTemplateQuery = Type.Composite([
  PageQuery,
  Type.Object({ kind: Type.Optional(Type.String({ maxLength: 64 })) }),
]);
export type ReportTemplateQuery = Static<typeof ReportTemplateQuery>;

export const CreateReportTemplateBody = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 64 }),
  key: Type.String({ minLength: 1, maxLength: 128 }),
  body: Type.String({ minLength: 1, maxLength: TEMPLATE_BODY_MAX_LENGTH }),
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type CreateReportTemplateBody = Static<typeof CreateReportTemplateBody>;

export const UpdateReportTemplateBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: TEMPLATE_BODY_MAX_LENGTH }),
  enabled: Type.Optional(Type.Boolean()),
});
export type UpdateReportTemplateBody = Static<typeof UpdateReportTemplateBody>;

export const ReportTemplateIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
