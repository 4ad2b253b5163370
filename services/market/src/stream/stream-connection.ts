import type { WebSocket } from 'ws';

/**
 * Named bounds of the stream, in the spirit of tardis-machine's ws server: each one says what it protects.
 */
export interface StreamLimits {
  /** The contract's cap on subscriptions of one connection. */
  maxSubscriptionsPerConnection: number;
  /** A ping goes out this often; a peer that has not answered the previous one by then is dropped as dead. */
  heartbeatIntervalMs: number;
  /**
   * A client whose unsent bytes stay above this bound for longer than `slowClientGraceMs` is dropped: it cannot
   * keep up, and buffering for it without end would grow memory for everyone on the instance.
   */
  slowClientBufferedBytes: number;
  slowClientGraceMs: number;
  /** Above this many unsent bytes a client is dropped at once, grace or not. */
  maxBufferedBytes: number;
  /** Largest client frame accepted; client messages are a few hundred bytes. */
  maxClientMessageBytes: number;
  /** Candles in the snapshot that follows a subscribe. */
  snapshotCandles: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxSubscriptionsPerConnection: 50,
  heartbeatIntervalMs: 30_000,
  // A 300-candle snapshot is ~45 KB; a megabyte is many seconds of klines for 50 subscriptions.
  slowClientBufferedBytes: 1024 * 1024,
  slowClientGraceMs: 10_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxClientMessageBytes: 16 * 1024,
  snapshotCandles: 300,
};

/** Close codes (RFC 6455): 1008 policy violation for a slow consumer, 1001 going away on shutdown. */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_GOING_AWAY = 1001;
const OPEN = 1;
/** A pre-encoded buffer still goes out as a text frame: the protocol is JSON text. */
const TEXT_FRAME = { binary: false, compress: false, fin: true } as const;

export type DropReason = 'heartbeat_timeout' | 'slow_consumer' | 'buffer_overflow';

/** Per-topic state of a subscription: klines only flow once the snapshot has gone out. */
export type SubscriptionState = 'awaiting_snapshot' | 'live';

/** One client socket: its subscriptions, liveness and send-buffer watch. */
export class StreamConnection {
  readonly subscriptions = new Map<string, SubscriptionState>();
  private answeredPing = true;
  private congestedSince: number | undefined;
  private dropped = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: StreamLimits,
    private readonly now: () => number,
    private readonly onDrop: (connection: StreamConnection, reason: DropReason) => void,
  ) {
    socket.on('pong', () => {
      this.answeredPing = true;
    });
  }

  get isOpen(): boolean {
    return !this.dropped && this.socket.readyState === OPEN;
  }

  /** Any frame from the peer proves it is alive. */
  markAlive(): void {
    this.answeredPing = true;
  }

  /**
   * Queues a frame without waiting: `ws` buffers it, and the buffer is watched instead of awaited, so one slow
   * reader never holds up the loop that fans a kline out to everyone else.
   */
  send(message: string | Buffer): void {
    if (!this.isOpen) return;
    this.socket.send(message, TEXT_FRAME);
    this.watchBuffer();
  }

  /** Called on every heartbeat tick: drops a peer that missed the last ping, pings the rest. */
  checkHeartbeat(): void {
    if (!this.isOpen) return;
    if (!this.answeredPing) {
      this.drop('heartbeat_timeout');
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
    // A congested client that gets no new frames must still be judged when its grace runs out.
    this.watchBuffer();
  }

  close(code: number, reason: string): void {
    if (this.isOpen) this.socket.close(code, reason);
  }

  private watchBuffer(): void {
    const buffered = this.socket.bufferedAmount;
    if (buffered > this.limits.maxBufferedBytes) {
      this.drop('buffer_overflow');
      return;
    }
    if (buffered <= this.limits.slowClientBufferedBytes) {
      this.congestedSince = undefined;
      return;
    }
    const now = this.now();
    this.congestedSince ??= now;
    if (now - this.congestedSince >= this.limits.slowClientGraceMs) this.drop('slow_consumer');
  }

  private drop(reason: DropReason): void {
    if (this.dropped) return;
    this.dropped = true;
    // terminate, not close: a close frame would queue behind the very bytes the peer is not reading.
    this.socket.terminate();
    this.onDrop(this, reason);
  }
}
