import { Type, type Static } from '@sinclair/typebox';
import { TOOL_KINDS } from './explore-tool-targets.ts';

export const ExploreToolSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  kind: Type.String(),
  target: Type.String(),
});
export type ExploreTool = Static<typeof ExploreToolSchema>;

export const ExploreGroupSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  children: Type.Array(ExploreToolSchema),
});
export type ExploreGroup = Static<typeof ExploreGroupSchema>;

export const ExploreCategorySchema = Type.Object(
  { key: Type.String(), title: Type.String(), children: Type.Array(ExploreGroupSchema) },
  { $id: 'ExploreCategory' },
);
export type ExploreCategory = Static<typeof ExploreCategorySchema>;

export const ExploreCatalogSchema = Type.Object({ categories: Type.Array(ExploreCategorySchema) });

export const CategoryKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

export const AdminExploreNodeSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  parent_id: Type.Union([Type.String(), Type.Null()]),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  title: Type.String(),
  kind: Type.Union([Type.String(), Type.Null()]),
  target: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminExploreNode = Static<typeof AdminExploreNodeSchema>;

const NODE_KEY_PATTERN = '^[a-z][a-z0-9_-]{1,47}$';
const TITLE = Type.String({ minLength: 1, maxLength: 40 });
const SORT = Type.Integer({ minimum: 0, maximum: 100_000 });
const KIND = Type.Union(TOOL_KINDS.map((kind) => Type.Literal(kind)));
const TARGET = Type.String({ minLength: 1, maxLength: 64 });

export const CreateExploreNodeBody = Type.Object({
  key: Type.String({ pattern: NODE_KEY_PATTERN, description: 'lowercase letters, digits, - and _; 2 to 48' }),
  /** Absent: a new L1 category. An L1 parent makes an L2 group, an L2 parent an L3 tool. */
  parent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  title: TITLE,
  /** L3 tools only, and required there. */
  kind: Type.Optional(KIND),
  target: Type.Optional(TARGET),
  sort: Type.Optional(SORT),
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateExploreNodeBody = Static<typeof CreateExploreNodeBody>;

/** Key, parent and level are fixed once created; kind and target apply to L3 tools and keep their value if left out. */
export const UpdateExploreNodeBody = Type.Object({
  title: TITLE,
  sort: Type.Optional(SORT),
  kind: Type.Optional(KIND),
  target: Type.Optional(TARGET),
});
export type UpdateExploreNodeBody = Static<typeof UpdateExploreNodeBody>;
