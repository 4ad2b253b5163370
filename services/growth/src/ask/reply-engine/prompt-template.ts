import type { AskScene, SystemPromptTemplate } from './reply-engine.types.ts';

export interface RenderedPrompt {
  readonly promptId: string | null;
  /** The system prompt with placeholders filled, opening and closing lines removed. */
  readonly systemPrompt: string;
  /** Operator-written opening lines ("开场：" lines), rendered. */
  readonly openings: readonly string[];
  /** Operator-written closing lines ("收尾：" lines), rendered. */
  readonly closings: readonly string[];
}

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;
const OPENING_PREFIX = /^\s*开场[:：]\s*/;
const CLOSING_PREFIX = /^\s*收尾[:：]\s*/;

/** The scene's enabled template; with several, the smallest id wins so the choice is stable. */
export function selectPrompt(
  prompts: readonly SystemPromptTemplate[],
  scene: AskScene,
): SystemPromptTemplate | null {
  const candidates = prompts
    .filter((prompt) => prompt.enabled && prompt.scene === scene)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return candidates[0] ?? null;
}

/** Fill {{placeholders}}; unknown placeholders become empty rather than leaking braces to users. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => values[key.toLowerCase()] ?? '');
}

export function renderPrompt(
  template: SystemPromptTemplate | null,
  values: Readonly<Record<string, string>>,
): RenderedPrompt {
  if (template === null) return { promptId: null, systemPrompt: '', openings: [], closings: [] };
  const promptLines: string[] = [];
  const openings: string[] = [];
  const closings: string[] = [];
  for (const line of template.template.split('\n')) {
    if (OPENING_PREFIX.test(line))
      openings.push(fillPlaceholders(line.replace(OPENING_PREFIX, ''), values).trim());
    else if (CLOSING_PREFIX.test(line))
      closings.push(fillPlaceholders(line.replace(CLOSING_PREFIX, ''), values).trim());
    else promptLines.push(fillPlaceholders(line, values));
  }
  return {
    promptId: template.id,
    systemPrompt: promptLines.join('\n').trim(),
    openings: openings.filter((line) => line.length > 0),
    closings: closings.filter((line) => line.length > 0),
  };
}
