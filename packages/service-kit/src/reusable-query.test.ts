import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropPostgresSchema, isPostgresUrl, openDatabase, type DatabaseHandle } from './database.ts';
import { reusableQuery } from './reusable-query.ts';

interface People {
  people: { id: number; name: string; team: string; age: number };
}

/** SQLite in memory, or a schema of its own on PostgreSQL when the suite runs there. */
const postgresUrl = process.env['GROWTH_DATABASE_URL'];
let handle: DatabaseHandle<People>;
let schema: string | undefined;

beforeEach(async () => {
  schema = isPostgresUrl(postgresUrl) ? `kit_${randomBytes(6).toString('hex')}` : undefined;
  handle = await openDatabase<People>({ url: postgresUrl, sqliteFile: ':memory:', postgresSchema: schema });
  await handle.db.schema
    .createTable('people')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('team', 'text', (column) => column.notNull())
    .addColumn('age', 'integer', (column) => column.notNull())
    .execute();
  await handle.db
    .insertInto('people')
    .values([
      { id: 1, name: 'Ada', team: 'red', age: 36 },
      { id: 2, name: 'Grace', team: 'blue', age: 45 },
      { id: 3, name: 'Linus', team: 'red', age: 21 },
    ])
    .execute();
});

afterEach(async () => {
  await handle.close();
  if (schema && postgresUrl) await dropPostgresSchema(postgresUrl, schema);
});

describe('reusableQuery', () => {
  const olderInTeam = reusableQuery((db: DatabaseHandle<People>['db'], team: string, minAge: number) =>
    db
      .selectFrom('people')
      .select(['name'])
      .where('team', '=', team)
      .where('age', '>=', minAge)
      .where('name', '!=', 'nobody')
      .orderBy('id'),
  );

  it('answers each call with its own arguments, keeping constants the builder inlined', async () => {
    expect(await olderInTeam(handle.db, 'red', 30)).toEqual([{ name: 'Ada' }]);
    expect(await olderInTeam(handle.db, 'red', 18)).toEqual([{ name: 'Ada' }, { name: 'Linus' }]);
    expect(await olderInTeam(handle.db, 'blue', 18)).toEqual([{ name: 'Grace' }]);
    expect(await olderInTeam(handle.db, 'green', 0)).toEqual([]);
  });

  it('binds an argument used twice, in whatever order the dialect numbers parameters', async () => {
    const namedOrTeam = reusableQuery((db: DatabaseHandle<People>['db'], word: string) =>
      db
        .selectFrom('people')
        .select('id')
        .where((eb) => eb.or([eb('name', '=', word), eb('team', '=', word)]))
        .orderBy('id'),
    );
    expect(await namedOrTeam(handle.db, 'blue')).toEqual([{ id: 2 }]);
    expect(await namedOrTeam(handle.db, 'Linus')).toEqual([{ id: 3 }]);
  });

  it("answers the same rows as Kysely's own path: names, aliases, nulls, numbers, plain objects", async () => {
    await handle.db.insertInto('people').values({ id: 5, name: 'Ken', team: 'red', age: 19 }).execute();
    const build = (db: DatabaseHandle<People>['db'], team: string) =>
      db
        .selectFrom('people')
        .leftJoin('people as elder', (join) =>
          join.onRef('elder.team', '=', 'people.team').on('elder.age', '>', 40),
        )
        .select(['people.id', 'people.name', 'people.age as years', 'elder.name as elder_name'])
        .where('people.team', '=', team)
        .orderBy('people.id');
    const compiledOnce = reusableQuery(build);
    for (const team of ['red', 'blue', 'none']) {
      const direct = await compiledOnce(handle.db, team);
      expect(direct).toStrictEqual(await build(handle.db, team).execute());
    }
    expect(await compiledOnce(handle.db, 'red')).toStrictEqual([
      { id: 1, name: 'Ada', years: 36, elder_name: null },
      { id: 3, name: 'Linus', years: 21, elder_name: null },
      { id: 5, name: 'Ken', years: 19, elder_name: null },
    ]);
    expect(await compiledOnce(handle.db, 'blue')).toStrictEqual([
      { id: 2, name: 'Grace', years: 45, elder_name: 'Grace' },
    ]);
  });

  it('never lets an argument change the statement: a quote or SQL in it is only a value', async () => {
    expect(await olderInTeam(handle.db, "red' or '1'='1", 0)).toEqual([]);
    expect(await olderInTeam(handle.db, 'red', 0)).toHaveLength(2);
  });

  it('compiles per database, so two databases each get their own statement', async () => {
    const other = await openDatabase<People>({ url: undefined, sqliteFile: ':memory:' });
    try {
      await other.db.schema
        .createTable('people')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('name', 'text')
        .addColumn('team', 'text')
        .addColumn('age', 'integer')
        .execute();
      await other.db.insertInto('people').values({ id: 9, name: 'Edsger', team: 'red', age: 72 }).execute();
      expect(await olderInTeam(other.db, 'red', 30)).toEqual([{ name: 'Edsger' }]);
      expect(await olderInTeam(handle.db, 'red', 30)).toEqual([{ name: 'Ada' }]);
    } finally {
      await other.close();
    }
  });

  it("never reads another caller's open transaction: it waits for it and sees only what was committed", async () => {
    let releaseTransaction: () => void = () => undefined;
    let inserted: () => void = () => undefined;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('people').values({ id: 4, name: 'Barbara', team: 'red', age: 50 }).execute();
        inserted();
        await new Promise<void>((resolve) => (releaseTransaction = resolve));
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await insertedNow;
    const reading = olderInTeam(handle.db, 'red', 30);
    releaseTransaction();
    expect(await reading).toEqual([{ name: 'Ada' }]);
    expect(await transaction).toBe('rolled back');
  });
});
