import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ScaleQuestionRecord, ScaleRecord } from './scales.repository.ts';
import type { AdminScale, ScaleQuestionView, ScaleSummary } from './scales.schemas.ts';

const StoredOptions = Type.Array(Type.Object({ key: Type.String(), text: Type.String() }));

export function toScaleSummary(scale: ScaleRecord): ScaleSummary {
  return { slug: scale.slug, title: scale.title, description: scale.description };
}

export function toScaleQuestion(question: ScaleQuestionRecord): ScaleQuestionView {
  return {
    id: question.id,
    sort: question.sort,
    body: { prompt: question.prompt, options: readOptions(question) },
  };
}

export function readOptions(question: ScaleQuestionRecord): { key: string; text: string }[] {
  const parsed: unknown = JSON.parse(question.options_json);
  // Written only by the instrument sync; a mismatch means a corrupted row, not bad input.
  if (!Value.Check(StoredOptions, parsed))
    throw new Error(`scale question ${question.id} has malformed options`);
  return parsed.map((option) => ({ key: option.key, text: option.text }));
}

export function toAdminScale(scale: ScaleRecord, questionCount: number, scoreable: boolean): AdminScale {
  return {
    id: scale.id,
    slug: scale.slug,
    title: scale.title,
    status: scale.status,
    description: scale.description,
    instructions: scale.instructions,
    sort: scale.sort,
    scoreable,
    question_count: questionCount,
    created_at: scale.created_at,
    updated_at: scale.updated_at,
  };
}
