import type { CandleFeed, CandleUpdate } from '../candles/candle-feed.ts';
import { findTimeframe } from '../candles/timeframes.ts';
import { decodeRelayMessage, encodeRelayMessage } from './candle-relay.codec.ts';

/**
 * The one thing an `api` instance's feed must offer the relay: apply base candles another instance collected to the
 * in-memory window (derived timeframes recomputed there), emit the resulting updates through `onUpdate`, and persist
 * nothing (the collector already did). The core's MarketFeed implements it as `applyRemoteUpdate`.
 */
export interface RemoteUpdateSink {
  applyRemoteUpdate(update: CandleUpdate): void;
}

export function canApplyRemoteUpdates(feed: CandleFeed): feed is CandleFeed & RemoteUpdateSink {
  return 'applyRemoteUpdate' in feed && typeof feed.applyRemoteUpdate === 'function';
}

/** The ioredis surface the relay uses; tests and the benchmark may pass anything shaped like it. */
export interface RelayPublisherClient {
  publish(channel: string, message: string): Promise<number>;
}

export interface RelaySubscriberClient {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
}

export interface RelayLogger {
  warn(details: object, message: string): void;
}

export interface RelayStats {
  batches: number;
  updates: number;
  failed: number;
  rejected: number;
}

/** Only one publish-failure line per this many ms: a Redis outage must not flood the log at the tick rate. */
const FAILURE_LOG_INTERVAL_MS = 10_000;

/**
 * Collector side: forwards every base-candle update of the local feed to Redis. Updates raised in the same tick
 * (one exchange batch touches several series) go out as one message. Derived timeframes are not sent: each API
 * instance rebuilds them from the base candles, exactly as the collector does.
 */
export class CandleRelayPublisher {
  readonly stats: RelayStats = { batches: 0, updates: 0, failed: 0, rejected: 0 };
  private pending: CandleUpdate[] = [];
  private flushScheduled = false;
  private unsubscribe: (() => void) | undefined;
  private lastFailureLogAt = 0;

  constructor(
    private readonly feed: Pick<CandleFeed, 'onUpdate'>,
    private readonly client: RelayPublisherClient,
    private readonly channel: string,
    private readonly logger: RelayLogger,
  ) {}

  start(): void {
    this.unsubscribe = this.feed.onUpdate((update) => {
      if (!findTimeframe(update.timeframe)?.isBase) return;
      this.pending.push(update);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.flush();
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      await this.client.publish(this.channel, encodeRelayMessage(batch, Date.now()));
      this.stats.batches += 1;
      this.stats.updates += batch.length;
    } catch (error) {
      // Not retried: the next tick carries the same in-progress candles again, and the API instances read closed
      // ones from the shared database when they (re)load.
      this.stats.failed += batch.length;
      const now = Date.now();
      if (now - this.lastFailureLogAt >= FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLogAt = now;
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error), lost: this.stats.failed },
          'candle relay publish failed',
        );
      }
    }
  }
}

/** API side: applies the collector's updates to the local feed, which then emits them to the WebSocket stream. */
export class CandleRelaySubscriber {
  readonly stats: RelayStats = { batches: 0, updates: 0, failed: 0, rejected: 0 };

  constructor(
    private readonly client: RelaySubscriberClient,
    private readonly channel: string,
    private readonly sink: RemoteUpdateSink,
    private readonly logger: RelayLogger,
  ) {}

  async start(): Promise<void> {
    this.client.on('message', (channel, message) => {
      if (channel === this.channel) this.receive(message);
    });
    await this.client.subscribe(this.channel);
  }

  receive(message: string): void {
    const decoded = decodeRelayMessage(message);
    if (!decoded.ok) {
      this.stats.rejected += 1;
      this.logger.warn({ reason: decoded.reason }, 'candle relay message rejected');
      return;
    }
    this.stats.batches += 1;
    for (const update of decoded.updates) {
      try {
        this.sink.applyRemoteUpdate(update);
        this.stats.updates += 1;
      } catch (error) {
        // An update for a series this instance does not serve (config drift between instances) is skipped.
        this.stats.failed += 1;
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'candle relay update not applied',
        );
      }
    }
  }
}
