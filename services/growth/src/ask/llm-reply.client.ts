import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { HistoryMessage } from './reply-engine/reply-engine.types.ts';

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface LlmReplyRequest {
  /** The scene's rendered system prompt plus the retrieved knowledge and chart facts. */
  system: string;
  history: readonly HistoryMessage[];
  question: string;
}

/** Why a model call gave no usable answer; recorded with the reply, never shown to the user. */
export type LlmFailure = 'timeout' | 'network' | 'http_status' | 'invalid_response' | 'empty_answer';

export class LlmCallError extends Error {
  constructor(readonly failure: LlmFailure) {
    super(`language model call failed: ${failure}`);
    this.name = 'LlmCallError';
  }
}

/** Replies longer than this are cut: the app shows chat bubbles, and a runaway model must not fill the database. */
export const MAX_LLM_REPLY_CHARS = 1200;
/** Earlier turns sent to the model: enough for follow-ups, bounded for cost. */
export const LLM_HISTORY_TURNS = 10;
const TEMPERATURE = 0.6;

const ChatCompletionResponse = Type.Object({
  choices: Type.Array(
    Type.Object({ message: Type.Object({ content: Type.Union([Type.String(), Type.Null()]) }) }),
    { minItems: 1 },
  ),
});

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * An OpenAI-compatible `/chat/completions` client. Every failure (timeout, network, non-2xx, malformed or empty
 * answer) becomes an LlmCallError, so the caller falls back to the rule engine on one path.
 */
export class LlmReplyClient {
  private readonly url: string;

  constructor(
    private readonly config: LlmConfig,
    private readonly fetchImpl: FetchLike = fetch,
  ) {
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  async complete(request: LlmReplyRequest): Promise<string> {
    const messages = [
      { role: 'system', content: request.system },
      ...request.history
        .slice(-LLM_HISTORY_TURNS)
        .map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.question },
    ];
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    let payload: unknown;
    try {
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify({ model: this.config.model, messages, temperature: TEMPERATURE }),
        signal,
      });
      if (!response.ok) {
        // Drain the body so the connection can be reused; its text is upstream detail we do not pass on.
        await response.arrayBuffer().catch(() => undefined);
        throw new LlmCallError('http_status');
      }
      payload = await response.json();
    } catch (error) {
      if (error instanceof LlmCallError) throw error;
      if (signal.aborted) throw new LlmCallError('timeout');
      if (error instanceof SyntaxError) throw new LlmCallError('invalid_response');
      throw new LlmCallError('network');
    }
    if (!Value.Check(ChatCompletionResponse, payload)) throw new LlmCallError('invalid_response');
    const content = payload.choices[0]?.message.content?.trim() ?? '';
    if (content.length === 0) throw new LlmCallError('empty_answer');
    const chars = [...content];
    return chars.length > MAX_LLM_REPLY_CHARS
      ? `${chars.slice(0, MAX_LLM_REPLY_CHARS - 1).join('')}…`
      : content;
  }
}
