import type { ReplyKnowledge } from '../ai-config/knowledge-cache.ts';
import { evaluateMessage } from '../safety/safety-pipeline.ts';
import type { CompiledSafety, SafetyEvaluation } from '../safety/safety-pipeline.ts';
import { LlmCallError, type LlmFailure, type LlmReplyClient } from './llm-reply.client.ts';
import { describeChartFacts } from './reply-engine/chart-facts.ts';
import { composeReply } from './reply-engine/reply-composer.ts';
import type { ComposedReply, ReplyCitation } from './reply-engine/reply-composer.ts';
import type { AskIntent, AskScene, ChartFacts, HistoryMessage } from './reply-engine/reply-engine.types.ts';

/** Said when even the rule engine's answer would be refused by a policy (an operator rule hit the knowledge). */
export const SAFE_FALLBACK_ANSWER =
  '这个问题我暂时没办法展开回答。我们可以换个角度聊聊：这件事最近让你有什么样的感受？你最希望它往哪个方向变化？把你心里的想法说给我听，我们一起慢慢理清。';

export interface AnswerInput {
  question: string;
  scene: AskScene | null;
  displayName: string | null;
  chartFacts: ChartFacts | null;
  history: readonly HistoryMessage[];
  knowledge: ReplyKnowledge;
  safety: CompiledSafety;
}

/** How the generated text fared against the filter rules and block policies. */
export interface OutputCheck {
  /** allow: sent as written; mask: sent masked; replaced: a refused answer was swapped for a safer one. */
  action: 'allow' | 'mask' | 'replaced';
  /** Evaluations that masked or refused, for the moderation queue. */
  flagged: readonly SafetyEvaluation[];
}

export interface WrittenAnswer {
  content: string;
  generator: 'rule' | 'llm' | 'fallback';
  citations: readonly ReplyCitation[];
  intent: AskIntent;
  scene: AskScene;
  promptId: string | null;
  usedChartFacts: boolean;
  llmFailure: LlmFailure | null;
  output: OutputCheck;
}

const MAX_CONTEXT_CHUNK_CHARS = 600;

/** The rule engine's prompt, plus the chunks it chose and the chart reflection, as one system message. */
function buildModelSystemMessage(rule: ComposedReply, input: AnswerInput): string {
  const parts = [rule.system_prompt];
  const chunks = rule.citations
    .map((citation) => input.knowledge.index.chunks.get(citation.chunk_id))
    .filter((chunk) => chunk !== undefined);
  if (chunks.length > 0) {
    parts.push(
      `可参考的资料（只在相关时使用，不要逐字照搬）：\n${chunks
        .map(
          (chunk, i) =>
            `[${i + 1}] ${chunk.title}：${[...chunk.content].slice(0, MAX_CONTEXT_CHUNK_CHARS).join('')}`,
        )
        .join('\n')}`,
    );
  }
  const chart = input.chartFacts ? describeChartFacts(input.chartFacts, rule.scene, rule.intent) : null;
  if (chart) parts.push(`对方的星盘要点（仅作自我觉察的视角）：${chart}`);
  parts.push('请用简体中文回答，120 到 400 字，语气温和具体，最后给一个可以马上做的小行动或一个问题。');
  return parts.filter((part) => part.trim().length > 0).join('\n\n');
}

function checkText(
  text: string,
  safety: CompiledSafety,
): { evaluation: SafetyEvaluation; text: string | null } {
  const evaluation = evaluateMessage(text, safety);
  // Only the block outcome judges generated text: the crisis detector reads the writer's own state, and a reply
  // that talks about the user's feelings would look like the assistant's first-person risk.
  if (evaluation.outcome.action === 'refuse') return { evaluation, text: null };
  if (evaluation.outcome.action === 'mask')
    return { evaluation, text: evaluation.outcome.maskedText ?? null };
  return { evaluation, text };
}

/**
 * Writes the answer to a message that passed the input checks: the rule engine always (its retrieval feeds the
 * model too), the model when configured; the chosen text is checked against the filter rules and block policies,
 * masked when a policy masks, and replaced when one refuses (model answer → rule answer → fixed safe answer).
 */
export async function writeAnswer(input: AnswerInput, llm: LlmReplyClient | null): Promise<WrittenAnswer> {
  const rule = composeReply({
    question: input.question,
    scene: input.scene,
    profile: { displayName: input.displayName },
    chartFacts: input.chartFacts,
    history: input.history,
    index: input.knowledge.index,
    prompts: input.knowledge.prompts,
  });
  const base = {
    citations: rule.citations,
    intent: rule.intent,
    scene: rule.scene,
    promptId: rule.prompt_id,
    usedChartFacts: rule.used_chart_facts,
  };
  const flagged: SafetyEvaluation[] = [];
  let llmFailure: LlmFailure | null = null;

  if (llm !== null) {
    try {
      const modelText = await llm.complete({
        system: buildModelSystemMessage(rule, input),
        history: input.history,
        question: input.question,
      });
      const checked = checkText(modelText, input.safety);
      if (checked.evaluation.outcome.action !== 'allow') flagged.push(checked.evaluation);
      if (checked.text !== null) {
        const action = checked.evaluation.outcome.action === 'mask' ? 'mask' : 'allow';
        return { ...base, content: checked.text, generator: 'llm', llmFailure, output: { action, flagged } };
      }
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      llmFailure = error.failure;
    }
  }

  const checked = checkText(rule.content, input.safety);
  if (checked.evaluation.outcome.action !== 'allow') flagged.push(checked.evaluation);
  const replacedModel = flagged.some((evaluation) => evaluation.outcome.action === 'refuse');
  if (checked.text === null) {
    return {
      ...base,
      citations: [],
      content: SAFE_FALLBACK_ANSWER,
      generator: 'fallback',
      llmFailure,
      output: { action: 'replaced', flagged },
    };
  }
  let action: OutputCheck['action'] = checked.evaluation.outcome.action === 'mask' ? 'mask' : 'allow';
  if (replacedModel) action = 'replaced';
  return { ...base, content: checked.text, generator: 'rule', llmFailure, output: { action, flagged } };
}
