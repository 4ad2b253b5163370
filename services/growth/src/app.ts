import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  computeSecurityHeaders,
  createLoggerOptions,
  generateRequestId,
  OneLinePerRequestLog,
  sharedSchemaCompilers,
} from '@app/service-kit';
import { createAdminRouteGuard, type AdminRouteEntry } from './admin/admin-access.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { AdminService } from './admin/admin.service.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { systemClock, type Clock } from './clock.ts';
import type { GrowthConfig } from './config.ts';
import type { GrowthDatabase } from './db/database.ts';
import { scheduleSqliteBackups } from './db/sqlite-backups.ts';
import { commerceRoutes } from './commerce/commerce.routes.ts';
import { createCommerceServices } from './commerce/commerce-services.ts';
import { CommerceEntitlements } from './entitlements/commerce-entitlements.ts';
import type { AppInstance } from './http/app-instance.ts';
import { registerCors } from './http/cors.ts';
import { createFrameworkErrorHandler, handleError, handleNotFound } from './http/error-handler.ts';
import { findNulCharacter, findNulCharacterInUrl, nulCharacterError } from './http/nul-characters.ts';
import { registerOpenApi } from './http/openapi.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { ProfilesService } from './profiles/profiles.service.ts';
import { resolvePlace } from './places/index.ts';
import { reportTemplatesRoutes } from './reports/report-templates.routes.ts';
import { ReportTemplatesService } from './reports/report-templates.service.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { ReportsService } from './reports/reports.service.ts';
import { bodyField, createCredentialLimits } from './http/rate-limits.ts';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit/fixed-window-limiter.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { IdentityService } from './identity/identity.service.ts';
import { readBearerToken } from './security/session-tokens.ts';
import { systemRoutes } from './system/system.routes.ts';
import { cmsRoutes, createCmsServices } from './cms/cms.routes.ts';
import { exploreRoutes } from './explore/explore.routes.ts';
import { ExploreService } from './explore/explore.service.ts';
import { IMAGE_CARD_SCENE_KEYS } from './image-cards/image-card-scenes.ts';
import { moodsRoutes } from './moods/moods.routes.ts';
import { MoodsService } from './moods/moods.service.ts';
import { solarTermsRoutes } from './solar-terms/solar-terms.routes.ts';
import { growthPlansRoutes } from './growth-plans/growth-plans.routes.ts';
import { GrowthPlansService } from './growth-plans/growth-plans.service.ts';
import { userAdminRoutes } from './users/users.routes.ts';
import { UserAdminService } from './users/users.service.ts';
import { analyticsAdminRoutes, analyticsRoutes } from './analytics/analytics.routes.ts';
import { AnalyticsService } from './analytics/analytics.service.ts';
import { scalesRoutes } from './scales/scales.routes.ts';
import { ScalesService } from './scales/scales.service.ts';

import { aiConfigRoutes } from './ai-config/ai-config.routes.ts';
import { askAdminRoutes } from './ask/ask-admin.routes.ts';
import { syncAskCatalogSeeds } from './ask/ask-seeds.ts';
import { createAskServices } from './ask/ask-services.ts';
import { askRoutes } from './ask/ask.routes.ts';
import { crisisRoutes } from './crisis/crisis.routes.ts';
import { safetyRoutes } from './safety/safety.routes.ts';
import { InvitesService } from './synastry/invites.service.ts';
import { NearbyService } from './synastry/nearby.service.ts';
import { RelationInsightService } from './synastry/relation-insight.service.ts';
import { synastryRoutes } from './synastry/synastry.routes.ts';
import { cardDecksRoutes } from './image-cards/card-decks.routes.ts';
import { CardDecksService } from './image-cards/card-decks.service.ts';
import { imageCardsRoutes } from './image-cards/image-cards.routes.ts';
import { ImageCardsService } from './image-cards/image-cards.service.ts';

export const API_PREFIX = '/api/v1';

export interface GrowthAppDeps {
  /** Opened and migrated; the app closes it when it closes. */
  database: GrowthDatabase;
  clock?: Clock;
  /** Shared rate-limit counters across instances when present. */
  redis?: Redis | null;
  /** Redis key prefix of the rate-limit counters (tests isolate runs with it). */
  rateLimitPrefix?: string;
  /**
   * Released, in order, when the app closes: after in-flight requests, before the database closes (the server's
   * Redis connection). The app is ready when built, so it takes no hooks afterwards.
   */
  releaseOnClose?: (() => Promise<void>)[];
}

