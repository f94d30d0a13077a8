import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { dialectOf, type Db, type Dialect } from './index';

type Slot<P> = { name: P } | { value: unknown };

/**
 * A hot statement (one every USSD step runs) built and compiled by Kysely once per dialect, then
 * run with new parameters: building and compiling a query anew took about a fifth of a step's
 * CPU on PostgreSQL (docs/performance.md). `build` gets `param(name)`, a marker standing for the
 * value given under that name at each run; any other value in it is kept as it was compiled.
 */
export function precompiled<P extends string, R = unknown>(build: (db: Db, param: (name: P) => never) => Compilable<R>) {
  const cache = new Map<Dialect, { compiled: CompiledQuery<R>; slots: Slot<P>[] }>();
  const compiledFor = (db: Db, values: Record<P, unknown>): CompiledQuery<R> => {
    const dialect = dialectOf(db);
    let entry = cache.get(dialect);
    if (!entry) {
      const marks = new Map<string, P>();
      const param = (name: P): never => {
        const mark = `\u0000param:${name}\u0000`;
        marks.set(mark, name);
        return mark as never;
      };
      const compiled = build(db, param).compile();
      const slots = compiled.parameters.map((value): Slot<P> => (typeof value === 'string' && marks.has(value) ? { name: marks.get(value)! } : { value }));
      entry = { compiled, slots };
      cache.set(dialect, entry);
    }
    return { ...entry.compiled, parameters: entry.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value)) };
  };
  const run = (db: Db, values: Record<P, unknown>): Promise<QueryResult<R>> => db.executeQuery<R>(compiledFor(db, values));
  /** The statement with these values, not run: for a WriteBatch. */
  run.query = (db: Db, values: Record<P, unknown>): Compilable<R> => ({ compile: () => compiledFor(db, values) });
  return run;
}
