import type { BlockPolicy } from '../block-policy.ts';

/**
 * Initial block policies. Self-harm is recorded but never simply refused: the crisis detector
 * answers those messages with care; only method seeking is refused (and the crisis reply still
 * wins when the writer is at risk). Insults and personal data are masked, not refused, so that
 * someone venting about a bad day still gets an answer.
 */
export const SEED_BLOCK_POLICIES: readonly BlockPolicy[] = [
  {
    id: 'bp-self-harm-record',
    name: '自伤相关内容：记录并交由危机识别处理',
    category: 'self_harm',
    min_severity: 1,
    action: 'allow',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-self-harm-method',
    name: '自伤方法询问：拒绝提供并给予关怀',
    category: 'self_harm',
    min_severity: 5,
    action: 'refuse',
    safe_reply:
      '关于伤害自己的方法，我不能提供任何信息。但我很在意你现在的状态：如果你正在经历很难熬的时刻，可以拨打全国心理援助热线 12356，或北京心理危机研究与干预中心 010-82951332（24小时）；有紧急危险请立即拨打 110 或 120。如果你愿意，也可以和我说说发生了什么，我可以帮你转接人工。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-violence-mask',
    name: '暴力威胁表达：遮盖',
    category: 'violence',
    min_severity: 3,
    action: 'mask',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-violence-refuse',
    name: '暴力实施信息：拒绝',
    category: 'violence',
    min_severity: 5,
    action: 'refuse',
    safe_reply:
      '这个问题可能涉及伤害他人，我没办法提供帮助。如果你此刻非常愤怒，或者担心有人会受到伤害，请先让自己离开冲突现场，必要时拨打 110。等你平静一些，我们也可以聊聊是什么让你这么难受。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-sexual-mask',
    name: '低俗色情词语：遮盖',
    category: 'sexual',
    min_severity: 1,
    action: 'mask',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-sexual-refuse',
    name: '色情交易与违法内容：拒绝',
    category: 'sexual',
    min_severity: 4,
    action: 'refuse',
    safe_reply:
      '这个话题不在我能讨论的范围内。如果你在亲密关系或身体方面有困扰，我们可以换个角度聊聊你真正关心的部分。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-politics-refuse',
    name: '违法有害信息：拒绝',
    category: 'politics',
    min_severity: 3,
    action: 'refuse',
    safe_reply:
      '这个话题不在我能讨论的范围内。我更擅长陪你聊情绪、关系、工作和自我成长，有这方面的困扰随时可以说给我听。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-fraud-warning',
    name: '诈骗话术：拒绝并给出防骗提示',
    category: 'fraud',
    min_severity: 3,
    action: 'refuse',
    safe_reply:
      '你提到的说法和常见的诈骗话术很像（比如刷单返利、转账到“安全账户”、索要验证码）。公检法不会要求转账，正规平台也不会让你先交钱再返利。如果已经转账，请立即拨打 110 报警并联系银行；也可以拨打全国反诈专线 96110 咨询。遇到这种事不是你的错，如果心里很乱，可以继续和我说说。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-abuse-mask',
    name: '辱骂词语：遮盖',
    category: 'abuse',
    min_severity: 1,
    action: 'mask',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-privacy-mask',
    name: '个人隐私信息：遮盖',
    category: 'privacy',
    min_severity: 1,
    action: 'mask',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-gambling-refuse',
    name: '赌博：拒绝',
    category: 'gambling',
    min_severity: 3,
    action: 'refuse',
    safe_reply:
      '赌博相关的信息我不能提供。如果你或身边的人正因为赌博欠债或情绪低落，可以和我聊聊，也可以寻求专业戒赌帮助。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-drugs-refuse',
    name: '毒品交易与获取：拒绝',
    category: 'drugs',
    min_severity: 4,
    action: 'refuse',
    safe_reply:
      '涉及毒品的获取和使用，我没办法提供帮助。如果你正在为成瘾问题困扰，当地的戒毒医疗机构和心理援助热线 12356 都可以提供保密的支持。',
    enabled: true,
    priority: 20,
  },
  {
    id: 'bp-spam-mask',
    name: '广告引流：遮盖',
    category: 'spam',
    min_severity: 1,
    action: 'mask',
    safe_reply: '',
    enabled: true,
    priority: 10,
  },
  {
    id: 'bp-any-severe',
    name: '任意类别的最高严重度：拒绝',
    category: '*',
    min_severity: 5,
    action: 'refuse',
    safe_reply: '这个请求我没办法协助。如果你正在经历困难，我很愿意换一个方式陪你聊聊。',
    enabled: true,
    priority: 0,
  },
];
