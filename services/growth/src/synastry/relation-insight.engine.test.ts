import { describe, expect, it } from 'vitest';
import { computeCompositeChart, computeNatalChart, computeSynastryAspects } from '../astrology/index.ts';
import { computeSynastryIndexes } from '../reports/builders/synastry-indexes.ts';
import { buildRelationInsight } from './relation-insight.engine.ts';

const PLACE = { name: '北京', lat: 39.9042, lng: 116.4074, tz: 'Asia/Shanghai', assumed: false };

function chartOf(birthDate: string, birthTime: string) {
  return computeNatalChart({ birthDate, birthTime, place: PLACE });
}

describe('buildRelationInsight', () => {
  const a = { displayName: '甲', chart: chartOf('1990-05-17', '08:30') };
  const b = { displayName: '乙', chart: chartOf('1991-11-02', '19:10') };

  it("uses the synastry report's indexes, so both always agree", () => {
    const expected = computeSynastryIndexes(
      computeSynastryAspects(a.chart, b.chart),
      computeCompositeChart(a.chart, b.chart),
    ).indexes;
    expect(buildRelationInsight(a, b).indexes).toEqual(expected);
  });

  it('lists flowing contacts as strengths and tense ones as challenges, at most three each', () => {
    const result = buildRelationInsight(a, b);
    expect(result.strengths.length).toBeLessThanOrEqual(3);
    expect(result.challenges.length).toBeLessThanOrEqual(3);
    for (const point of result.strengths) expect(point.key).toMatch(/\.(trine|sextile|conjunction)$/);
    for (const point of result.challenges) expect(point.key).toMatch(/\.(square|opposition|conjunction)$/);
    const keys = [...result.strengths, ...result.challenges].map((point) => point.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same result for the same charts', () => {
    expect(buildRelationInsight(a, b)).toEqual(buildRelationInsight(a, b));
  });

  it('names both people in the summary and titles', () => {
    const result = buildRelationInsight(a, b);
    expect(result.summary.startsWith('甲与乙：')).toBe(true);
    for (const point of result.strengths) expect(point.title).toMatch(/^甲的.+乙的.+$/);
  });
});
