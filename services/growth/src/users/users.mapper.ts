import { maskPhone } from '../identity/phone-number.ts';
import type { UserInsightRecord } from './user-insight.repository.ts';
import type { UserRecord, UserStatusTransitionRecord } from './users.repository.ts';
import type { UserDetail, UserInsight, UserListItem, UserStatusTransition } from './users.schemas.ts';

export function toUserListItem(user: UserRecord): UserListItem {
  return {
    id: user.id,
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    status: user.status,
    is_guest: user.is_guest === 1,
    created_at: user.created_at,
    last_seen_at: user.last_seen_at,
  };
}

export function toUserDetail(
  user: UserRecord,
  counts: { devices: number; openSessions: number },
): UserDetail {
  return {
    ...toUserListItem(user),
    timezone: user.timezone,
    updated_at: user.updated_at,
    device_count: counts.devices,
    open_session_count: counts.openSessions,
  };
}

export function toUserStatusTransition(record: UserStatusTransitionRecord): UserStatusTransition {
  return {
    id: record.id,
    user_id: record.user_id,
    from_status: record.from_status,
    to_status: record.to_status,
    reason: record.reason,
    admin_id: record.admin_id,
    admin_username: record.admin_username,
    created_at: record.created_at,
  };
}

export function toUserInsight(user: UserRecord, insight: UserInsightRecord): UserInsight {
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);
  return {
    user_id: user.id,
    last_seen_at: user.last_seen_at,
    profiles: { count: insight.profiles },
    reports: { total: sum(insight.reportsByType), by_type: insight.reportsByType },
    scale_results: { count: insight.scaleResults },
    moods: { count: insight.moods, last_day: insight.lastMoodDay },
    orders: { total: sum(insight.ordersByStatus), by_status: insight.ordersByStatus },
    ask: { threads: insight.askThreads, messages: insight.askMessages },
  };
}
