import { createQueryId, type CompiledQuery } from 'kysely';
import type { Db } from './schema.js';

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled query, which argument fills it (-1: a constant of the query). */
  slots: number[];
}

/**
 * A hot query built and compiled once per database handle, then run with each call's values.
 * Building a query with Kysely costs several times what SQLite takes to answer a small one, so the
 * reads served most often (the caller's key, a run) skip it. `build` must use each argument as
 * one bound value (no lists of varying length); it is called once with marker values, and the
 * compiled query's parameters that carry a marker are filled from the arguments on every call.
 */
export function prepared<A extends string[], R>(build: (db: Db, ...args: A) => { compile(): CompiledQuery<R> }): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, Compiled<R>>();
  return async (db, ...args) => {
    let c = compiled.get(db);
    if (!c) {
      const marks = args.map((_, i) => `\u0000svc-arg-${i}\u0000`) as A;
      const query = build(db, ...marks).compile();
      const slots = query.parameters.map((v) => marks.indexOf(v as string));
      const unused = marks.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`prepared query: argument ${unused} is not a bound value of ${query.sql}`);
      c = { query, slots };
      compiled.set(db, c);
    }
    const { query, slots } = c;
    const parameters = query.parameters.map((v, i) => (slots[i]! >= 0 ? args[slots[i]!] : v));
    return (await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() })).rows;
  };
}
