import type { WebSocket } from 'ws';
import type { Candle, CandleFeed, CandleUpdate } from '../candles/candle-feed.ts';
import { toCandleJson } from '../candles/candle-feed.ts';
import { findTimeframe } from '../candles/timeframes.ts';
import type { SymbolCatalog } from '../catalog/symbol-catalog.ts';
import { AppError } from '../errors/app-error.ts';
import type { DropReason, StreamLimits } from './stream-connection.ts';
import { CLOSE_GOING_AWAY, StreamConnection } from './stream-connection.ts';
import type { SubscriptionTarget, TopicIdentity } from './stream.protocol.ts';
import {
  formatAckMessage,
  formatCandlesMessage,
  formatErrorMessage,
  parseClientMessage,
  PONG_MESSAGE,
  quoteClientText,
} from './stream.protocol.ts';

/** Where kline updates come from: the local feed, or on an `api` instance the Redis relay. */
export type CandleUpdateSource = Pick<CandleFeed, 'onUpdate'>;

export interface StreamLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface CandleStreamHubOptions {
  /** Snapshots and readiness. */
  feed: Pick<CandleFeed, 'queryCandles' | 'isReady'>;
  updates: CandleUpdateSource;
  catalog: Pick<SymbolCatalog, 'resolve'>;
  limits: StreamLimits;
  now: () => number;
  logger: StreamLogger;
}

export interface StreamStats {
  connections: number;
  subscriptions: number;
  topics: number;
  klinesSent: number;
  dropped: Record<DropReason, number>;
}

interface Topic {
  identity: TopicIdentity;
  subscribers: Set<StreamConnection>;
}

/** While a subscription waits for its exchange to become ready, its snapshot is retried this often. */
const PENDING_SNAPSHOT_RETRY_MS = 250;

/**
 * Fans candle updates out to WebSocket subscribers. A topic is (exchange, symbol, timeframe); each update is
 * serialised once and the same string goes to every subscriber of its topic, so the cost of an update grows with
 * its subscribers' socket writes, not with JSON work.
 */
