import { Type, type Static } from '@sinclair/typebox';
import { parseReportDetail, trimReportDetail } from './report-detail.ts';
import type { ReportRecord } from './reports.repository.ts';

const VisibleSectionSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  locked: Type.Boolean(),
  paragraphs: Type.Optional(Type.Array(Type.String())),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const GrowthReportSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    user_id: Type.String({ format: 'uuid' }),
    profile_id: Type.String({ format: 'uuid' }),
    type: Type.String(),
    summary: Type.Record(Type.String(), Type.Unknown()),
    detail: Type.Union([Type.Object({ sections: Type.Array(VisibleSectionSchema) }), Type.Null()]),
    has_deep_access: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'GrowthReport' },
);
export type GrowthReport = Static<typeof GrowthReportSchema>;

function parseSummary(json: string): Record<string, unknown> {
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A stored report as the contract's GrowthReport, its detail trimmed to what `hasDeepAccess` allows. */
export function toGrowthReport(record: ReportRecord, hasDeepAccess: boolean): GrowthReport {
  return {
    id: record.id,
    user_id: record.user_id,
    profile_id: record.profile_id,
    type: record.type,
    summary: parseSummary(record.summary_json),
    detail: trimReportDetail(parseReportDetail(record.detail_json), hasDeepAccess),
    has_deep_access: hasDeepAccess,
    created_at: record.created_at,
  };
}
