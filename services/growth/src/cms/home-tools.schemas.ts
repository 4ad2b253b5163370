import { Type, type Static } from '@sinclair/typebox';

export const MAX_HOME_TOOLS = 50;

export const HomeToolSchema = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    icon: Type.String(),
    link: Type.String(),
    sort: Type.Integer(),
    enabled: Type.Boolean(),
  },
  { $id: 'HomeTool' },
);
export type HomeTool = Static<typeof HomeToolSchema>;

export const AdminHomeToolSchema = Type.Object({
  id: Type.String(),
  ...HomeToolSchema.properties,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminHomeTool = Static<typeof AdminHomeToolSchema>;

export const HomeToolInput = Type.Object({
  key: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$', description: 'lowercase letters, digits, - and _' }),
  label: Type.String({ minLength: 1, maxLength: 12 }),
  icon: Type.String({ minLength: 1, maxLength: 500 }),
  link: Type.String({ minLength: 1, maxLength: 500 }),
  /** Defaults to the item's position (10, 20, …). */
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type HomeToolInput = Static<typeof HomeToolInput>;

export const ReplaceHomeToolsBody = Type.Object({
  items: Type.Array(HomeToolInput, { maxItems: MAX_HOME_TOOLS }),
});
export type ReplaceHomeToolsBody = Static<typeof ReplaceHomeToolsBody>;
