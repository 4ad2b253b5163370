import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { stableUuid } from '../scales/stable-uuid.ts';
import type { ToolKind } from './explore-tool-targets.ts';

interface SeedTool {
  key: string;
  title: string;
  kind: ToolKind;
  target: string;
}
interface SeedGroup {
  key: string;
  title: string;
  tools: SeedTool[];
}
interface SeedCategory {
  key: string;
  title: string;
  groups: SeedGroup[];
}

/**
 * The catalog a fresh database starts with. Applied once, by migration 0023; operators change it from the console
 * afterwards. Every target names something this service serves: a shipped scale slug, a report kind, an image-card
 * scene or an in-app feature.
 */
export const EXPLORE_SEED: readonly SeedCategory[] = [
  {
    key: 'self',
    title: '认识自己',
    groups: [
      {
        key: 'self-traits',
        title: '人格与特质',
        tools: [
          { key: 'tool-ipip50', title: '大五人格测评', kind: 'scale', target: 'ipip50' },
          { key: 'tool-portrait', title: '个人画像报告', kind: 'report', target: 'portrait' },
          { key: 'tool-rses', title: '自尊水平测评', kind: 'scale', target: 'rses' },
        ],
      },
      {
        key: 'self-stars',
        title: '星盘与节律',
        tools: [
          { key: 'tool-star-report', title: '星盘与运势', kind: 'report', target: 'star' },
          { key: 'tool-rhythm-report', title: '个人成长节律', kind: 'report', target: 'rhythm' },
          { key: 'tool-solar-terms', title: '节气生活指南', kind: 'feature', target: 'solar_terms' },
        ],
      },
      {
        key: 'self-cards',
        title: '图卡自我对话',
        tools: [
          { key: 'tool-card-self', title: '自我探索图卡', kind: 'image_card', target: 'self' },
          { key: 'tool-card-daily', title: '每日一卡', kind: 'image_card', target: 'daily' },
        ],
      },
    ],
  },
  {
    key: 'emotion',
    title: '情绪与压力',
    groups: [
      {
        key: 'emotion-screening',
        title: '情绪自评',
        tools: [
          { key: 'tool-phq9', title: '抑郁症状自评（PHQ-9）', kind: 'scale', target: 'phq9' },
          { key: 'tool-gad7', title: '焦虑症状自评（GAD-7）', kind: 'scale', target: 'gad7' },
          { key: 'tool-k10', title: '心理困扰自评（K10）', kind: 'scale', target: 'k10' },
          { key: 'tool-who5', title: '幸福感指数（WHO-5）', kind: 'scale', target: 'who5' },
        ],
      },
      {
        key: 'emotion-stress',
        title: '压力与照顾自己',
        tools: [
          { key: 'tool-pss10', title: '压力感知测评', kind: 'scale', target: 'pss10' },
          { key: 'tool-moods', title: '每日心情记录', kind: 'feature', target: 'moods' },
          { key: 'tool-card-emotion', title: '情绪觉察图卡', kind: 'image_card', target: 'emotion' },
          { key: 'tool-ask', title: '和成长助手聊聊', kind: 'feature', target: 'ask' },
        ],
      },
    ],
  },
  {
    key: 'relationship',
    title: '关系与连接',
    groups: [
      {
        key: 'relationship-insight',
        title: '关系洞察',
        tools: [
          { key: 'tool-synastry', title: '双人合盘', kind: 'report', target: 'synastry' },
          { key: 'tool-card-relationship', title: '关系图卡', kind: 'image_card', target: 'relationship' },
        ],
      },
      {
        key: 'relationship-connection',
        title: '孤独与陪伴',
        tools: [{ key: 'tool-ucla3', title: '孤独感测评', kind: 'scale', target: 'ucla3' }],
      },
    ],
  },
  {
    key: 'growth',
    title: '成长行动',
    groups: [
      {
        key: 'growth-habits',
        title: '目标与习惯',
        tools: [
          { key: 'tool-growth-plans', title: '21 天成长计划', kind: 'feature', target: 'growth_plans' },
          { key: 'tool-card-career', title: '职业方向图卡', kind: 'image_card', target: 'career' },
        ],
      },
    ],
  },
];

const SORT_STEP = 10;

/** Stable id of a seeded node, so the seed can run again (or on another database) without duplicating anything. */
export function seededExploreNodeId(key: string): string {
  return stableUuid(`explore:${key}`);
}

/** Inserts the seed catalog; rows that already exist (by id) are left as they are. */
export async function seedExploreCatalog(db: Kysely<Database>, at: string): Promise<void> {
  const rows: Database['explore_nodes'][] = [];
  EXPLORE_SEED.forEach((category, categoryIndex) => {
    const categoryId = seededExploreNodeId(category.key);
    rows.push(node(categoryId, category.key, null, 1, category.title, null, null, categoryIndex, at));
    category.groups.forEach((group, groupIndex) => {
      const groupId = seededExploreNodeId(group.key);
      rows.push(node(groupId, group.key, categoryId, 2, group.title, null, null, groupIndex, at));
      group.tools.forEach((tool, toolIndex) => {
        rows.push(
          node(
            seededExploreNodeId(tool.key),
            tool.key,
            groupId,
            3,
            tool.title,
            tool.kind,
            tool.target,
            toolIndex,
            at,
          ),
        );
      });
    });
  });
  // One row at a time keeps parents ahead of children for the foreign key, and stays under SQLite's variable limit.
  for (const row of rows) {
    await db
      .insertInto('explore_nodes')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}

function node(
  id: string,
  key: string,
  parentId: string | null,
  level: 1 | 2 | 3,
  title: string,
  kind: string | null,
  target: string | null,
  index: number,
  at: string,
): Database['explore_nodes'] {
  return {
    id,
    key,
    parent_id: parentId,
    level,
    title,
    kind,
    target,
    sort: (index + 1) * SORT_STEP,
    enabled: 1,
    created_at: at,
    updated_at: at,
  };
}
