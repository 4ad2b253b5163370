/**
 * Personality portrait from the natal chart: the big three (Sun, Moon, Ascendant), element and modality balance,
 * dominant planets, house emphasis and the defining aspects, each read from the template table.
 */
import type { Chart } from '../../astrology/index.ts';
import type { ReportDetail } from '../report-detail.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { summarizeAspect, summarizeChart } from './chart-summary.ts';
import {
  aspectLabel,
  describeNatalAspect,
  findHouseEmphasis,
  pickAspectReadings,
  readBigThree,
  readChartNotices,
  readInnerPlanets,
  scoreDominantPlanets,
} from './natal-reading.ts';
import { computeBalances, lackingElements } from './sign-qualities.ts';

const PORTRAIT_ASPECTS = 4;

export interface PortraitInput {
  chart: Chart;
  templates: TemplateBook;
}

export function buildPortraitReport(input: PortraitInput): {
  summary: Record<string, unknown>;
  detail: ReportDetail;
} {
  const { chart, templates } = input;
  const bigThree = readBigThree(chart, templates);
  const { elements, modalities } = computeBalances(chart);
  const lacking = lackingElements(elements);
  const dominant = scoreDominantPlanets(chart, templates);
  const houses = findHouseEmphasis(chart, templates);
  const aspects = pickAspectReadings(chart, templates, PORTRAIT_ASPECTS);
  const notices = readChartNotices(chart, templates);
  const keywords = [bigThree.sun.sign, bigThree.moon.sign, bigThree.ascendant?.sign]
    .filter((sign) => sign !== undefined)
    .map((sign) => templates.render('sign_keyword', sign));

  const summary = {
    chart: summarizeChart(chart, { hasInstant: true }),
    big_three: bigThree,
    elements: { ...elements.shares, dominant: elements.dominant, lacking },
    modalities: { ...modalities.shares, dominant: modalities.dominant },
    dominant_planets: dominant.map(({ key, name, score }) => ({ key, name, score })),
    house_emphasis: houses.map(({ house, area, bodies }) => ({ house, area, bodies })),
    keywords: [...new Set(keywords)],
  };

  const detail: ReportDetail = {
    sections: [
      {
        key: 'big_three',
        title: '太阳、月亮与上升',
        preview: true,
        paragraphs: [
          bigThree.sun.text,
          bigThree.moon.text,
          ...(bigThree.ascendant ? [bigThree.ascendant.text] : []),
          ...notices,
        ],
      },
      {
        key: 'balance',
        title: '元素与模式的平衡',
        preview: true,
        paragraphs: [
          templates.render('element', elements.dominant),
          ...lacking.map((element) => templates.render('element_lack', element)),
          templates.render('modality', modalities.dominant),
        ],
        data: { elements: elements.shares, modalities: modalities.shares },
      },
      {
        key: 'dominant_planets',
        title: '主导行星',
        paragraphs: dominant.map((planet) => planet.text),
      },
      {
        key: 'inner_planets',
        title: '思考、爱与行动',
        paragraphs: readInnerPlanets(chart, templates).map((reading) => reading.text),
      },
      {
        key: 'houses',
        title: '生命重心',
        paragraphs:
          houses.length > 0
            ? houses.map((emphasis) => emphasis.text)
            : [templates.render('portrait_note', 'time_unknown')],
        data: { houses: houses.map(({ house, area, bodies }) => ({ house, area, bodies })) },
      },
      {
        key: 'aspects',
        title: '内在的张力与天赋',
        paragraphs: aspects.map((aspect) => describeNatalAspect(aspect, templates)),
        data: {
          aspects: aspects.map((aspect) => ({ ...summarizeAspect(aspect), label: aspectLabel(aspect) })),
        },
      },
      {
        key: 'reflection',
        title: '写在最后',
        paragraphs: [templates.render('portrait_note', 'closing')],
      },
    ],
  };
  return { summary, detail };
}
