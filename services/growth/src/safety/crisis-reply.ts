import type { CrisisTier } from './crisis-detector.ts';

export interface CrisisHotline {
  readonly name: string;
  readonly number: string;
  readonly hours: string;
}

/** Public crisis lines in mainland China. Kept as data so the HTTP layer can also list them. */
export const CRISIS_HOTLINES: readonly CrisisHotline[] = [
  { name: '全国心理援助热线', number: '12356', hours: '' },
  { name: '北京心理危机研究与干预中心', number: '010-82951332', hours: '24小时' },
  { name: '希望24热线', number: '400-161-9995', hours: '24小时' },
  { name: '上海心理热线', number: '962525', hours: '' },
];

export const EMERGENCY_NUMBERS = { police: '110', ambulance: '120' } as const;

export interface CrisisReplyOptions {
  readonly displayName?: string | null;
  readonly tier?: CrisisTier;
}

function hotlineLines(): string {
  return CRISIS_HOTLINES.map(
    (line) => `· ${line.name} ${line.number}${line.hours ? `（${line.hours}）` : ''}`,
  ).join('\n');
}

function addressee(displayName: string | null | undefined): string {
  const name = displayName?.trim();
  return name ? `${name}，` : '';
}

/**
 * The reply for a first-person crisis: caring and non-judgemental, names the hotlines and the
 * emergency numbers, and offers a human handoff. Deterministic for the same options.
 */
export function buildCrisisReply(options: CrisisReplyOptions = {}): string {
  const urgent = options.tier === 'imminent' || options.tier === 'means';
  const opening = `${addressee(options.displayName)}谢谢你愿意把这么沉重的感受告诉我。你现在一定很痛苦，这不是你的错，你也不需要一个人扛着。`;
  const safetyFirst = urgent
    ? `如果你已经准备了伤害自己的东西，或者此刻就有危险，请先把它们放到够不着的地方，离开危险的位置，马上拨打 ${EMERGENCY_NUMBERS.police} 或 ${EMERGENCY_NUMBERS.ambulance}，或者请身边的人立刻陪着你。`
    : `如果任何时候你觉得自己可能会伤害自己，请立即拨打 ${EMERGENCY_NUMBERS.police} 或 ${EMERGENCY_NUMBERS.ambulance}，或者去最近的医院急诊。`;
  return [
    opening,
    safetyFirst,
    `这些热线有专业的人愿意听你说，随时可以打：\n${hotlineLines()}`,
    '如果你愿意，我现在就可以帮你转接人工，由真人陪你聊一聊（回复“转接人工”即可）。在那之前，我会一直在这里听你说：此刻你身边有可以联系的人吗？',
  ].join('\n\n');
}

/**
 * The reply when someone is worried about another person (third_party_concern): how to respond,
 * where to get help, and the same emergency guidance.
 */
export function buildThirdPartyConcernReply(options: CrisisReplyOptions = {}): string {
  const urgent = options.tier === 'imminent' || options.tier === 'means' || options.tier === 'plan';
  const opening = `${addressee(options.displayName)}你愿意为身边的人操心，这份关心很珍贵，同时你自己也一定承受了不少压力。`;
  const emergency = urgent
    ? `如果对方已经有具体的计划、准备了工具或此刻处在危险中，请立即拨打 ${EMERGENCY_NUMBERS.police} 或 ${EMERGENCY_NUMBERS.ambulance}，并尽量让人陪在他身边，不要让他独处。`
    : `如果对方提到了具体的计划、时间或已经准备了工具，请不要犹豫，立即拨打 ${EMERGENCY_NUMBERS.police} 或 ${EMERGENCY_NUMBERS.ambulance}。`;
  return [
    opening,
    '你可以平静、直接地问他是否有伤害自己的想法——直接询问不会“提醒”他，反而让他知道可以说出来；认真倾听，少讲道理，也别答应替他保守会危及生命的秘密。',
    emergency,
    `你和他都可以拨打这些热线寻求专业支持：\n${hotlineLines()}`,
    '如果需要，我也可以帮你转接人工，一起想想下一步怎么做（回复“转接人工”即可）。',
  ].join('\n\n');
}
