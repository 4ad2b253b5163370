import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { MarketContext } from '../market-context.ts';
import type { RelayStats, SubscriberStats } from './candle-relay.ts';
import { findOrCreateRelayId } from './deployment-identity.repository.ts';
import { CandleRelayPublisher, CandleRelaySubscriber, canApplyRemoteUpdates } from './candle-relay.ts';

/** Redis channel prefix of the candle fan-out; the deployment's id (shared through the database) completes it. */
export const CANDLE_RELAY_CHANNEL_PREFIX = 'market:candles:v1:';
/** An `api` instance that cannot subscribe within this time refuses to start: it would serve a frozen market. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export type MarketRole = 'all' | 'collector' | 'api';

export interface ScaleOutStatus {
  role: MarketRole;
  channel?: string;
  /** `off` without REDIS_URL; otherwise the Redis connection state as ioredis names it (`ready`, `reconnecting`…). */
  redis: string;
  published?: RelayStats;
  received?: SubscriberStats;
}

export interface ScaleOutPluginOptions {
  context: MarketContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    scaleOut: { status(): ScaleOutStatus };
  }
}

/**
 * The role switch (MARKET_ROLE) and the Redis fan-out of live candles between instances:
 *
 * - `all` (default): collects and serves; with REDIS_URL it also publishes, so API instances can follow it.
 * - `collector`: collects, writes the shared database, publishes every base-candle update to Redis.
 * - `api`: collects nothing; its feed loads the windows from the shared database and applies the updates received
 *   from Redis (`RemoteUpdateSink`), and its WebSocket clients get klines from that, like on a single instance.
 *
 * The core decides from the same MARKET_ROLE whether its feed fetches from exchanges and whether the sentiment
 * collector runs; this plugin only moves updates.
 */
export const scaleOutPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: ScaleOutPluginOptions) => {
    const { config, feed, database } = options.context;
    const role: MarketRole = config.MARKET_ROLE;
    const logger = app.log.child({ feature: 'scale-out', role });

    if (config.REDIS_URL === undefined) {
      if (role !== 'all') {
        logger.warn({}, `MARKET_ROLE=${role} without REDIS_URL: instances cannot exchange live updates`);
      }
      app.decorate('scaleOut', { status: () => ({ role, redis: 'off' }) });
      return;
    }

    const relayId = await findOrCreateRelayId(database.db);
    const channel = CANDLE_RELAY_CHANNEL_PREFIX + relayId;
    const redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      // Names the deployment too, so CLIENT LIST tells its instances from another deployment's on the same Redis.
      connectionName: `market-${role}-${relayId}`,
      // A subscriber waits out an outage (ioredis re-subscribes on reconnect). A collector keeps collecting when
      // Redis is away, so its publishes fail fast instead of queueing without bound.
      ...(role === 'api'
        ? { maxRetriesPerRequest: null }
        : { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    });
    redis.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis connection error'));

    if (role === 'api') {
      if (!canApplyRemoteUpdates(feed))
        throw new Error('MARKET_ROLE=api needs a candle feed that can apply remote updates');
      const subscriber = new CandleRelaySubscriber(redis, channel, feed, logger);
      // Subscribed before the feed starts loading, so nothing published during the load is missed.
      try {
        await withTimeout(
          subscriber.start(),
          SUBSCRIBE_TIMEOUT_MS,
          `could not subscribe to Redis within ${SUBSCRIBE_TIMEOUT_MS} ms`,
        );
      } catch (error) {
        redis.disconnect();
        throw error;
      }
      app.decorate('scaleOut', {
        status: () => ({ role, channel, redis: redis.status, received: { ...subscriber.stats } }),
      });
      app.addHook('onClose', async () => {
        subscriber.stop();
        await redis.quit().catch(() => redis.disconnect());
      });
      return;
    }

    redis.connect().catch((error: unknown) => {
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'redis not reachable yet; retrying',
      );
    });
    const publisher = new CandleRelayPublisher(feed, redis, channel, logger);
    publisher.start();
    app.decorate('scaleOut', {
      status: () => ({ role, channel, redis: redis.status, published: { ...publisher.stats } }),
    });
    app.addHook('onClose', async () => {
      await publisher.stop();
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'scale-out' },
);

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
