import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { readDirectly } from './database.ts';

interface Template {
  compiled: CompiledQuery;
  /** Per compiled parameter: the index of the argument it takes, or a constant the builder inlined as a parameter. */
  sources: ({ argument: number } | { constant: unknown })[];
}

/**
 * A query whose SQL is built and compiled once per database instead of on every call. On the hottest paths
 * (every request resolves its caller) Kysely's builder and compiler cost several times what SQLite spends running
 * the indexed query; the compiled text is the same each time, only the parameters change.
 *
 * `build` receives placeholder arguments, which it must pass as values (never inspect or transform them); each call
 * then runs the compiled SQL with the real arguments in their place. Only for plain `Kysely` instances: a
 * transaction is a new object each time, so it would compile anew on every call anyway.
 */
export function reusableQuery<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const templates = new WeakMap<Kysely<DB>, Template>();
  const arity = build.length - 1;
  const placeholders = Array.from(
    { length: arity },
    (_, index) => `\u0000reusable-query-argument-${index}\u0000`,
  );
  const templateFor = (db: Kysely<DB>): Template => {
    let template = templates.get(db);
    if (template === undefined) {
      const compiled = build(db, ...(placeholders as Args)).compile();
      const sources = compiled.parameters.map((parameter) => {
        const argument = placeholders.indexOf(parameter as string);
        return argument >= 0 ? { argument } : { constant: parameter };
      });
      template = { compiled, sources };
      templates.set(db, template);
    }
    return template;
  };
  // Not an async function: on the direct path that would only add a promise layer to the hottest call.
  return (db, ...args) => {
    const { compiled, sources } = templateFor(db);
    const parameters = sources.map((source) =>
      'argument' in source ? args[source.argument] : source.constant,
    );
    const direct = readDirectly(db, compiled.sql, parameters);
    if (direct !== undefined) return Promise.resolve(direct as Row[]);
    return db.executeQuery<Row>({ ...compiled, parameters }).then((result) => result.rows);
  };
}
