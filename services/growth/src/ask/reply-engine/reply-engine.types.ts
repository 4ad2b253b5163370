/** Thread scenes, as in the ask API. */
export type AskScene = 'self' | 'relation' | 'career' | 'emotion' | 'life';

export const ASK_SCENES: readonly AskScene[] = ['self', 'relation', 'career', 'emotion', 'life'];

export type AskIntent =
  | 'greeting'
  | 'thanks'
  | 'ask_meaning'
  | 'ask_advice'
  | 'relationship_conflict'
  | 'career_choice'
  | 'emotion_support'
  | 'self_growth'
  | 'astrology_question'
  | 'life_guidance'
  | 'out_of_scope';

/** A knowledge source as stored by operators (admin ai/knowledge-sources). */
export interface KnowledgeSource {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly enabled: boolean;
}

/** A knowledge chunk as stored by operators (admin ai/knowledge-chunks). */
export interface KnowledgeChunk {
  readonly id: string;
  readonly source_id: string;
  readonly scene: AskScene;
  readonly title: string;
  readonly content: string;
  readonly tags: readonly string[];
  readonly enabled: boolean;
}

/** A system-prompt template as stored by operators (admin ai/system-prompts). */
export interface SystemPromptTemplate {
  readonly id: string;
  readonly scene: AskScene;
  /**
   * Text with {{placeholders}}. Lines starting with "开场：" or "收尾：" are not part of the
   * system prompt: the rule engine uses them as extra opening and closing lines for its replies.
   */
  readonly template: string;
  readonly enabled: boolean;
}

export interface ChartSign {
  /** Chinese sign name (白羊座 or 白羊; traditional and English names are accepted too). */
  readonly sign: string;
}

export interface ChartTransit {
  /** Transiting body: a key such as "saturn" or a Chinese name such as 土星. */
  readonly transiting: string;
  /** Natal body it aspects, same conventions. */
  readonly natal: string;
  /** conjunction, opposition, trine, square or sextile (or the Chinese name). */
  readonly type: string;
}

export interface ChartFacts {
  readonly sun: ChartSign;
  readonly moon: ChartSign;
  readonly ascendant: ChartSign | null;
  readonly transits: readonly ChartTransit[];
}

export interface HistoryMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}
