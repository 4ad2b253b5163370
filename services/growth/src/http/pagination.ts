import { Type, type Static } from '@sinclair/typebox';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/**
 * A list offset. Bounded by the largest integer both databases and JavaScript hold exactly: past it, a number such
 * as 1e21 would reach SQL as a float and fail there instead of answering 400.
 */
export const PageOffset = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 });

/** Admin lists take `limit` (default 20, at most 100) and `offset`. */
export const PageQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
  offset: PageOffset,
});
export type PageQuery = Static<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  total: number;
}
