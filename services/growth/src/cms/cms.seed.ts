import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { stableUuid } from '../scales/stable-uuid.ts';
import type { ReportPageType } from './cms.tables.ts';

/**
 * Operations content a fresh database starts with. Applied once, by migration 0024; operators own it afterwards
 * (home tools can be replaced wholesale, so seeding again at start would bring back tools an operator removed).
 * Links are in-app client routes (see docs/companion.md); images are paths of the client's bundled assets.
 */
const SORT_STEP = 10;

export const HOME_TOOL_SEED = [
  { key: 'star_report', label: '星盘报告', icon: 'star', link: '/reports/star' },
  { key: 'scales', label: '心理测评', icon: 'scale', link: '/scales' },
  { key: 'moods', label: '心情记录', icon: 'mood', link: '/moods' },
  { key: 'growth_plans', label: '成长计划', icon: 'plan', link: '/growth/plans' },
  { key: 'image_cards', label: '图卡探索', icon: 'cards', link: '/image-cards' },
  { key: 'synastry', label: '关系合盘', icon: 'synastry', link: '/reports/synastry' },
  { key: 'solar_terms', label: '节气生活', icon: 'solar_term', link: '/solar-terms' },
  { key: 'ask', label: '成长问答', icon: 'ask', link: '/ask' },
] as const;

export const BANNER_SEED = [
  {
    key: 'solar-terms',
    title: '顺着节气，照顾好自己',
    image_url: '/static/banners/solar-terms.png',
    link: '/solar-terms',
  },
  {
    key: 'growth-plan-21',
    title: '21 天，养成一个小习惯',
    image_url: '/static/banners/growth-plan.png',
    link: '/growth/plans',
  },
  {
    key: 'who5',
    title: '花两分钟，看看最近的幸福感',
    image_url: '/static/banners/who5.png',
    link: '/scales/who5',
  },
] as const;

export const FEED_SLOT_SEED = [
  {
    key: 'mood-checkin',
    title: '今天的心情怎么样？',
    subtitle: '用 1 到 5 分记下今天，七天后回头看看自己的情绪曲线。',
    tag: '打卡',
    image_url: '/static/feed/mood.png',
    link: '/moods',
  },
  {
    key: 'phq9',
    title: '最近总是提不起劲？',
    subtitle: 'PHQ-9 抑郁症状自评，9 道题了解最近两周的状态。',
    tag: '测评',
    image_url: '/static/feed/phq9.png',
    link: '/scales/phq9',
  },
  {
    key: 'star-outlook',
    title: '这个月的星象提示',
    subtitle: '从你的本命盘出发，看看本月的节奏与课题。',
    tag: '报告',
    image_url: '/static/feed/star.png',
    link: '/reports/star',
  },
] as const;

interface ReportPageSeed {
  key: string;
  section: string;
  horizon: string | null;
  title: string;
  description: string;
}

export const REPORT_PAGE_SEED: Readonly<Record<ReportPageType, readonly ReportPageSeed[]>> = {
  star: [
    {
      key: 'core',
      section: 'core',
      horizon: null,
      title: '本命星盘',
      description: '你出生那一刻的天空：太阳、月亮与上升，以及盘面的整体格局。',
    },
    {
      key: 'outlook_day',
      section: 'outlook',
      horizon: 'day',
      title: '今日提示',
      description: '今天的星象节奏，适合留意的一件小事。',
    },
    {
      key: 'outlook_week',
      section: 'outlook',
      horizon: 'week',
      title: '本周节奏',
      description: '这一周的整体氛围与可以安排的重点。',
    },
    {
      key: 'outlook_month',
      section: 'outlook',
      horizon: 'month',
      title: '本月主题',
      description: '本月值得投入精力的方向。',
    },
    {
      key: 'outlook_year',
      section: 'outlook',
      horizon: 'year',
      title: '年度展望',
      description: '这一年的成长主题与关键时段。',
    },
    {
      key: 'outlook_lifetime',
      section: 'outlook',
      horizon: 'lifetime',
      title: '人生课题',
      description: '本命盘里反复出现的长期课题与人生周期。',
    },
    {
      key: 'planets',
      section: 'planets',
      horizon: null,
      title: '行星落座',
      description: '十颗行星与北交点分别落在哪个星座、哪一宫。',
    },
    {
      key: 'aspects',
      section: 'aspects',
      horizon: null,
      title: '主要相位',
      description: '行星之间的合、冲、拱、刑、六合，描绘内在力量如何互相配合。',
    },
    {
      key: 'houses',
      section: 'houses',
      horizon: null,
      title: '十二宫',
      description: '生活的十二个领域，以及你的能量落在哪里。',
    },
    {
      key: 'transits',
      section: 'transits',
      horizon: null,
      title: '当前行运',
      description: '此刻天上的行星与你本命盘形成的相位。',
    },
  ],
  rhythm: [
    {
      key: 'today',
      section: 'today',
      horizon: null,
      title: '今日节律',
      description: '体力、情绪与思维三条曲线今天所处的位置。',
    },
    {
      key: 'solar_term',
      section: 'solar_term',
      horizon: null,
      title: '当下节气',
      description: '现在所处的节气，以及这个时节的生活建议。',
    },
    {
      key: 'upcoming_week',
      section: 'upcoming',
      horizon: 'week',
      title: '未来七天',
      description: '接下来一周的节律起伏，适合发力与休整的日子。',
    },
    {
      key: 'upcoming_month',
      section: 'upcoming',
      horizon: 'month',
      title: '未来三十天',
      description: '一个月的节律曲线，看看状态的整体走势。',
    },
    {
      key: 'transits',
      section: 'transits',
      horizon: null,
      title: '近期星象',
      description: '与你本命盘形成紧密相位的当下行星。',
    },
    {
      key: 'seasonal_care',
      section: 'seasonal_care',
      horizon: null,
      title: '时令照顾',
      description: '结合节气的饮食、睡眠与运动小建议。',
    },
  ],
};

export function seededCmsId(kind: string, key: string): string {
  return stableUuid(`cms:${kind}:${key}`);
}

/** Inserts the seed content; rows that already exist (by stable id or key) are left as they are. */
export async function seedCmsContent(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('home_tools')
    .values(
      HOME_TOOL_SEED.map((tool, index) => ({
        id: seededCmsId('home_tool', tool.key),
        ...tool,
        sort: (index + 1) * SORT_STEP,
        enabled: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();

  await db
    .insertInto('cms_banners')
    .values(
      BANNER_SEED.map(({ key, ...banner }, index) => ({
        id: seededCmsId('banner', key),
        ...banner,
        sort: (index + 1) * SORT_STEP,
        enabled: 1,
        enabled_changed_at: null,
        starts_at: null,
        ends_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();

  await db
    .insertInto('cms_feed_slots')
    .values(
      FEED_SLOT_SEED.map(({ key, ...slot }, index) => ({
        id: seededCmsId('feed_slot', key),
        ...slot,
        sort: (index + 1) * SORT_STEP,
        enabled: 1,
        enabled_changed_at: null,
        starts_at: null,
        ends_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();

  for (const reportType of ['star', 'rhythm'] as const) {
    await db
      .insertInto('report_page_configs')
      .values(
        REPORT_PAGE_SEED[reportType].map((config, index) => ({
          id: seededCmsId(`${reportType}_config`, config.key),
          report_type: reportType,
          ...config,
          sort: (index + 1) * SORT_STEP,
          enabled: 1,
          enabled_changed_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['report_type', 'key']).doNothing())
      .execute();
  }
}
