import { createQueryId, type CompiledQuery } from 'kysely';
import type { Database, Db } from './schema.js';

/** A value bound to a query parameter. */
export type Bound = string | number | null;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled query, which argument fills it (-1: a constant of the query). */
  slots: number[];
}

/**
 * A hot query built and compiled once per database (its transactions included), then run with each
 * call's values. Building a query with Kysely costs several times what SQLite takes to answer a
 * small one, so the reads served most often (the caller's key, a run) and the writes every test
 * makes skip it. `build` must use each argument as one bound value (no lists of varying length, no
 * value that changes the query's shape): it is called once with marker strings in place of the
 * arguments, and the compiled query's parameters that carry a marker are filled from the arguments
 * on every call; the other parameters are the query's own constants.
 */
export function prepared<A extends Bound[], R>(build: (db: Db, ...args: A) => { compile(): CompiledQuery<R> }): (db: Db, ...args: A) => Promise<R[]> {
  // By the dialect's adapter: one per database, shared by its transactions, and the compiled text
  // depends on nothing else.
  const compiled = new WeakMap<object, Compiled<R>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) {
      const marks = args.map((_, i) => `\u0000svc-arg-${i}\u0000`);
      const query = build(db, ...(marks as A)).compile();
      const slots = query.parameters.map((v) => marks.indexOf(v as string));
      const unused = marks.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`prepared query: argument ${unused} is not a bound value of ${query.sql}`);
      c = { query, slots };
      compiled.set(adapter, c);
    }
    const { query, slots } = c;
    const parameters = query.parameters.map((v, i) => (slots[i]! >= 0 ? args[slots[i]!] : v));
    return (await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() })).rows;
  };
}

/** A row as its columns' names and values in the same order. */
export const byColumn = <T>(columns: readonly string[], values: Bound[]) => Object.fromEntries(columns.map((k, i) => [k, values[i]])) as unknown as T;

/**
 * Rows into `table` (all with the same columns, in the same order), by a statement compiled once per
 * set of columns and number of rows; at most `perStatement` rows a statement.
 */
export function preparedInsert(table: keyof Database & string, perStatement: number): (db: Db, rows: Record<string, Bound>[]) => Promise<void> {
  const statements = new Map<string, (db: Db, ...values: Bound[]) => Promise<unknown[]>>();
  return async (db, rows) => {
    if (!rows.length) return;
    const columns = Object.keys(rows[0]!);
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      const key = `${chunk.length}:${columns.join(',')}`;
      let insert = statements.get(key);
      if (!insert) {
        const n = chunk.length;
        insert = prepared((on, ...values: Bound[]) => on.insertInto(table).values(Array.from({ length: n }, (_, r) => byColumn<never>(columns, values.slice(r * columns.length)))));
        statements.set(key, insert);
      }
      await insert(db, ...chunk.flatMap((row) => columns.map((c) => row[c] ?? null)));
    }
  };
}