export interface GrowthApp extends AppInstance {
  /** Every admin route and the access it declares; tests walk it to prove each answers 401 and 403. */
  adminRouteTable: AdminRouteEntry[];
}

/**
 * Builds the growth service without listening, so tests run the real app through `inject`. Plugins are wired in a
 * visible order: framework and external plugins, then app-wide hooks, then feature routes.
 */
export async function buildGrowthApp(config: GrowthConfig, deps: GrowthAppDeps): Promise<GrowthApp> {
  const clock = deps.clock ?? systemClock;
  const { db } = deps.database;

  // Set once the headers are known (below); failures before routing get them too.
  let addCommonHeaders = (_request: FastifyRequest, _reply: FastifyReply): void => {};
  const requestLog = new OneLinePerRequestLog();
  const fastify = Fastify({
    logger: createLoggerOptions({ level: config.logLevel, service: 'growth' }),
    frameworkErrors: createFrameworkErrorHandler(requestLog, (request, reply) =>
      addCommonHeaders(request, reply),
    ),
    genReqId: generateRequestId,
    logController: requestLog,
    schemaController: { compilersFactory: sharedSchemaCompilers },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ajv: {
      customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const app = fastify as unknown as GrowthApp;
  app.adminRouteTable = [];

  // External plugins.
  await registerOpenApi(app);

  // App-wide behaviour.
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // An empty body with a JSON content type is "no body" (clients often send the header on bodiless POSTs).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, String(body), (error: Error | null, parsed?: unknown) => {
      if (error) return done(error);
      // PostgreSQL cannot store U+0000; refused up front on both databases (see http/nul-characters.ts).
      const nulAt = request.routeOptions.config.refusesControlCharactersItself
        ? undefined
        : findNulCharacter(parsed);
      if (nulAt !== undefined) return done(nulCharacterError('body', nulAt));
      return done(null, parsed);
    });
  });
  // Helmet's security headers and CORS (both computed once), and the request id, on every response including
  // errors and 404s.
  const cors = registerCors(app, { origins: config.corsOrigins, exposedHeaders: ['x-request-id'] });
  const staticHeaders = {
    ...computeSecurityHeaders({ contentSecurityPolicy: false }),
    ...cors.staticHeaders,
  };
  addCommonHeaders = (request, reply) => {
    reply.headers(staticHeaders);
    reply.header('x-request-id', request.id);
    cors.applyTo(request, reply);
  };
  app.addHook('onRequest', (request, reply, done) => {
    addCommonHeaders(request, reply);
    const nulInUrl = findNulCharacterInUrl(request);
    if (nulInUrl) return done(nulInUrl);
    done();
  });
  // Scheduled SQLite backups (GROWTH_SQLITE_BACKUP_DIR) copy through the database's own connection.
  const backups =
    config.sqliteBackups && deps.database.backup
      ? scheduleSqliteBackups(
          { writeBackup: deps.database.backup, clock, log: app.log },
          config.sqliteBackups,
        )
      : null;
  if (config.sqliteBackups && !backups) {
    app.log.warn('GROWTH_SQLITE_BACKUP_DIR is ignored on PostgreSQL: back it up with pg_dump');
  }
  app.addHook('onClose', async () => {
    await backups?.stop();
    for (const release of deps.releaseOnClose ?? []) await release();
    await deps.database.close();
  });

  const identity = new IdentityService({
    db,
    clock,
    loginMode: config.loginMode,
    sessionTtlDays: config.sessionTtlDays,
    passwordCostLog2: config.passwordCostLog2,
  });
  app.decorate('authenticateUser', async (request) => {
    const deviceKey = request.headers['x-device-id'];
    request.caller = await identity.resolveCaller(
      typeof deviceKey === 'string' ? deviceKey : undefined,
      readBearerToken(request.headers.authorization),
    );
  });
  // The one entitlement instance: reports, image cards, ask and commerce all receive it as a plugin option.
  const entitlements = new CommerceEntitlements();
  const commerce = createCommerceServices({ db, clock, entitlements });
  const admins = new AdminService({
    db,
    clock,
    sessionTtlHours: config.adminSessionTtlHours,
    passwordCostLog2: config.passwordCostLog2,
  });
  app.addHook('onRoute', createAdminRouteGuard(admins, app.adminRouteTable));

  // Feature routes.
  const limits = config.rateLimits;
  const limitStore = deps.redis
    ? new RedisRateLimitStore(deps.redis, deps.rateLimitPrefix)
    : new MemoryRateLimitStore();
  const phoneLimits = (name: string) =>
    createCredentialLimits(limitStore, clock, {
      name,
      perSubjectPerMinute: limits.perSubjectPerMinute,
      perAddressPerMinute: limits.perAddressPerMinute,
      subjectOf: (request) => bodyField(request, 'phone'),
    });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { db });
      await api.register(identityRoutes, {
        identity,
        credentialRateLimits: phoneLimits('auth'),
      });
      await api.register(adminRoutes, {
        admins,
        loginRateLimits: createCredentialLimits(limitStore, clock, {
          name: 'admin-login',
          perSubjectPerMinute: limits.perSubjectPerMinute,
          perAddressPerMinute: limits.perAddressPerMinute,
          subjectOf: (request) => bodyField(request, 'username'),
        }),
      });
      await api.register(auditRoutes, { db });
      await api.register(userAdminRoutes, { users: new UserAdminService({ db, clock }) });
      const analytics = new AnalyticsService({ db, clock, dialect: deps.database.dialect });
      await api.register(analyticsRoutes, { analytics });
      await api.register(analyticsAdminRoutes, { analytics });
      await api.register(commerceRoutes, {
        ...commerce,
        redeemRateLimits: createCredentialLimits(limitStore, clock, {
          name: 'redeem',
          perSubjectPerMinute: limits.perSubjectPerMinute,
          perAddressPerMinute: limits.perAddressPerMinute,
          subjectOf: (request) => request.caller?.id ?? null,
        }),
      });
      // Companion: scales (instrument sync seeds them at start), moods, solar terms, plans, explore, CMS.
      const scales = new ScalesService({ db, clock });
      await scales.syncInstruments();
      await api.register(scalesRoutes, { scales });
      await api.register(moodsRoutes, { moods: new MoodsService({ db, clock }) });
      await api.register(solarTermsRoutes, { clock });
      await api.register(growthPlansRoutes, { plans: new GrowthPlansService({ db, clock }) });
      const listPublishedScaleSlugs = async () => (await scales.listPublished()).map((scale) => scale.slug);
      const isKnownImageCardScene = (scene: string) => IMAGE_CARD_SCENE_KEYS.some((key) => key === scene);
      await api.register(exploreRoutes, {
        explore: new ExploreService({ db, clock, listPublishedScaleSlugs, isKnownImageCardScene }),
      });
      await api.register(cmsRoutes, createCmsServices({ db, clock }));
      await api.register(profilesRoutes, { profiles: new ProfilesService({ db, clock }) });
      const reports = new ReportsService({ db, clock, entitlements, resolvePlace });
      await api.register(reportsRoutes, { reports });
      await api.register(reportTemplatesRoutes, { templates: new ReportTemplatesService({ db, clock }) });
      // Ask companion and the console catalogs it compiles (content safety, crisis, AI); seeds synced at start.
      await syncAskCatalogSeeds(db, clock.now().toISOString());
      const askServices = createAskServices({ db, clock, entitlements, llm: config.llm });
      await api.register(askRoutes, { ask: askServices.ask });
      await api.register(askAdminRoutes, { askAdmin: askServices.askAdmin });
      await api.register(safetyRoutes, askServices.safety);
      await api.register(crisisRoutes, askServices.crisis);
      await api.register(aiConfigRoutes, askServices.ai);
      // Synastry invites, nearby search and relation insight.
      await api.register(synastryRoutes, {
        invites: new InvitesService({ db, clock, reports, entitlements }),
        nearby: new NearbyService({ db }),
        insight: new RelationInsightService({ db, clock, resolvePlace }),
      });
      // Image cards: scenes, quota, draws (spent through the one entitlement instance) and the deck catalog.
      await api.register(imageCardsRoutes, {
        imageCards: new ImageCardsService({ db, clock, entitlements }),
      });
      await api.register(cardDecksRoutes, { decks: new CardDecksService({ db, clock }) });
    },
    { prefix: API_PREFIX },
  );

  await admins.bootstrap(config.bootstrapAdmin, app.log);
  await app.ready();
  return app;
}
