import { CompiledQuery, type Compilable } from 'kysely';
import { dialectOf, type Db } from './index';

/**
 * Writes of one transaction that need nothing back and do not read each other's rows (a
 * payment's history row, messages, cleared cart, filed sales), sent together at flush(): on
 * PostgreSQL as one statement (a data-modifying WITH: one round trip instead of one each),
 * on SQLite one after another (no round trips there). Every sub-statement of a WITH sees the
 * rows as they were before it, so a write that must see another's rows does not belong here.
 */
export class WriteBatch {
  private queries: Compilable[] = [];

  constructor(readonly db: Db) {}

  add(query: Compilable): void {
    this.queries.push(query);
  }

  async flush(): Promise<void> {
    const compiled = this.queries.map((q) => q.compile());
    this.queries = [];
    if (compiled.length < 2 || dialectOf(this.db) !== 'postgres') {
      for (const query of compiled) await this.db.executeQuery(query);
      return;
    }
    await this.db.executeQuery(togetherOnPostgres(compiled));
  }
}

/** `with w0 as (first), w1 as (second) last`, each one's $n moved past the ones before it. */
function togetherOnPostgres(compiled: CompiledQuery[]): CompiledQuery {
  const parameters: unknown[] = [];
  const texts = compiled.map((query) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    // Kysely writes every value as a $n parameter, so a "$" followed by digits is one.
    return query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = texts.pop()!;
  return CompiledQuery.raw(`with ${texts.map((text, i) => `w${i} as (${text})`).join(', ')} ${last}`, parameters);
}
