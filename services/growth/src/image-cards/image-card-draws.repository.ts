import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ImageCardDrawsTable } from './image-cards.tables.ts';

export type DrawRecord = Selectable<ImageCardDrawsTable>;

export async function insertDraw(db: DbExecutor, record: DrawRecord): Promise<void> {
  await db.insertInto('image_card_draws').values(record).execute();
}
