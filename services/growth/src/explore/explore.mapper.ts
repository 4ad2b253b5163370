import type { ExploreNodeRecord } from './explore.repository.ts';
import type { AdminExploreNode, ExploreCategory, ExploreGroup } from './explore.schemas.ts';

/**
 * Builds the public three-level tree from enabled nodes (already ordered by level, sort, key). A node whose parent
 * is missing from `nodes` (disabled) is dropped with its subtree; `isToolAvailable` drops tools whose target users
 * cannot open (e.g. a draft scale); a group left without tools is dropped, a category is kept even when empty.
 */
export function buildCatalogTree(
  nodes: readonly ExploreNodeRecord[],
  isToolAvailable: (tool: ExploreNodeRecord) => boolean,
): ExploreCategory[] {
  const categories = new Map<string, ExploreCategory>();
  const groups = new Map<string, ExploreGroup>();
  for (const node of nodes) {
    if (node.level === 1 && node.parent_id === null) {
      categories.set(node.id, { key: node.key, title: node.title, children: [] });
    } else if (node.level === 2 && node.parent_id !== null) {
      const category = categories.get(node.parent_id);
      if (!category) continue;
      const group: ExploreGroup = { key: node.key, title: node.title, children: [] };
      groups.set(node.id, group);
      category.children.push(group);
    } else if (node.level === 3 && node.parent_id !== null && node.kind !== null && node.target !== null) {
      const group = groups.get(node.parent_id);
      if (!group || !isToolAvailable(node)) continue;
      group.children.push({ key: node.key, title: node.title, kind: node.kind, target: node.target });
    }
  }
  return [...categories.values()].map((category) => ({
    ...category,
    children: category.children.filter((group) => group.children.length > 0),
  }));
}

export function toAdminExploreNode(node: ExploreNodeRecord): AdminExploreNode {
  return {
    id: node.id,
    key: node.key,
    parent_id: node.parent_id,
    level: node.level,
    title: node.title,
    kind: node.kind,
    target: node.target,
    sort: node.sort,
    enabled: node.enabled === 1,
    created_at: node.created_at,
    updated_at: node.updated_at,
  };
}
