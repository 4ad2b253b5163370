import { Type, type Static } from '@sinclair/typebox';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/** Admin lists take `limit` (default 20, at most 100) and `offset`. */
export const PageQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});
export type PageQuery = Static<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  total: number;
}
