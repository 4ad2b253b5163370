/**
 * Star report: the natal chart in the contract's shapes, its aspects, the current transits, and the outlook.
 * `summary` keys are exactly chart, planets, aspects_preview, outlook and transits.
 */
import { computeTransitAspects } from '../../astrology/aspects.engine.ts';
import {
  computeNatalAspects,
  computeTransitingBodies,
  type Aspect,
  type BodyPosition,
  type Chart,
} from '../../astrology/index.ts';
import type { ReportDetail } from '../report-detail.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { aspectNature } from './aspect-keys.ts';
import {
  roundTo,
  summarizeAspect,
  summarizeChart,
  summarizePlanets,
  type AspectSummary,
  type ChartSummary,
  type PlanetSummary,
} from './chart-summary.ts';
import {
  describeNatalAspect,
  findHouseEmphasis,
  pickAspectReadings,
  readBigThree,
  readChartNotices,
  readInnerPlanets,
} from './natal-reading.ts';
import { buildOutlook, type Outlook } from './outlook.builder.ts';

const ASPECTS_PREVIEW_COUNT = 10;
const ASPECT_READINGS = 3;
const ORB_DECIMALS = 2;

export interface TransitSummary {
  transiting: string;
  natal: string;
  type: string;
  orb: number;
  applying: boolean | null;
}

export interface StarSummary {
  chart: ChartSummary;
  planets: PlanetSummary[];
  aspects_preview: AspectSummary[];
  outlook: Outlook;
  transits: TransitSummary[];
  [key: string]: unknown;
}

export interface StarInput {
  chart: Chart;
  at: Date;
  templates: TemplateBook;
}

function summarizeTransit(aspect: Aspect): TransitSummary {
  return {
    transiting: aspect.a,
    natal: aspect.b,
    type: aspect.type,
    orb: roundTo(aspect.orb, ORB_DECIMALS),
    applying: aspect.applying ?? null,
  };
}

function describeTransit(aspect: Aspect, templates: TemplateBook): string {
  return templates.render('transit', `${aspect.a}.${aspectNature(aspect.type)}`, {
    natal: templates.render('point_area', aspect.b),
  });
}

export function buildStarReport(input: StarInput): { summary: StarSummary; detail: ReportDetail } {
  const { chart, at, templates } = input;
  const skyNow: BodyPosition[] = computeTransitingBodies(at);
  // The same aspects computeTransits finds, from the sky already cast for the outlook's day.
  const transits = computeTransitAspects(chart, skyNow);
  const outlook = buildOutlook({ chart, at, skyNow, transitsNow: transits, templates });
  const bigThree = readBigThree(chart, templates);
  const aspectReadings = pickAspectReadings(chart, templates, ASPECT_READINGS);

  const summary: StarSummary = {
    chart: summarizeChart(chart, { hasInstant: true }),
    planets: summarizePlanets(chart.bodies),
    aspects_preview: computeNatalAspects(chart).slice(0, ASPECTS_PREVIEW_COUNT).map(summarizeAspect),
    outlook,
    transits: transits.map(summarizeTransit),
  };

  const detail: ReportDetail = {
    sections: [
      {
        key: 'core',
        title: '你的核心配置',
        preview: true,
        paragraphs: [
          bigThree.sun.text,
          bigThree.moon.text,
          ...(bigThree.ascendant ? [bigThree.ascendant.text] : []),
          ...readChartNotices(chart, templates),
        ],
      },
      {
        key: 'today',
        title: '今天的天空',
        preview: true,
        paragraphs: [outlook.day.text],
      },
      {
        key: 'planets',
        title: '个人行星',
        paragraphs: readInnerPlanets(chart, templates).map((reading) => reading.text),
      },
      {
        key: 'aspects',
        title: '相位解读',
        paragraphs: aspectReadings.map((aspect) => describeNatalAspect(aspect, templates)),
      },
      {
        key: 'houses',
        title: '宫位重心',
        paragraphs: findHouseEmphasis(chart, templates).map((emphasis) => emphasis.text),
      },
      {
        key: 'transits',
        title: '当前行运',
        paragraphs: transits.map((aspect) => describeTransit(aspect, templates)),
      },
      {
        key: 'horizons',
        title: '本周、本月与今年',
        paragraphs: [outlook.week.text, outlook.month.text, outlook.year.text],
      },
      {
        key: 'lifetime',
        title: '一生的节律',
        paragraphs: [outlook.lifetime.text],
      },
    ],
  };
  return { summary, detail };
}
