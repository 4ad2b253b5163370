import type { PublicationRecord } from './publications.repository.ts';
import type { AdminPublication } from './publications.schemas.ts';

export function toAdminPublication(publication: PublicationRecord, now: string): AdminPublication {
  return {
    id: publication.id,
    target_type: publication.target_type,
    target_id: publication.target_id,
    action: publication.action,
    publish_at: publication.publish_at,
    note: publication.note,
    enabled: publication.enabled === 1,
    due: publication.publish_at <= now,
    created_at: publication.created_at,
    updated_at: publication.updated_at,
  };
}
