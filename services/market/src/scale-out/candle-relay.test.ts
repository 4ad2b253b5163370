import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { CandleUpdate } from '../candles/candle-feed.ts';
import type { RemoteCatchUp } from '../candles/market-feed.ts';
import { encodeRelayMessage } from './candle-relay.codec.ts';
import { CandleRelaySubscriber, type RemoteUpdateSink } from './candle-relay.ts';
import { waitFor } from '../../test/wait-for.ts';

const CHANNEL = 'market:candles:v1:test';
const MINUTE = 60_000;

/** Stands in for an ioredis subscriber connection: `ready` on every (re)connection, `message` per publish. */
class FakeSubscriberClient extends EventEmitter {
  readonly subscriptions: string[] = [];

  async subscribe(channel: string): Promise<unknown> {
    this.subscriptions.push(channel);
    return 1;
  }
}

class RecordingSink implements RemoteUpdateSink {
  readonly applied: CandleUpdate[] = [];
  /** Per catch-up started: its passes and whether it was finished. */
  readonly catchUps: { passes: number; finished: boolean }[] = [];
  failNextPass = false;

  applyRemoteUpdate(update: CandleUpdate): void {
    if (update.symbol === 'UNKNOWN/USDT:USDT') throw new Error('unknown symbol');
    this.applied.push(update);
  }

  startCatchUp(): RemoteCatchUp {
    const record = { passes: 0, finished: false };
    this.catchUps.push(record);
    return {
      run: async () => {
        record.passes += 1;
        if (this.failNextPass) {
          this.failNextPass = false;
          throw new Error('database unavailable');
        }
        return 4;
      },
      finish: () => {
        record.finished = true;
      },
    };
  }
}

function startSubscriber(secondPassMs = 30) {
  const client = new FakeSubscriberClient();
  const sink = new RecordingSink();
  const warnings: string[] = [];
  const subscriber = new CandleRelaySubscriber(
    client,
    CHANNEL,
    sink,
    { warn: (_details, message) => warnings.push(message) },
    secondPassMs,
  );
  return { client, sink, warnings, subscriber };
}

const update = (symbol: string, timestamp: number): CandleUpdate => ({
  exchange: 'bybit',
  symbol,
  timeframe: '1m',
  candles: [{ timestamp, open: 100, high: 101, low: 99, close: 100.5, volume: 12 }],
});

describe('candle relay subscriber', () => {
  it('applies the updates of its channel only and skips what its feed refuses', async () => {
    const { client, sink, subscriber } = startSubscriber();
    await subscriber.start();
    expect(client.subscriptions).toEqual([CHANNEL]);
    const message = encodeRelayMessage([update('BTC/USDT:USDT', 0), update('UNKNOWN/USDT:USDT', 0)], 1);
    client.emit('message', 'market:candles:v1:other-deployment', message);
    client.emit('message', CHANNEL, message);
    client.emit('message', CHANNEL, '{"v":1,"sentAt":1,"updates":[{"exchange":"bybit"}]}');
    expect(sink.applied.map((applied) => applied.symbol)).toEqual(['BTC/USDT:USDT']);
    expect(subscriber.stats).toMatchObject({ batches: 1, updates: 1, failed: 1, rejected: 1 });
    subscriber.stop();
  });

  it('catches up from the database after a reconnect, at once and once more later, but not on the first connect', async () => {
    const { client, sink, subscriber } = startSubscriber();
    const starting = subscriber.start();
    // The first connection's `ready` comes before the subscription: nothing can have been missed yet.
    client.emit('ready');
    await starting;
    expect(sink.catchUps).toEqual([]);

    client.emit('ready');
    expect(sink.catchUps).toEqual([{ passes: 1, finished: false }]);
    await waitFor(() => sink.catchUps[0]?.finished === true);
    expect(sink.catchUps).toEqual([{ passes: 2, finished: true }]);
    expect(subscriber.stats).toMatchObject({ catchUps: 2, recovered: 8 });
    subscriber.stop();
  });

  it('starts over on another reconnect, logs a failed pass and keeps going, and stop ends the catch-up', async () => {
    const { client, sink, warnings, subscriber } = startSubscriber(60_000);
    await subscriber.start();
    sink.failNextPass = true;
    client.emit('ready');
    await waitFor(() => warnings.length === 1);
    expect(warnings).toEqual(['candle catch-up from the database failed']);
    expect(subscriber.stats.catchUps).toBe(0);
    // A second reconnect before the second pass: the first catch-up ends, a new one starts from now.
    client.emit('ready');
    expect(sink.catchUps).toEqual([
      { passes: 1, finished: true },
      { passes: 1, finished: false },
    ]);
    subscriber.stop();
    expect(sink.catchUps[1]).toEqual({ passes: 1, finished: true });
    client.emit('ready');
    expect(sink.catchUps).toHaveLength(2);
    // Messages still apply after stop: the connection itself is closed by its owner.
    client.emit('message', CHANNEL, encodeRelayMessage([update('BTC/USDT:USDT', MINUTE)], 2));
    expect(sink.applied).toHaveLength(1);
  });
});
