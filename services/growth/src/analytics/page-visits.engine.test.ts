import { describe, expect, it } from 'vitest';
import { MAX_DWELL_MS, linkPageVisits, readReportedDwellMs, type PageEvent } from './page-visits.engine.ts';

const view = (pagePath: string | null, occurredMs: number): PageEvent => ({
  name: 'page_view',
  pagePath,
  occurredMs,
  dwellMs: null,
});
const leave = (pagePath: string | null, occurredMs: number, dwellMs: number | null): PageEvent => ({
  name: 'page_leave',
  pagePath,
  occurredMs,
  dwellMs,
});

describe('linkPageVisits', () => {
  it('takes dwell from the gap to the next view, and marks only the last view as the exit', () => {
    expect(linkPageVisits([view('/a', 1000), view('/b', 4000), view('/c', 10_000)])).toEqual([
      { dwellMs: 3000, isExit: false },
      { dwellMs: 6000, isExit: false },
      { dwellMs: null, isExit: true },
    ]);
  });

  it('prefers the reported dwell of a page_leave of the same page before the next view', () => {
    const visits = linkPageVisits([
      view('/a', 0),
      leave('/a', 2000, 1500),
      view('/b', 5000),
      leave('/b', 9000, 4200),
    ]);
    expect(visits).toEqual([{ dwellMs: 1500, isExit: false }, null, { dwellMs: 4200, isExit: true }, null]);
  });

  it('ignores leaves of another page and leaves without a usable dwell', () => {
    const visits = linkPageVisits([
      view('/a', 0),
      leave('/x', 100, 99),
      leave('/a', 200, null),
      view('/b', 700),
    ]);
    expect(visits[0]).toEqual({ dwellMs: 700, isExit: false });
  });

  it('uses the first matching leave when a page reports twice', () => {
    const visits = linkPageVisits([view('/a', 0), leave('/a', 100, 100), leave('/a', 300, 300)]);
    expect(visits[0]).toEqual({ dwellMs: 100, isExit: true });
  });

  it('drops gaps longer than the idle limit and keeps a gap of exactly the limit', () => {
    expect(linkPageVisits([view('/a', 0), view('/b', MAX_DWELL_MS + 1)])[0]).toEqual({
      dwellMs: null,
      isExit: false,
    });
    expect(linkPageVisits([view('/a', 0), view('/b', MAX_DWELL_MS)])[0]).toEqual({
      dwellMs: MAX_DWELL_MS,
      isExit: false,
    });
  });

  it('matches views and leaves without a page path to each other', () => {
    expect(linkPageVisits([view(null, 0), leave(null, 10, 8)])[0]).toEqual({
      dwellMs: 8,
      isExit: true,
    });
  });
});

describe('readReportedDwellMs', () => {
  it('accepts finite non-negative numbers, rounds them and clamps to the idle limit', () => {
    expect(readReportedDwellMs(1234.4)).toBe(1234);
    expect(readReportedDwellMs(0)).toBe(0);
    expect(readReportedDwellMs(MAX_DWELL_MS * 3)).toBe(MAX_DWELL_MS);
    for (const bad of [-1, '1000', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(readReportedDwellMs(bad)).toBeNull();
    }
  });
});
