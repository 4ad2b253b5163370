import type { HomeToolRecord } from './home-tools.repository.ts';
import type { AdminHomeTool, HomeTool } from './home-tools.schemas.ts';

export function toHomeTool(tool: HomeToolRecord): HomeTool {
  return {
    key: tool.key,
    label: tool.label,
    icon: tool.icon,
    link: tool.link,
    sort: tool.sort,
    enabled: tool.enabled === 1,
  };
}

export function toAdminHomeTool(tool: HomeToolRecord): AdminHomeTool {
  return { id: tool.id, ...toHomeTool(tool), created_at: tool.created_at, updated_at: tool.updated_at };
}
