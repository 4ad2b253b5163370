import type { Insertable } from 'kysely';
import type { GrowthDb } from '../db/database.ts';
import { SCALE_INSTRUMENTS, type ScaleInstrument } from './instruments/index.ts';
import type { ScaleQuestionsTable } from './scales.tables.ts';
import { stableUuid } from './stable-uuid.ts';

const SORT_STEP = 10;

export function seededScaleId(slug: string): string {
  return stableUuid(`scale:${slug}`);
}

/** A question's id depends only on its scale's slug and its key, so it survives re-seeding and a new database. */
export function scaleQuestionId(slug: string, questionKey: string): string {
  return stableUuid(`scale:${slug}:${questionKey}`);
}

export interface ScaleSyncReport {
  scalesCreated: number;
  questionsInserted: number;
  questionsUpdated: number;
  questionsRemoved: number;
}

/**
 * Brings the database in line with the instrument definitions; runs at every start and is idempotent.
 *
 * - A scale missing from the database is created, published (the shipped instruments are published ones). A scale
 *   that exists keeps its title, description, status and sort: operators own those from the console.
 * - Questions follow the instrument exactly (wording, options, order), because scoring reads the instrument: a
 *   question the instrument no longer has is removed, a changed one is rewritten in place and keeps its id.
 */
export async function syncScaleInstruments(
  db: GrowthDb,
  at: string,
  instruments: readonly ScaleInstrument[] = SCALE_INSTRUMENTS,
): Promise<ScaleSyncReport> {
  const report: ScaleSyncReport = {
    scalesCreated: 0,
    questionsInserted: 0,
    questionsUpdated: 0,
    questionsRemoved: 0,
  };
  await db.transaction().execute(async (trx) => {
    for (const [index, instrument] of instruments.entries()) {
      const inserted = await trx
        .insertInto('scales')
        .values({
          id: seededScaleId(instrument.slug),
          slug: instrument.slug,
          title: instrument.title,
          description: instrument.description,
          instructions: instrument.instructions,
          status: 'published',
          sort: (index + 1) * SORT_STEP,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column('slug').doNothing())
        .executeTakeFirst();
      report.scalesCreated += Number(inserted.numInsertedOrUpdatedRows ?? 0);

      const scale = await trx
        .selectFrom('scales')
        .select('id')
        .where('slug', '=', instrument.slug)
        .executeTakeFirstOrThrow();
      const existing = new Map(
        (await trx.selectFrom('scale_questions').selectAll().where('scale_id', '=', scale.id).execute()).map(
          (row) => [row.key, row],
        ),
      );
      const wanted = instrument.questions.map((question): Insertable<ScaleQuestionsTable> => ({
        id: scaleQuestionId(instrument.slug, question.key),
        scale_id: scale.id,
        key: question.key,
        sort: question.sort,
        prompt: question.prompt,
        options_json: JSON.stringify(
          question.options.map((option) => ({ key: option.key, text: option.text })),
        ),
      }));
      for (const question of wanted) {
        const current = existing.get(question.key);
        if (!current) {
          const result = await trx
            .insertInto('scale_questions')
            .values(question)
            .onConflict((conflict) => conflict.columns(['scale_id', 'key']).doNothing())
            .executeTakeFirst();
          report.questionsInserted += Number(result.numInsertedOrUpdatedRows ?? 0);
        } else if (
          current.sort !== question.sort ||
          current.prompt !== question.prompt ||
          current.options_json !== question.options_json
        ) {
          await trx
            .updateTable('scale_questions')
            .set({ sort: question.sort, prompt: question.prompt, options_json: question.options_json })
            .where('id', '=', current.id)
            .execute();
          report.questionsUpdated += 1;
        }
      }
      const stale = [...existing.keys()].filter((key) => !wanted.some((question) => question.key === key));
      if (stale.length > 0) {
        const removed = await trx
          .deleteFrom('scale_questions')
          .where('scale_id', '=', scale.id)
          .where('key', 'in', stale)
          .executeTakeFirst();
        report.questionsRemoved += Number(removed.numDeletedRows);
      }
    }
  });
  return report;
}
