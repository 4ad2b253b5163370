import type { ReportPageConfigRecord } from './report-page-configs.repository.ts';
import type { AdminReportPageConfig, ReportPageConfig } from './report-page-configs.schemas.ts';

export function toReportPageConfig(config: ReportPageConfigRecord): ReportPageConfig {
  return {
    key: config.key,
    section: config.section,
    horizon: config.horizon,
    title: config.title,
    description: config.description,
    sort: config.sort,
  };
}

export function toAdminReportPageConfig(
  config: ReportPageConfigRecord,
  live: boolean,
): AdminReportPageConfig {
  return {
    id: config.id,
    ...toReportPageConfig(config),
    enabled: config.enabled === 1,
    live,
    created_at: config.created_at,
    updated_at: config.updated_at,
  };
}
