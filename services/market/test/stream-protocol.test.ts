import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCandleJson } from '../src/candles/candle-feed.ts';
import { makeCandles, startStreamHarness, type StreamHarness } from './stream-fake-feed.ts';
import { StreamTestClient } from './stream-test-client.ts';
import { waitFor } from './wait-for.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 0, 15, 12, 7);
const BTC = 'BTC/USDT:USDT';

describe('WebSocket /ws protocol', () => {
  let harness: StreamHarness;
  const clients: StreamTestClient[] = [];

  async function connectClient(options?: { autoPong?: boolean }): Promise<StreamTestClient> {
    const client = await StreamTestClient.connect(harness.url, options);
    clients.push(client);
    return client;
  }

  beforeEach(async () => {
    harness = await startStreamHarness();
    harness.feed.setCandles('bybit', BTC, '1m', makeCandles(1000, MINUTE, NOW - 7 * MINUTE));
    harness.feed.setCandles('bybit', BTC, '5m', makeCandles(400, 5 * MINUTE, NOW - 7 * MINUTE));
    harness.feed.setCandles('binance', BTC, '1m', makeCandles(50, MINUTE, NOW - 7 * MINUTE, 200));
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await harness.close();
  });

  it('acknowledges a subscribe, sends the newest 300 candles, then pushes klines as Candle objects', async () => {
    const client = await connectClient();
    client.send({ action: 'subscribe', symbol: BTC, exchange: 'bybit', timeframe: '1m' });
    expect(await client.next()).toEqual({
      type: 'subscribed',
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
    });
    const snapshot = await client.next();
    expect(snapshot).toMatchObject({ type: 'snapshot', exchange: 'bybit', symbol: BTC, timeframe: '1m' });
    const data = snapshot['data'] as Array<{ timestamp: number }>;
    expect(data).toHaveLength(300);
    expect(data).toEqual(
      makeCandles(1000, MINUTE, NOW - 7 * MINUTE)
        .slice(-300)
        .map(toCandleJson),
    );
    expect(data[0]).toHaveProperty('datetime', new Date(data[0]?.timestamp ?? 0).toISOString());

    const changed = makeCandles(2, MINUTE, NOW, 500);
    harness.feed.emit({ exchange: 'bybit', symbol: BTC, timeframe: '1m', candles: changed });
    expect(await client.next()).toEqual({
      type: 'kline',
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      data: changed.map(toCandleJson),
    });
  });

  it('accepts the key form and derived timeframes, and routes each update to its own topic only', async () => {
    const client = await connectClient();
    client.send({ action: 'subscribe', symbol: `bybit:${BTC}`, timeframe: '5m' });
    expect(await client.next()).toEqual({
      type: 'subscribed',
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '5m',
    });
    expect(((await client.next())['data'] as unknown[]).length).toBe(300);

    harness.feed.emit({
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(1, MINUTE, NOW),
    });
    harness.feed.emit({
      exchange: 'binance',
      symbol: BTC,
      timeframe: '5m',
      candles: makeCandles(1, 5 * MINUTE, NOW),
    });
    const derived = makeCandles(1, 5 * MINUTE, NOW - 2 * MINUTE, 300);
    harness.feed.emit({ exchange: 'bybit', symbol: BTC, timeframe: '5m', candles: derived });
    expect(await client.next()).toMatchObject({
      type: 'kline',
      timeframe: '5m',
      exchange: 'bybit',
      data: derived.map(toCandleJson),
    });
    expect(client.messages).toHaveLength(3);
  });

  it('uses the default exchange for a plain symbol and the exchange field when given', async () => {
    const client = await connectClient();
    client.send({ action: 'subscribe', symbol: BTC, timeframe: '1m' });
    expect(await client.next()).toMatchObject({ type: 'subscribed', exchange: 'bybit' });
    await client.nextOfType('snapshot');
    client.send({ action: 'subscribe', symbol: BTC, exchange: 'binance', timeframe: '1m' });
    expect(await client.next()).toMatchObject({ type: 'subscribed', exchange: 'binance' });
    expect(((await client.next())['data'] as unknown[]).length).toBe(50);
  });

  it('acknowledges an unsubscribe and stops the klines of that topic', async () => {
    const client = await connectClient();
    client.send({ action: 'subscribe', symbol: BTC, exchange: 'bybit', timeframe: '1m' });
    await client.nextOfType('snapshot');
    client.send({ action: 'unsubscribe', symbol: BTC, exchange: 'bybit', timeframe: '1m' });
    expect(await client.next()).toEqual({
      type: 'unsubscribed',
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
    });
    harness.feed.emit({
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(1, MINUTE, NOW),
    });
    client.send({ action: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
    expect(client.messages.filter((message) => message.type === 'kline')).toEqual([]);
  });

  it('answers errors as messages and keeps the connection open', async () => {
    const client = await connectClient();
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /invalid JSON/],
      ['[1,2]', /JSON object/],
      [{ action: 'launch' }, /unknown action "launch"/],
      [{ symbol: BTC }, /unknown action/],
      [{ action: 'subscribe', timeframe: '1m' }, /"symbol" is required/],
      [
        { action: 'subscribe', symbol: 'DOGE/USDT:USDT', timeframe: '1m' },
        /unknown symbol "DOGE\/USDT:USDT"/,
      ],
      [
        { action: 'subscribe', symbol: BTC, exchange: 'kraken', timeframe: '1m' },
        /unknown exchange "kraken"/,
      ],
      [{ action: 'subscribe', symbol: BTC, timeframe: '7m' }, /unknown timeframe "7m"/],
      [{ action: 'subscribe', symbol: BTC, timeframe: 5 }, /"timeframe" must be a string/],
      [{ action: 'unsubscribe', symbol: BTC, timeframe: '1y' }, /unknown timeframe/],
    ];
    for (const [message, expected] of cases) {
      client.send(message);
      const answer = await client.next();
      expect(answer.type).toBe('error');
      expect(answer['message']).toMatch(expected);
      expect(Object.keys(answer).sort()).toEqual(['message', 'type']);
    }
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.next()).toMatchObject({ type: 'error', message: expect.stringMatching(/binary/) });
    client.send({ action: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });

  it('allows at most 50 subscriptions per connection; repeats count once', async () => {
    const client = await connectClient();
    const timeframes = [
      '1m',
      '2m',
      '3m',
      '4m',
      '5m',
      '10m',
      '15m',
      '20m',
      '25m',
      '30m',
      '45m',
      '1h',
      '2h',
      '3h',
      '4h',
      '6h',
      '8h',
      '12h',
      '1d',
      '3d',
      '1w',
      '2w',
      '3w',
      '16h',
      '20h',
    ];
    const topics = ['BTC/USDT:USDT', 'ETH/USDT:USDT'].flatMap((symbol) =>
      timeframes.map((timeframe) => ({ symbol, timeframe })),
    );
    expect(topics).toHaveLength(50);
    for (const topic of topics) {
      client.send({ action: 'subscribe', ...topic });
      await client.nextOfType('snapshot');
    }
    client.send({ action: 'subscribe', symbol: BTC, timeframe: '1m' });
    expect(await client.next()).toMatchObject({ type: 'subscribed', timeframe: '1m' });
    await client.nextOfType('snapshot');
    client.send({ action: 'subscribe', symbol: BTC, timeframe: '5h' });
    expect(await client.next()).toEqual({
      type: 'error',
      message: 'subscription limit reached: at most 50 per connection',
    });
    client.send({ action: 'unsubscribe', symbol: BTC, timeframe: '3w' });
    await client.nextOfType('unsubscribed');
    client.send({ action: 'subscribe', symbol: BTC, timeframe: '5h' });
    expect(await client.next()).toMatchObject({ type: 'subscribed', timeframe: '5h' });
    expect(harness.app.candleStream.stats().subscriptions).toBe(50);
  });

  it('serialises each update once and sends the same text to every subscriber', async () => {
    const subscribers = await Promise.all([connectClient(), connectClient(), connectClient()]);
    for (const client of subscribers) {
      client.send({ action: 'subscribe', symbol: BTC, timeframe: '1m' });
      await client.nextOfType('snapshot');
    }
    const stringify = vi.spyOn(JSON, 'stringify');
    harness.feed.emit({
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(2, MINUTE, NOW),
    });
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    const received = await Promise.all(subscribers.map((client) => client.nextOfType('kline')));
    expect(received[1]).toEqual(received[0]);
    const texts = subscribers.map((client) => client.rawMessages.at(-1));
    expect(new Set(texts).size).toBe(1);
  });

  it('holds the snapshot (and klines) of a subscription until its exchange is ready', async () => {
    harness.feed.ready = false;
    const client = await connectClient();
    client.send({ action: 'subscribe', symbol: BTC, timeframe: '1m' });
    expect(await client.next()).toMatchObject({ type: 'subscribed' });
    harness.feed.emit({
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(1, MINUTE, NOW),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.messages).toHaveLength(1);
    harness.feed.ready = true;
    const snapshot = await client.next();
    expect(snapshot.type).toBe('snapshot');
    harness.feed.emit({
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(1, MINUTE, NOW),
    });
    expect((await client.next()).type).toBe('kline');
  });
});

describe('WebSocket /ws liveness and back-pressure', () => {
  let harness: StreamHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('drops a peer that stops answering pings and keeps one that answers', async () => {
    // Client and server share this process: an interval well above a busy event loop's stalls keeps the live peer.
    harness = await startStreamHarness({ heartbeatIntervalMs: 400 });
    const dead = await StreamTestClient.connect(harness.url, { autoPong: false });
    const alive = await StreamTestClient.connect(harness.url);
    await dead.closed(5_000);
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
    expect(harness.app.candleStream.stats().dropped.heartbeat_timeout).toBe(1);
    alive.send({ action: 'ping' });
    expect(await alive.next()).toEqual({ type: 'pong' });
    alive.close();
  });

  it('drops a client whose send buffer stays over the bound, without holding back the others', async () => {
    harness = await startStreamHarness({
      slowClientBufferedBytes: 64 * 1024,
      slowClientGraceMs: 200,
      maxBufferedBytes: 64 * 1024 * 1024,
    });
    const { feed } = harness;
    const fast = await StreamTestClient.connect(harness.url);
    fast.send({ action: 'subscribe', symbol: BTC, timeframe: '1m' });
    await fast.nextOfType('snapshot');
    const port = Number(new URL(harness.url).port);
    const stalled = await connectStalledClient(port, [
      JSON.stringify({ action: 'subscribe', symbol: BTC, timeframe: '1m' }),
    ]);
    await waitFor(() => harness?.app.candleStream.stats().subscriptions === 2);

    // ~40 KB a kline; the stalled peer's kernel buffers fill, then its ws buffer grows past the bound.
    const bigUpdate = {
      exchange: 'bybit',
      symbol: BTC,
      timeframe: '1m',
      candles: makeCandles(300, MINUTE, NOW),
    };
    const total = 400;
    for (let index = 0; index < total; index += 1) {
      feed.emit(bigUpdate);
      if (index % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await waitFor(() => harness?.app.candleStream.stats().dropped.slow_consumer === 1, { timeoutMs: 10_000 });
    await waitFor(() => fast.messages.filter((message) => message.type === 'kline').length === total, {
      timeoutMs: 10_000,
    });
    expect(harness.app.candleStream.stats().connections).toBe(1);
    stalled.destroy();
    fast.close();
  });
});

/** A WebSocket peer that completes the handshake, sends its frames, then never reads again. */
async function connectStalledClient(port: number, frames: string[]): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    let header = '';
    const onData = (chunk: Buffer) => {
      header += chunk.toString('latin1');
      if (header.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  socket.pause();
  for (const frame of frames) socket.write(encodeMaskedTextFrame(frame));
  return socket;
}

function encodeMaskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('test frames are short');
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}
