/**
 * Two-person (synastry) report: inter-chart aspects, the three indexes, and the six charts of a relationship.
 * Pure: charts in, summary and detail out.
 */
import {
  ASPECT_NAMES_ZH,
  computeCompositeChart,
  computeDavisonChart,
  computeHouseOverlay,
  computeMarksChart,
  computeSecondaryProgression,
  computeSynastryAspects,
  signNameZh,
  type Aspect,
  type BodyPosition,
  type Chart,
} from '../../astrology/index.ts';
import type { ReportDetail } from '../report-detail.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { pairKey } from './aspect-keys.ts';
import {
  pointNameZh,
  requireBody,
  summarizeAspect,
  summarizeChart,
  summarizePlanets,
  type AspectSummary,
  type ChartSummary,
  type PlanetSummary,
} from './chart-summary.ts';
import { noonOf } from './report-dates.ts';
import { computeSynastryIndexes, indexBand, type SynastryIndexes } from './synastry-indexes.ts';

export interface SynastryPerson {
  profileId: string;
  displayName: string;
  chart: Chart;
}

export interface SynastryInput {
  a: SynastryPerson;
  b: SynastryPerson;
  /** The progression day, `YYYY-MM-DD`. */
  asOf: string;
  /** The instant the progressions are computed for (noon of `asOf` in Asia/Shanghai). */
  asOfInstant: Date;
  templates: TemplateBook;
}

export type SynastryChartKind =
  'synastry_a' | 'synastry_b' | 'composite' | 'davison' | 'marks' | 'composite_progressed';

export interface SynastryChartEntry {
  kind: SynastryChartKind;
  label: string;
  chart: ChartSummary;
  planets: PlanetSummary[];
}

export interface SynastrySummary extends Record<string, unknown> {
  as_of: string;
  profiles: { a: { id: string; display_name: string }; b: { id: string; display_name: string } };
  indexes: SynastryIndexes;
  headline: string;
  aspects_preview: AspectSummary[];
  charts: SynastryChartEntry[];
}

const ASPECTS_PREVIEW_COUNT = 8;
const KEY_ASPECT_COUNT = 3;
const ALL_ASPECT_TEXT_COUNT = 10;
/** Bodies whose house placement in the other's chart is read (the personal ones). */
const OVERLAY_BODIES: ReadonlySet<BodyPosition['key']> = new Set(['sun', 'moon', 'venus', 'mars']);
const INDEX_KEYS = ['attraction', 'harmony', 'stability'] as const;
/** Aspects between two generational or calculated points say more about an age group than about a couple. */
const PERSONAL_POINTS: ReadonlySet<Aspect['a']> = new Set([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'ascendant',
  'midheaven',
]);

/** Noon in Asia/Shanghai of a day: the instant a day-dated progression is computed for. */
export function progressionInstantOf(day: string): Date {
  return noonOf(day);
}

function describeInterAspect(
  aspect: Aspect,
  a: SynastryPerson,
  b: SynastryPerson,
  templates: TemplateBook,
): string {
  const lead = `${a.displayName}的${pointNameZh(aspect.a)}与${b.displayName}的${pointNameZh(aspect.b)}形成${ASPECT_NAMES_ZH[aspect.type]}`;
  const own = templates.find('synastry_aspect', `${pairKey(aspect.a, aspect.b)}.${aspect.type}`);
  if (own !== null) return `${lead}：${own}`;
  return templates.render('synastry_type', aspect.type, {
    a: `${a.displayName}的${pointNameZh(aspect.a)}`,
    b: `${b.displayName}的${pointNameZh(aspect.b)}`,
  });
}

function hasOwnText(aspect: Aspect, templates: TemplateBook): boolean {
  return templates.find('synastry_aspect', `${pairKey(aspect.a, aspect.b)}.${aspect.type}`) !== null;
}

function describeOverlays(host: SynastryPerson, guest: SynastryPerson, templates: TemplateBook): string[] {
  if (!host.chart.houses) return [];
  const byHouse = new Map<number, string[]>();
  for (const body of computeHouseOverlay(host.chart, guest.chart)) {
    if (!OVERLAY_BODIES.has(body.key) || body.house === null) continue;
    byHouse.set(body.house, [...(byHouse.get(body.house) ?? []), pointNameZh(body.key)]);
  }
  return [...byHouse.entries()]
    .sort(([x], [y]) => x - y)
    .map(([house, bodies]) =>
      templates.render('overlay', String(house), {
        guest: guest.displayName,
        host: host.displayName,
        bodies: bodies.join('、'),
      }),
    );
}

function describeChartBody(
  chart: Chart,
  body: 'sun' | 'moon',
  templateKey: 'sun' | 'moon' | 'progressed_sun' | 'progressed_moon' | 'davison' | 'marks',
  templates: TemplateBook,
  extra: Record<string, string> = {},
): string {
  const sign = requireBody(chart, body).sign;
  return templates.render('composite', templateKey, {
    sign: signNameZh(sign),
    keyword: templates.render('sign_keyword', sign),
    ...extra,
  });
}

