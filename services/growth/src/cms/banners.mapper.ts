import type { BannerRecord } from './banners.repository.ts';
import type { AdminBanner, Banner } from './banners.schemas.ts';

export function toBanner(banner: BannerRecord): Banner {
  return {
    id: banner.id,
    title: banner.title,
    image_url: banner.image_url,
    link: banner.link,
    sort: banner.sort,
    starts_at: banner.starts_at,
    ends_at: banner.ends_at,
  };
}

export function toAdminBanner(banner: BannerRecord, live: boolean): AdminBanner {
  return {
    ...toBanner(banner),
    enabled: banner.enabled === 1,
    live,
    created_at: banner.created_at,
    updated_at: banner.updated_at,
  };
}
