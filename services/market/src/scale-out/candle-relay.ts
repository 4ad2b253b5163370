import type { CandleFeed, CandleUpdate } from '../candles/candle-feed.ts';
import type { RemoteCatchUp } from '../candles/market-feed.ts';
import { findTimeframe } from '../candles/timeframes.ts';
import { decodeRelayMessage, encodeRelayMessage } from './candle-relay.codec.ts';

/**
 * The one thing an `api` instance's feed must offer the relay: apply base candles another instance collected to the
 * in-memory window (derived timeframes recomputed there), emit the resulting updates through `onUpdate`, and persist
 * nothing (the collector already did). The core's MarketFeed implements it as `applyRemoteUpdate`.
 */
export interface RemoteUpdateSink {
  applyRemoteUpdate(update: CandleUpdate): void;
  /** Starts reading what was missed while the relay was away from the shared database (see MarketFeed). */
  startCatchUp(): RemoteCatchUp;
}

export function canApplyRemoteUpdates(feed: CandleFeed): feed is CandleFeed & RemoteUpdateSink {
  return (
    'applyRemoteUpdate' in feed &&
    typeof feed.applyRemoteUpdate === 'function' &&
    'startCatchUp' in feed &&
    typeof feed.startCatchUp === 'function'
  );
}

/** The ioredis surface the relay uses; tests and the benchmark may pass anything shaped like it. */
export interface RelayPublisherClient {
  publish(channel: string, message: string): Promise<number>;
}

export interface RelaySubscriberClient {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  /** Emitted on every (re)connection; ioredis re-subscribes by itself after a reconnect. */
  on(event: 'ready', listener: () => void): unknown;
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

export interface SubscriberStats extends RelayStats {
  /** Catch-up passes after a reconnect, and the candles they recovered from the database. */
  catchUps: number;
  recovered: number;
}

/**
 * A reconnect is followed by two catch-up passes: one at once, and one after the collector's write-behind (flushed
 * every second) has surely stored the candles whose only publish fell into the outage.
 */
export const CATCH_UP_SECOND_PASS_MS = 3_000;

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

/**
 * API side: applies the collector's updates to the local feed, which then emits them to the WebSocket stream. Pub/sub
 * does not replay, so after a reconnect the feed catches up from the shared database what was published meanwhile.
 */
export class CandleRelaySubscriber {
  readonly stats: SubscriberStats = {
    batches: 0,
    updates: 0,
    failed: 0,
    rejected: 0,
    catchUps: 0,
    recovered: 0,
  };
  private subscribed = false;
  private stopped = false;
  private catchUp: { progress: RemoteCatchUp; secondPass: NodeJS.Timeout } | undefined;

  constructor(
    private readonly client: RelaySubscriberClient,
    private readonly channel: string,
    private readonly sink: RemoteUpdateSink,
    private readonly logger: RelayLogger,
    private readonly secondPassMs = CATCH_UP_SECOND_PASS_MS,
  ) {}

  async start(): Promise<void> {
    this.client.on('message', (channel, message) => {
      if (channel === this.channel) this.receive(message);
    });
    this.client.on('ready', () => {
      // The first connection's `ready` comes before the subscription: nothing can have been missed then.
      if (this.subscribed && !this.stopped) this.startCatchUp();
    });
    await this.client.subscribe(this.channel);
    this.subscribed = true;
  }

  stop(): void {
    this.stopped = true;
    this.finishCatchUp();
  }

  private startCatchUp(): void {
    // Another reconnect during a catch-up: start over from what this instance holds now.
    this.finishCatchUp();
    const progress = this.sink.startCatchUp();
    const secondPass = setTimeout(() => {
      void this.runCatchUpPass(progress).finally(() => {
        if (this.catchUp?.progress === progress) this.finishCatchUp();
      });
    }, this.secondPassMs);
    secondPass.unref();
    this.catchUp = { progress, secondPass };
    void this.runCatchUpPass(progress);
  }

  private finishCatchUp(): void {
    if (!this.catchUp) return;
    clearTimeout(this.catchUp.secondPass);
    this.catchUp.progress.finish();
    this.catchUp = undefined;
  }

  private async runCatchUpPass(progress: RemoteCatchUp): Promise<void> {
    try {
      const recovered = await progress.run();
      this.stats.catchUps += 1;
      this.stats.recovered += recovered;
    } catch (error) {
      this.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'candle catch-up from the database failed',
      );
    }
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
