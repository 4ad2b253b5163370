import { describe, expect, it } from 'vitest';
import { newEventId } from './event-ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newEventId', () => {
  it('makes version 7 UUIDs that sort by their millisecond', () => {
    const ids = [0, 1, 2, 1000, 86_400_000].map((offset) => newEventId(Date.UTC(2026, 5, 1) + offset));
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
    const at = Date.UTC(2026, 5, 1, 4);
    expect(Number.parseInt(newEventId(at).replace('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('does not repeat', () => {
    const at = Date.UTC(2026, 5, 1);
    const ids = new Set(Array.from({ length: 10_000 }, () => newEventId(at)));
    expect(ids.size).toBe(10_000);
  });
});
