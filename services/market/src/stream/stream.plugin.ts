import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { MarketContext } from '../market-context.ts';
import type { CandleUpdateSource } from './candle-stream.hub.ts';
import { CandleStreamHub } from './candle-stream.hub.ts';
import type { StreamLimits } from './stream-connection.ts';
import { DEFAULT_STREAM_LIMITS } from './stream-connection.ts';

export interface StreamPluginOptions {
  context: MarketContext;
  /** Where klines come from; default the local feed. On an `api` instance: the scale-out relay. */
  updates?: CandleUpdateSource;
  /** Overrides of the named stream bounds (tests shorten the heartbeat and the slow-client grace). */
  limits?: Partial<StreamLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    candleStream: CandleStreamHub;
  }
}

export const STREAM_PATH = '/ws';

/**
 * The live candle stream at `/ws`: subscribe/unsubscribe/ping as in the contract, snapshot then klines, heartbeat
 * and slow-client drops. The hub starts with the app and closes every socket before the server stops.
 */
export const streamPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: StreamPluginOptions) => {
    const { context } = options;
    const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
    await app.register(websocket, {
      options: { maxPayload: limits.maxClientMessageBytes, perMessageDeflate: false },
    });
    const hub = new CandleStreamHub({
      feed: context.feed,
      updates: options.updates ?? context.feed,
      catalog: context.catalog,
      limits,
      // The wall clock, not the app's: slow-client grace is real elapsed time even when tests fix the data clock.
      now: Date.now,
      logger: app.log.child({ feature: 'stream' }),
    });
    app.decorate('candleStream', hub);

    app.get(STREAM_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
      hub.attach(socket);
    });
    app.addHook('onReady', async () => hub.start());
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'stream' },
);
