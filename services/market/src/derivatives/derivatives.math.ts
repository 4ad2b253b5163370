/**
 * Normalisation of raw perpetual figures (pure).
 *
 * - Funding per 8 hours: `rate × 8 / intervalHours` (a 4-hour market's 0.01 % is 0.02 % per 8 hours).
 * - Annualised basis, percent: the mark-over-index premium, which funding transfers once per funding interval,
 *   compounded simply over the intervals in a year:
 *   `basis = (mark − index) / index × (365 × 24 / intervalHours) × 100`.
 *   Perpetuals have no expiry, so this is the carry a trader would earn if today's premium persisted.
 * - 24-hour open-interest change, percent: `(oiNow − oi24hAgo) / oi24hAgo × 100`.
 */

export const FUNDING_NORMALISATION_HOURS = 8;
const HOURS_PER_YEAR = 365 * 24;
const PERCENT = 100;

export function normaliseFundingRate(rate: number, intervalHours: number): number {
  return (rate * FUNDING_NORMALISATION_HOURS) / intervalHours;
}

export function annualiseBasisPercent(markPrice: number, indexPrice: number, intervalHours: number): number {
  if (indexPrice <= 0) return 0;
  return ((markPrice - indexPrice) / indexPrice) * (HOURS_PER_YEAR / intervalHours) * PERCENT;
}

export function changePercent(now: number, before: number | undefined): number | null {
  if (before === undefined || before <= 0 || !Number.isFinite(before)) return null;
  return ((now - before) / before) * PERCENT;
}
