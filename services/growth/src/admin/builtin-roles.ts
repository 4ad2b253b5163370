import { ALL_PERMISSIONS, type PermissionCode } from './permissions.ts';

export const SUPER_ADMIN_ROLE = 'super_admin';

export interface BuiltinRole {
  code: string;
  name: string;
  permissions: readonly PermissionCode[];
}

/**
 * Seeded once when missing; operators may change the others' permissions later. `super_admin` always holds every
 * permission, including ones added by later versions, so its set is computed rather than stored.
 */
export const BUILTIN_ROLES: readonly BuiltinRole[] = [
  { code: SUPER_ADMIN_ROLE, name: '超级管理员', permissions: ALL_PERMISSIONS },
  {
    code: 'operator',
    name: '运营',
    permissions: [
      'admin.users.read',
      'admin.users.write',
      'admin.users.status.write',
      'admin.membership.plans.read',
      'admin.redemption.read',
      'admin.redemption.write',
      'admin.orders.read',
      'admin.cms.read',
      'admin.cms.write',
      'admin.explore.read',
      'admin.explore.write',
      'admin.ask.read',
      'admin.analytics.read',
    ],
  },
  {
    code: 'content_editor',
    name: '内容编辑',
    permissions: [
      'admin.cms.read',
      'admin.cms.write',
      'admin.explore.read',
      'admin.explore.write',
      'growth.write',
      'admin.ai_config.read',
      'admin.ai_config.write',
      'admin.content_safety.read',
    ],
  },
  {
    code: 'analyst',
    name: '数据分析',
    permissions: ['admin.analytics.read', 'admin.orders.read', 'admin.users.read', 'admin.explore.read'],
  },
  {
    code: 'support',
    name: '客服与危机干预',
    permissions: [
      'admin.users.read',
      'admin.ask.read',
      'admin.ask.write',
      'admin.ask.feedback.write',
      'admin.crisis.read',
      'admin.crisis.write',
      'admin.content_safety.read',
      'admin.orders.read',
    ],
  },
];
