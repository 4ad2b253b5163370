import { describe, expect, it } from 'vitest';
import { isInsideWindow, resolveEnabled, type ScheduledChange } from './cms-schedule.ts';

const change = (
  action: ScheduledChange['action'],
  publishAt: string,
  createdAt = '2026-01-01T00:00:00.000Z',
) => ({
  action,
  publishAt,
  createdAt,
});

describe('isInsideWindow', () => {
  const window = { startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-06-02T00:00:00.000Z' };

  it('includes the start and excludes the end', () => {
    expect(isInsideWindow(window, '2026-05-31T23:59:59.999Z')).toBe(false);
    expect(isInsideWindow(window, '2026-06-01T00:00:00.000Z')).toBe(true);
    expect(isInsideWindow(window, '2026-06-01T23:59:59.999Z')).toBe(true);
    expect(isInsideWindow(window, '2026-06-02T00:00:00.000Z')).toBe(false);
  });

  it('treats a missing end as open', () => {
    expect(isInsideWindow({ startsAt: null, endsAt: null }, '2000-01-01T00:00:00.000Z')).toBe(true);
    expect(isInsideWindow({ startsAt: window.startsAt, endsAt: null }, '2099-01-01T00:00:00.000Z')).toBe(
      true,
    );
  });
});

describe('resolveEnabled', () => {
  it('follows the switch when nothing is due', () => {
    expect(resolveEnabled({ enabled: true, enabledChangedAt: null }, [])).toBe(true);
    expect(resolveEnabled({ enabled: false, enabledChangedAt: '2026-06-01T00:00:00.000Z' }, [])).toBe(false);
  });

  it('lets a due change made after the last flip decide', () => {
    const state = { enabled: false, enabledChangedAt: '2026-06-01T00:00:00.000Z' };
    expect(resolveEnabled(state, [change('publish', '2026-06-01T09:00:00.000Z')])).toBe(true);
    expect(
      resolveEnabled({ enabled: true, enabledChangedAt: null }, [
        change('unpublish', '2026-06-01T09:00:00.000Z'),
      ]),
    ).toBe(false);
  });

  it('lets a later flip override an earlier due change', () => {
    const state = { enabled: false, enabledChangedAt: '2026-06-01T09:30:00.000Z' };
    expect(resolveEnabled(state, [change('publish', '2026-06-01T09:00:00.000Z')])).toBe(false);
  });

  it('takes the latest due change, and the later-created one on a tie', () => {
    const state = { enabled: false, enabledChangedAt: null };
    const changes = [
      change('publish', '2026-06-01T09:00:00.000Z'),
      change('unpublish', '2026-06-01T10:00:00.000Z'),
      change('publish', '2026-06-01T08:00:00.000Z'),
    ];
    expect(resolveEnabled(state, changes)).toBe(false);
    const tie = [
      change('unpublish', '2026-06-01T10:00:00.000Z', '2026-05-01T00:00:00.000Z'),
      change('publish', '2026-06-01T10:00:00.000Z', '2026-05-02T00:00:00.000Z'),
    ];
    expect(resolveEnabled(state, tie)).toBe(true);
  });
});
