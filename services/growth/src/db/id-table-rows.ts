import type { Insertable, Kysely, OrderByDirection, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from './database.ts';
import type { Database } from './tables.ts';

/** The growth tables whose rows are keyed by a string `id`. */
export type IdTableName = {
  [T in keyof Database]: Database[T] extends { id: string } ? T : never;
}[keyof Database];

type ColumnOf<T extends IdTableName> = keyof Database[T] & string;

/** A column the page sorts by: ascending, or paired with its direction. */
export type PageOrderColumn<T extends IdTableName> = ColumnOf<T> | readonly [ColumnOf<T>, OrderByDirection];

/** What an update may change: every column but the key and the creation time. */
export type RowChanges<T extends IdTableName> = Omit<Updateable<Database[T]>, 'id' | 'created_at'>;

/**
 * The reads and writes each console-edited catalog table needs, bound to one table. They are plain functions
 * (no `this`), so a repository can export them under its own names.
 */
export interface IdTableRows<T extends IdTableName> {
  /** One page in the order given to `idTableRows`, with the count of all rows. */
  listPage: (
    db: DbExecutor,
    limit: number,
    offset: number,
  ) => Promise<{ rows: Selectable<Database[T]>[]; total: number }>;
  find: (db: DbExecutor, id: string) => Promise<Selectable<Database[T]> | undefined>;
  /** Inserts the rows whose id is not taken yet; returns how many were new. */
  insertNew: (db: DbExecutor, rows: readonly Insertable<Database[T]>[]) => Promise<number>;
  update: (db: DbExecutor, id: string, changes: RowChanges<T>) => Promise<void>;
}

/** Rows per multi-row insert: well under both dialects' bound-parameter limits. */
const INSERT_BATCH_SIZE = 100;

/**
 * Kysely cannot follow a table name that is a type parameter through its builders, so the queries below run on
 * a view of the schema that knows only the `id` column; callers see the table's own types through the interface.
 */
type IdKeyedRow = { id: string } & Record<string, unknown>;
type IdKeyedDb = Kysely<Record<string, IdKeyedRow>>;

export function idTableRows<T extends IdTableName>(
  table: T,
  pageOrder: readonly PageOrderColumn<T>[],
): IdTableRows<T> {
  type Row = Selectable<Database[T]>;
  const tableName: string = table;
  const idKeyed = (db: DbExecutor) => db as unknown as IdKeyedDb;

  return {
    listPage: async (db, limit, offset) => {
      let pageQuery = idKeyed(db).selectFrom(tableName).selectAll();
      for (const column of pageOrder) {
        pageQuery =
          typeof column === 'string' ? pageQuery.orderBy(column) : pageQuery.orderBy(column[0], column[1]);
      }
      const [rows, count] = await Promise.all([
        pageQuery.limit(limit).offset(offset).execute(),
        idKeyed(db)
          .selectFrom(tableName)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as Row[], total: Number(count.total) };
    },

    find: async (db, id) => {
      const row = await idKeyed(db).selectFrom(tableName).selectAll().where('id', '=', id).executeTakeFirst();
      return row as Row | undefined;
    },

    insertNew: async (db, rows) => {
      let inserted = 0;
      for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
        const result = await idKeyed(db)
          .insertInto(tableName)
          .values(rows.slice(start, start + INSERT_BATCH_SIZE) as IdKeyedRow[])
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    update: async (db, id, changes) => {
      await idKeyed(db)
        .updateTable(tableName)
        .set(changes as Partial<IdKeyedRow>)
        .where('id', '=', id)
        .execute();
    },
  };
}
