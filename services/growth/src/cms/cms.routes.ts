import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { EnvelopeOf, ItemsOf, PageOf, ok } from '../http/envelope.ts';
import { registerAdminCatalogRoutes } from './admin-catalog.routes.ts';
import { AdminBannerSchema, BannerSchema, CreateBannerBody, UpdateBannerBody } from './banners.schemas.ts';
import { BannersService } from './banners.service.ts';
import {
  AdminFeedSlotSchema,
  CreateFeedSlotBody,
  FeedSlotSchema,
  UpdateFeedSlotBody,
} from './feed-slots.schemas.ts';
import { FeedSlotsService } from './feed-slots.service.ts';
import { AdminHomeToolSchema, HomeToolSchema, ReplaceHomeToolsBody } from './home-tools.schemas.ts';
import { HomeToolsService } from './home-tools.service.ts';
import {
  AdminPublicationSchema,
  CreatePublicationBody,
  UpdatePublicationBody,
} from './publications.schemas.ts';
import { PublicationsService } from './publications.service.ts';
import {
  AdminReportPageConfigSchema,
  CreateReportPageConfigBody,
  ReportPageConfigSchema,
  UpdateReportPageConfigBody,
} from './report-page-configs.schemas.ts';
import { ReportPageConfigsService } from './report-page-configs.service.ts';

export interface CmsServices {
  homeTools: HomeToolsService;
  banners: BannersService;
  feedSlots: FeedSlotsService;
  publications: PublicationsService;
  starConfigs: ReportPageConfigsService;
  rhythmConfigs: ReportPageConfigsService;
}

export function createCmsServices(deps: { db: GrowthDb; clock: Clock }): CmsServices {
  return {
    homeTools: new HomeToolsService(deps),
    banners: new BannersService(deps),
    feedSlots: new FeedSlotsService(deps),
    publications: new PublicationsService(deps),
    starConfigs: new ReportPageConfigsService({ ...deps, reportType: 'star' }),
    rhythmConfigs: new ReportPageConfigsService({ ...deps, reportType: 'rhythm' }),
  };
}

/**
 * Public operations content (no identity needed: the home page renders before anything else) and its console.
 * "Active" is evaluated against the clock on each request.
 */
export const cmsRoutes: FastifyPluginAsyncTypebox<CmsServices> = async (app, services) => {
  const tags = ['home'];

  app.get(
    '/home/tools',
    { schema: { tags, response: { 200: EnvelopeOf(ItemsOf(HomeToolSchema)) } } },
    async () => ok({ items: await services.homeTools.listEnabled() }),
  );
  app.get(
    '/home/banners',
    { schema: { tags, response: { 200: EnvelopeOf(ItemsOf(BannerSchema)) } } },
    async () => ok({ items: await services.banners.listActive() }),
  );
  app.get(
    '/home/feed-slots',
    { schema: { tags, response: { 200: EnvelopeOf(ItemsOf(FeedSlotSchema)) } } },
    async () => ok({ items: await services.feedSlots.listActive() }),
  );
  app.get(
    '/star/configs',
    { schema: { tags: ['reports'], response: { 200: EnvelopeOf(ItemsOf(ReportPageConfigSchema)) } } },
    async () => ok({ items: await services.starConfigs.listActive() }),
  );
  app.get(
    '/rhythm/configs',
    { schema: { tags: ['reports'], response: { 200: EnvelopeOf(ItemsOf(ReportPageConfigSchema)) } } },
    async () => ok({ items: await services.rhythmConfigs.listActive() }),
  );

  const adminTags = ['admin', 'cms'];
  app.get(
    '/admin/home/tools',
    {
      config: { adminAccess: 'admin.cms.read' },
      schema: { tags: adminTags, response: { 200: EnvelopeOf(PageOf(AdminHomeToolSchema)) } },
    },
    async () => ok(await services.homeTools.listAll()),
  );
  app.put(
    '/admin/home/tools',
    {
      config: { adminAccess: 'admin.cms.write' },
      schema: {
        tags: adminTags,
        body: ReplaceHomeToolsBody,
        response: { 200: EnvelopeOf(PageOf(AdminHomeToolSchema)) },
      },
    },
    async (request) => ok(await services.homeTools.replaceAll(adminActorOf(request), request.body)),
  );

  const cms = { tags: adminTags, read: 'admin.cms.read', write: 'admin.cms.write' } as const;
  registerAdminCatalogRoutes(app, {
    ...cms,
    path: '/admin/cms/banners',
    item: AdminBannerSchema,
    create: CreateBannerBody,
    update: UpdateBannerBody,
    service: services.banners,
  });
  registerAdminCatalogRoutes(app, {
    ...cms,
    path: '/admin/cms/feed-slots',
    item: AdminFeedSlotSchema,
    create: CreateFeedSlotBody,
    update: UpdateFeedSlotBody,
    service: services.feedSlots,
  });
  registerAdminCatalogRoutes(app, {
    ...cms,
    path: '/admin/cms/publications',
    item: AdminPublicationSchema,
    create: CreatePublicationBody,
    update: UpdatePublicationBody,
    service: services.publications,
  });
  for (const [path, service] of [
    ['/admin/star/configs', services.starConfigs],
    ['/admin/rhythm/configs', services.rhythmConfigs],
  ] as const) {
    registerAdminCatalogRoutes(app, {
      ...cms,
      path,
      item: AdminReportPageConfigSchema,
      create: CreateReportPageConfigBody,
      update: UpdateReportPageConfigBody,
      service,
    });
  }
};
