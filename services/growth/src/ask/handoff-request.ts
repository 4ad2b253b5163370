import { CRISIS_HOTLINES, EMERGENCY_NUMBERS } from '../safety/crisis-reply.ts';

/**
 * Phrases (normalised: lower case, simplified, no separators) with which a user asks for a person. The crisis
 * reply tells users to answer "转接人工", so that phrase must always work.
 */
const HANDOFF_PHRASES = [
  '转接人工',
  '转人工',
  '人工客服',
  '人工服务',
  '找真人',
  '真人聊',
  '要真人',
  '联系人工',
];
/** Longer messages that merely mention a person are questions, not handoff requests. */
const MAX_REQUEST_CHARS = 30;

/** Whether a normalised message is a request for a human. */
export function isHandoffRequest(normalized: string): boolean {
  return (
    normalized.length <= MAX_REQUEST_CHARS && HANDOFF_PHRASES.some((phrase) => normalized.includes(phrase))
  );
}

function hotlineSentence(): string {
  const national = CRISIS_HOTLINES.find((line) => line.number === '12356');
  const allDay = CRISIS_HOTLINES.find((line) => line.hours.includes('24'));
  const lines = [national, allDay]
    .filter((line) => line !== undefined)
    .map((line) => `${line.name} ${line.number}${line.hours ? `（${line.hours}）` : ''}`);
  return `等待的时候，如果你感到难以承受，可以随时拨打${lines.join('，或')}；有紧急危险请立即拨打 ${EMERGENCY_NUMBERS.police} 或 ${EMERGENCY_NUMBERS.ambulance}。`;
}

/** The reply to a handoff request: a new case, or the one already being handled. */
export function buildHandoffReply(opened: boolean): string {
  const status = opened
    ? '好的，我已经为你提交了人工转接，工作人员会尽快跟进。'
    : '你的人工转接已经在处理中，工作人员会尽快跟进，请再稍等一下。';
  return `${status}${hotlineSentence()}在那之前，你也可以继续和我说说现在的感受，我一直在这里。`;
}
