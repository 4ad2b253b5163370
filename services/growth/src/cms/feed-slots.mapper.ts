import type { FeedSlotRecord } from './feed-slots.repository.ts';
import type { AdminFeedSlot, FeedSlot } from './feed-slots.schemas.ts';

export function toFeedSlot(slot: FeedSlotRecord): FeedSlot {
  return {
    id: slot.id,
    title: slot.title,
    subtitle: slot.subtitle,
    tag: slot.tag,
    image_url: slot.image_url,
    link: slot.link,
    sort: slot.sort,
    starts_at: slot.starts_at,
    ends_at: slot.ends_at,
  };
}

export function toAdminFeedSlot(slot: FeedSlotRecord, live: boolean): AdminFeedSlot {
  return {
    ...toFeedSlot(slot),
    enabled: slot.enabled === 1,
    live,
    created_at: slot.created_at,
    updated_at: slot.updated_at,
  };
}
