import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/build-test-app.ts';
import { DerivativesSnapshotSchema } from './derivatives.schemas.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe('GET /api/derivatives (sim)', () => {
  it('defaults to BTC/USDT:USDT on the default exchange and follows the documented formulas', async () => {
    const response = await harness.app.inject('/api/derivatives');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(DerivativesSnapshotSchema, body)).toBe(true);
    expect(body).toMatchObject({ exchange: 'bybit', symbol: 'BTC/USDT:USDT', timestamp: TEST_NOW });
    expect(body.datetime).toBe(new Date(TEST_NOW).toISOString());
    expect(body.funding_rate).toBeCloseTo((body.funding_rate_raw * 8) / body.funding_interval_hours, 15);
    const premium = (body.mark_price - body.index_price) / body.index_price;
    expect(body.basis).toBeCloseTo(premium * ((365 * 24) / body.funding_interval_hours) * 100, 9);
    expect(body.open_interest).toBeGreaterThan(1e8);
    expect(Math.abs(body.oi_change_pct)).toBeLessThan(100);
    // The index price is the newest traded price of the sim.
    const [newest] = (
      await harness.app.inject(`/api/candles?symbol=${encodeURIComponent('BTC/USDT:USDT')}&limit=1`)
    ).json();
    expect(body.index_price).toBe(newest.close);
  });

  it('accepts a key and answers the same as symbol plus exchange', async () => {
    const byKey = (
      await harness.app.inject(`/api/derivatives?symbol=${encodeURIComponent('binance:SOL/USDT:USDT')}`)
    ).json();
    const byParam = (
      await harness.app.inject(
        `/api/derivatives?symbol=${encodeURIComponent('SOL/USDT:USDT')}&exchange=binance`,
      )
    ).json();
    expect(byKey).toEqual(byParam);
    expect(byKey.exchange).toBe('binance');
  });

  it.each([
    [`symbol=${encodeURIComponent('DOGE/USDT:USDT')}`, 404, 'unknown_symbol'],
    ['exchange=kraken', 404, 'unknown_exchange'],
    [`symbol=${encodeURIComponent('bybit:BTC/USDT:USDT')}&exchange=binance`, 400, 'invalid_parameter'],
  ])('rejects %s', async (query, status, code) => {
    const response = await harness.app.inject(`/api/derivatives?${query}`);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(code);
  });
});
