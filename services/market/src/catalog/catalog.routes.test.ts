import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ALL_TIMEFRAMES } from '../candles/timeframes.ts';
import { HealthSchema, SymbolsSchema, TimeframesSchema } from './catalog.schemas.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe('GET /health', () => {
  it('answers the contract health object for a ready service', async () => {
    const response = await harness.app.inject('/health');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(HealthSchema, body)).toBe(true);
    expect(body).toMatchObject({
      status: 'ok',
      exchange: 'bybit',
      symbols: ['BTC/USDT:USDT', 'ETH/USDT:USDT'],
      exchanges: ['bybit', 'binance'],
      symbols_by_exchange: {
        bybit: ['BTC/USDT:USDT', 'ETH/USDT:USDT'],
        binance: ['BTC/USDT:USDT', 'SOL/USDT:USDT'],
      },
      base_timeframes: ['1m', '1h', '1d', '1w'],
      ready: true,
      ready_by_exchange: { bybit: true, binance: true },
      source: 'sim',
    });
    expect(body.symbol_list).toContainEqual({
      exchange: 'binance',
      symbol: 'SOL/USDT:USDT',
      key: 'binance:SOL/USDT:USDT',
      is_default_exchange: false,
    });
    expect(body.timeframes).toEqual([...ALL_TIMEFRAMES]);
    expect(body.derived_timeframes).toContain('45m');
    expect(body.derived_timeframes).toContain('3w');
  });

  it('answers liveness without touching anything', async () => {
    const response = await harness.app.inject('/healthz');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/symbols and /api/timeframes', () => {
  it('lists exchanges with their symbols and readiness, and every symbol entry', async () => {
    const response = await harness.app.inject('/api/symbols');
    const body = response.json();
    expect(Value.Check(SymbolsSchema, body)).toBe(true);
    expect(body.default_exchange).toBe('bybit');
    expect(body.count).toBe(4);
    expect(body.symbols).toHaveLength(4);
    expect(body.exchanges).toEqual([
      {
        exchange: 'bybit',
        symbols: ['BTC/USDT:USDT', 'ETH/USDT:USDT'],
        count: 2,
        base_timeframes: ['1m', '1h', '1d', '1w'],
        ready: true,
      },
      {
        exchange: 'binance',
        symbols: ['BTC/USDT:USDT', 'SOL/USDT:USDT'],
        count: 2,
        base_timeframes: ['1m', '1h', '1d', '1w'],
        ready: true,
      },
    ]);
    // Every key is accepted as `symbol` by the candles endpoint.
    for (const entry of body.symbols as { key: string }[]) {
      const candles = await harness.app.inject(
        `/api/candles?symbol=${encodeURIComponent(entry.key)}&limit=1`,
      );
      expect(candles.statusCode).toBe(200);
    }
  });

  it('lists base and derived timeframes', async () => {
    const body = (await harness.app.inject('/api/timeframes')).json();
    expect(Value.Check(TimeframesSchema, body)).toBe(true);
    expect(body.base_timeframes).toEqual(['1m', '1h', '1d', '1w']);
    expect(body.derived_by_base['1h']).toEqual([
      '2h',
      '3h',
      '4h',
      '5h',
      '6h',
      '7h',
      '8h',
      '9h',
      '10h',
      '11h',
      '12h',
      '16h',
      '20h',
    ]);
    expect(body.derived_by_base['1d']).toEqual(['2d', '3d', '4d', '5d', '6d']);
    expect(body.timeframes).toHaveLength(4 + 10 + 13 + 5 + 2);
  });
});

describe('OpenAPI and docs', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await harness.app.inject('/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/health',
      '/healthz',
      '/api/symbols',
      '/api/timeframes',
      '/api/candles',
      '/api/derivatives',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const parameters = document.paths['/api/candles'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters.sort()).toEqual(['end', 'exchange', 'limit', 'start', 'symbol', 'tf']);
  });

  it('serves the reference UI and its assets from the installed package', async () => {
    const page = await harness.app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
    const script = await harness.app.inject('/docs/static/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
  });

  it('answers unknown routes with the error body', async () => {
    const response = await harness.app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'no route GET /api/nothing' });
  });

  it('answers a URL that cannot be decoded with the error body too', async () => {
    const response = await harness.app.inject('/api/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_parameter',
      message: 'the URL is not validly percent-encoded',
    });
  });
});
