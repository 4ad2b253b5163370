import type { FunnelRecord } from './funnels.repository.ts';
import type { FunnelView } from './analytics.schemas.ts';
import { parseFunnelSteps } from './funnel-definition.ts';

export function toFunnelView(record: FunnelRecord): FunnelView {
  return {
    id: record.id,
    key: record.key,
    name: record.name,
    steps: parseFunnelSteps(record.steps_json),
    within: record.within,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
