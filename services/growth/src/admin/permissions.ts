/**
 * Every permission code the console knows. The contract's codes, the decisions' codes for rows it left open, and
 * the write codes for catalogs operators must be able to change. A role may hold only codes listed here.
 */
export const PERMISSIONS = {
  'admin.roles.read': '查看角色与权限',
  'admin.roles.write': '修改角色权限',
  'admin.admins.read': '查看管理员账号',
  'admin.admins.write': '管理管理员账号',
  'admin.users.read': '查看用户',
  'admin.users.write': '为用户开通会员等写操作',
  'admin.users.status.write': '变更用户状态',
  'admin.membership.plans.read': '查看会员套餐',
  'admin.membership.plans.write': '修改会员套餐',
  'admin.redemption.read': '查看兑换码',
  'admin.redemption.write': '生成与停用兑换码',
  'admin.orders.read': '查看订单',
  'admin.audit.read': '查看审计日志',
  'admin.analytics.read': '查看行为分析',
  'admin.ask.read': '查看问答会话、反馈与转人工',
  'admin.ask.write': '处理转人工工单',
  'admin.ask.feedback.write': '提交问答质量反馈',
  'admin.content_safety.read': '查看内容安全规则与审核记录',
  'admin.content_safety.write': '修改内容安全规则与处理审核记录',
  'admin.ai_config.read': '查看提示词、知识库与工具',
  'admin.ai_config.write': '修改提示词、知识库与工具',
  'admin.cms.read': '查看运营内容',
  'admin.cms.write': '修改运营内容',
  'admin.crisis.read': '查看危机事件与干预',
  'admin.crisis.write': '处理危机事件与修改危机策略',
  'admin.explore.read': '查看探索目录与量表',
  'admin.explore.write': '修改探索目录与量表',
  'growth.write': '修改成长内容（漏斗、报告模板）',
} as const satisfies Record<string, string>;

export type PermissionCode = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as PermissionCode[];

export function isPermissionCode(value: string): value is PermissionCode {
  return Object.hasOwn(PERMISSIONS, value);
}
