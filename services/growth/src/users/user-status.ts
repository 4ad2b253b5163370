import type { UserStatus } from './users.tables.ts';

/**
 * The valid status edges (decisions: user status edges). Every non-active state returns to `active` through the one
 * status operation; `disabled` and `suspended` may escalate to `banned`, never the other way round.
 */
const VALID_EDGES: Readonly<Record<UserStatus, readonly UserStatus[]>> = {
  active: ['disabled', 'suspended', 'banned'],
  disabled: ['active', 'banned'],
  suspended: ['active', 'banned'],
  banned: ['active'],
};

export function isValidStatusTransition(from: UserStatus, to: UserStatus): boolean {
  return VALID_EDGES[from].includes(to);
}

export function validTargetsOf(from: UserStatus): readonly UserStatus[] {
  return VALID_EDGES[from];
}