export class CandleStreamHub {
  private readonly topics = new Map<string, Topic>();
  private readonly connections = new Set<StreamConnection>();
  private readonly pendingSnapshots = new Set<StreamConnection>();
  private readonly dropped: Record<DropReason, number> = {
    heartbeat_timeout: 0,
    slow_consumer: 0,
    buffer_overflow: 0,
  };
  private klinesSent = 0;
  private unsubscribeUpdates: (() => void) | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private snapshotTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CandleStreamHubOptions) {}

  start(): void {
    this.unsubscribeUpdates = this.options.updates.onUpdate((update) => this.publish(update));
    this.heartbeatTimer = setInterval(() => {
      for (const connection of this.connections) connection.checkHeartbeat();
    }, this.options.limits.heartbeatIntervalMs);
    this.heartbeatTimer.unref();
  }

  /** Stops listening and closes every socket with "going away", so clients reconnect elsewhere. */
  stop(): void {
    this.unsubscribeUpdates?.();
    clearInterval(this.heartbeatTimer);
    clearInterval(this.snapshotTimer);
    for (const connection of this.connections) connection.close(CLOSE_GOING_AWAY, 'server shutting down');
    this.connections.clear();
    this.topics.clear();
    this.pendingSnapshots.clear();
  }

  attach(socket: WebSocket): StreamConnection {
    const connection = new StreamConnection(
      socket,
      this.options.limits,
      this.options.now,
      (dropped, reason) => {
        this.dropped[reason] += 1;
        this.options.logger.info(
          { reason, subscriptions: dropped.subscriptions.size },
          'websocket client dropped',
        );
        this.detach(dropped);
      },
    );
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      connection.markAlive();
      this.handleMessage(connection, isBinary ? undefined : rawDataToText(data));
    });
    socket.on('close', () => this.detach(connection));
    // `ws` closes the socket after a protocol error; the close handler does the cleanup.
    socket.on('error', () => undefined);
    return connection;
  }

  /** Sends one update to its topic's subscribers; exported for the relay and the benchmark. */
  publish(update: CandleUpdate): void {
    const topic = this.topics.get(topicKey(update));
    if (topic === undefined || topic.subscribers.size === 0 || update.candles.length === 0) return;
    // Encoded to UTF-8 once as well: `ws` would otherwise copy the string into a new buffer for every subscriber.
    const message = Buffer.from(
      formatCandlesMessage('kline', topic.identity, update.candles.map(toCandleJson)),
    );
    const key = topicKey(topic.identity);
    for (const connection of topic.subscribers) {
      if (connection.subscriptions.get(key) !== 'live') continue;
      connection.send(message);
      this.klinesSent += 1;
    }
  }

  stats(): StreamStats {
    let subscriptions = 0;
    for (const connection of this.connections) subscriptions += connection.subscriptions.size;
    return {
      connections: this.connections.size,
      subscriptions,
      topics: this.topics.size,
      klinesSent: this.klinesSent,
      dropped: { ...this.dropped },
    };
  }

  private handleMessage(connection: StreamConnection, raw: string | undefined): void {
    if (raw === undefined) {
      connection.send(formatErrorMessage('binary frames are not supported; send JSON text'));
      return;
    }
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      connection.send(formatErrorMessage(parsed.message));
      return;
    }
    const { command } = parsed;
    if (command.action === 'ping') {
      connection.send(PONG_MESSAGE);
      return;
    }
    const resolved = this.resolveTarget(command.target);
    if ('error' in resolved) {
      connection.send(formatErrorMessage(resolved.error));
      return;
    }
    if (command.action === 'subscribe') this.subscribe(connection, resolved);
    else this.unsubscribe(connection, resolved);
  }

  private resolveTarget(target: SubscriptionTarget): TopicIdentity | { error: string } {
    let exchange: string;
    let symbol: string;
    try {
      ({ exchange, symbol } = this.options.catalog.resolve(target.symbol, target.exchange));
    } catch (error) {
      if (error instanceof AppError) return { error: error.message };
      throw error;
    }
    if (findTimeframe(target.timeframe) === undefined) {
      return { error: `unknown timeframe ${quoteClientText(target.timeframe)}` };
    }
    return { exchange, symbol, timeframe: target.timeframe };
  }

  private subscribe(connection: StreamConnection, identity: TopicIdentity): void {
    const key = topicKey(identity);
    const isNew = !connection.subscriptions.has(key);
    if (isNew && connection.subscriptions.size >= this.options.limits.maxSubscriptionsPerConnection) {
      const limit = this.options.limits.maxSubscriptionsPerConnection;
      connection.send(formatErrorMessage(`subscription limit reached: at most ${limit} per connection`));
      return;
    }
    let topic = this.topics.get(key);
    if (topic === undefined) {
      topic = { identity, subscribers: new Set() };
      this.topics.set(key, topic);
    }
    topic.subscribers.add(connection);
    // A repeated subscribe is answered again (ack and a fresh snapshot) but counts once.
    connection.subscriptions.set(key, 'awaiting_snapshot');
    connection.send(formatAckMessage('subscribed', identity));
    this.sendSnapshot(connection, topic);
  }

  private unsubscribe(connection: StreamConnection, identity: TopicIdentity): void {
    const key = topicKey(identity);
    connection.subscriptions.delete(key);
    this.leaveTopic(connection, key);
    connection.send(formatAckMessage('unsubscribed', identity));
  }

  /** Sends the snapshot now, or, while the exchange is still loading, as soon as it is ready. */
  private sendSnapshot(connection: StreamConnection, topic: Topic): void {
    const key = topicKey(topic.identity);
    if (connection.subscriptions.get(key) !== 'awaiting_snapshot') return;
    let candles: Candle[];
    try {
      candles = this.options.feed.queryCandles({
        ...topic.identity,
        limit: this.options.limits.snapshotCandles,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'exchange_not_ready') {
        this.schedulePendingSnapshots(connection);
        return;
      }
      connection.subscriptions.delete(key);
      this.leaveTopic(connection, key);
      const message = error instanceof AppError ? error.message : 'snapshot failed';
      connection.send(formatErrorMessage(message));
      return;
    }
    connection.send(formatCandlesMessage('snapshot', topic.identity, candles.map(toCandleJson)));
    connection.subscriptions.set(key, 'live');
  }

  private schedulePendingSnapshots(connection: StreamConnection): void {
    this.pendingSnapshots.add(connection);
    if (this.snapshotTimer !== undefined) return;
    this.snapshotTimer = setInterval(() => this.retryPendingSnapshots(), PENDING_SNAPSHOT_RETRY_MS);
    this.snapshotTimer.unref();
  }

  private retryPendingSnapshots(): void {
    for (const connection of this.pendingSnapshots) {
      let waiting = false;
      for (const [key, state] of connection.subscriptions) {
        if (state !== 'awaiting_snapshot') continue;
        const topic = this.topics.get(key);
        if (topic === undefined) continue;
        if (this.options.feed.isReady(topic.identity.exchange)) this.sendSnapshot(connection, topic);
        if (connection.subscriptions.get(key) === 'awaiting_snapshot') waiting = true;
      }
      if (!waiting || !connection.isOpen) this.pendingSnapshots.delete(connection);
    }
    if (this.pendingSnapshots.size === 0) {
      clearInterval(this.snapshotTimer);
      this.snapshotTimer = undefined;
    }
  }

  private detach(connection: StreamConnection): void {
    if (!this.connections.delete(connection)) return;
    for (const key of connection.subscriptions.keys()) this.leaveTopic(connection, key);
    connection.subscriptions.clear();
    this.pendingSnapshots.delete(connection);
  }

  private leaveTopic(connection: StreamConnection, key: string): void {
    const topic = this.topics.get(key);
    if (topic === undefined) return;
    topic.subscribers.delete(connection);
    if (topic.subscribers.size === 0) this.topics.delete(key);
  }
}

function topicKey(topic: TopicIdentity): string {
  return `${topic.exchange}\u0000${topic.symbol}\u0000${topic.timeframe}`;
}

function rawDataToText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