export function buildSynastryReport(input: SynastryInput): {
  summary: SynastrySummary;
  detail: ReportDetail;
} {
  const { a, b, templates } = input;
  const inter = computeSynastryAspects(a.chart, b.chart);
  const composite = computeCompositeChart(a.chart, b.chart);
  const davison = computeDavisonChart(a.chart, b.chart);
  const marks = computeMarksChart(a.chart, b.chart);
  const progressedComposite = computeCompositeChart(
    computeSecondaryProgression(a.chart, input.asOfInstant),
    computeSecondaryProgression(b.chart, input.asOfInstant),
    'composite_progressed',
  );
  const { indexes, drivers } = computeSynastryIndexes(inter, composite);

  const charts: SynastryChartEntry[] = [
    {
      kind: 'synastry_a',
      label: `${b.displayName}的行星落在${a.displayName}的宫位`,
      chart: summarizeChart(a.chart, { hasInstant: true }),
      planets: summarizePlanets(computeHouseOverlay(a.chart, b.chart)),
    },
    {
      kind: 'synastry_b',
      label: `${a.displayName}的行星落在${b.displayName}的宫位`,
      chart: summarizeChart(b.chart, { hasInstant: true }),
      planets: summarizePlanets(computeHouseOverlay(b.chart, a.chart)),
    },
    {
      kind: 'composite',
      label: '组合中点盘',
      chart: summarizeChart(composite, { hasInstant: false }),
      planets: summarizePlanets(composite.bodies),
    },
    {
      kind: 'davison',
      label: '时空中点盘（戴维森）',
      chart: summarizeChart(davison, { hasInstant: true }),
      planets: summarizePlanets(davison.bodies),
    },
    {
      kind: 'marks',
      label: `马克斯盘（${a.displayName}在关系中的体验）`,
      chart: summarizeChart(marks, { hasInstant: false }),
      planets: summarizePlanets(marks.bodies),
    },
    {
      kind: 'composite_progressed',
      label: `推运组合盘（${input.asOf}）`,
      chart: summarizeChart(progressedComposite, { hasInstant: false }),
      planets: summarizePlanets(progressedComposite.bodies),
    },
  ];

  const indexTexts = INDEX_KEYS.map((key) =>
    templates.render('synastry_index', `${key}.${indexBand(indexes[key])}`),
  );
  const textAspects = inter.filter((aspect) => hasOwnText(aspect, templates));
  const keyAspects = (textAspects.length > 0 ? textAspects : inter).slice(0, KEY_ASPECT_COUNT);
  const moreAspects = inter
    .filter((aspect) => !keyAspects.includes(aspect))
    .filter((aspect) => PERSONAL_POINTS.has(aspect.a) || PERSONAL_POINTS.has(aspect.b))
    .slice(0, ALL_ASPECT_TEXT_COUNT);

  const summary: SynastrySummary = {
    as_of: input.asOf,
    profiles: {
      a: { id: a.profileId, display_name: a.displayName },
      b: { id: b.profileId, display_name: b.displayName },
    },
    indexes,
    headline: indexTexts.join(''),
    aspects_preview: inter.slice(0, ASPECTS_PREVIEW_COUNT).map(summarizeAspect),
    charts,
  };

  const detail: ReportDetail = {
    sections: [
      {
        key: 'overview',
        title: '关系概览',
        preview: true,
        paragraphs: [...indexTexts, templates.render('portrait_note', 'closing')],
        data: { indexes, drivers },
      },
      {
        key: 'key_aspects',
        title: '最重要的几组相位',
        preview: true,
        paragraphs: keyAspects.map((aspect) => describeInterAspect(aspect, a, b, templates)),
        data: { aspects: keyAspects.map(summarizeAspect) },
      },
      {
        key: 'more_aspects',
        title: '更多相位解读',
        paragraphs: moreAspects.map((aspect) => describeInterAspect(aspect, a, b, templates)),
        data: { aspects: inter.map(summarizeAspect) },
      },
      {
        key: 'house_overlays',
        title: '宫位互落',
        paragraphs: [...describeOverlays(a, b, templates), ...describeOverlays(b, a, templates)],
      },
      {
        key: 'relationship_charts',
        title: '组合盘、戴维森盘与马克斯盘',
        paragraphs: [
          describeChartBody(composite, 'sun', 'sun', templates),
          describeChartBody(composite, 'moon', 'moon', templates),
          describeChartBody(davison, 'sun', 'davison', templates),
          describeChartBody(marks, 'moon', 'marks', templates, { name: a.displayName }),
        ],
      },
      {
        key: 'progressed',
        title: '关系的当下阶段',
        paragraphs: [
          describeChartBody(progressedComposite, 'sun', 'progressed_sun', templates),
          describeChartBody(progressedComposite, 'moon', 'progressed_moon', templates),
        ],
        data: { as_of: input.asOf },
      },
    ],
  };
  return { summary, detail };
}
