import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser } from '../../test/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Today {
  day: string;
  term: { key: string; name: string; starts_at: string };
  next: { key: string; name: string; starts_at: string };
  advice: Record<string, string>;
}

async function today(): Promise<Today> {
  const user = await newUser(t.app);
  const response = await user.request('GET', '/api/v1/solar-terms/today');
  expect(response.statusCode, response.body).toBe(200);
  return body<Today>(response).data;
}

describe('GET /solar-terms/today', () => {
  it('answers the current term, the next one with ISO instants, and the advice', async () => {
    const data = await today(); // 2026-06-01 in Shanghai
    expect(data.day).toBe('2026-06-01');
    expect(data.term).toMatchObject({ key: 'xiaoman', name: '小满' });
    expect(data.next).toMatchObject({ key: 'mangzhong', name: '芒种' });
    // Hong Kong Observatory: 小满 2026-05-21 08:37, 芒种 2026-06-05 23:48 (UTC+8); within a minute.
    expect(Math.abs(Date.parse(data.term.starts_at) - Date.parse('2026-05-21T00:37:00Z'))).toBeLessThan(
      60_000,
    );
    expect(Math.abs(Date.parse(data.next.starts_at) - Date.parse('2026-06-05T15:48:00Z'))).toBeLessThan(
      60_000,
    );
    expect(data.term.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Object.keys(data.advice).sort()).toEqual(['diet', 'mood', 'movement', 'sleep', 'theme']);
    expect(data.advice.theme?.length).toBeGreaterThan(0);
  });

  it('counts the Shanghai calendar day: the day a term begins belongs to it', async () => {
    // 立春 2026 begins 2026-02-04 04:02 Beijing time. At 01:00 that day it is already "today's" term…
    t.clock.set('2026-02-03T17:00:00Z');
    expect((await today()).term.key).toBe('lichun');
    // …while at 23:00 the evening before, Shanghai is still on the 3rd: 大寒.
    t.clock.set('2026-02-03T15:00:00Z');
    const before = await today();
    expect(before.day).toBe('2026-02-03');
    expect(before.term.key).toBe('dahan');
    expect(before.next.key).toBe('lichun');
  });

  it('rolls over the year end: 冬至 then 小寒 of the next year', async () => {
    t.clock.set('2026-12-31T04:00:00Z');
    const data = await today();
    expect(data.term.key).toBe('dongzhi');
    expect(data.next.key).toBe('xiaohan');
    expect(data.next.starts_at.startsWith('2027-01-')).toBe(true);
  });

  it('needs a device identity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/solar-terms/today' }), 401, 40100);
  });
});
