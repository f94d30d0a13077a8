import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { reviewQueue } from '../../src/server/modules/submissions/review-routes';
import { sellerSubmissionsQuery } from '../../src/server/modules/submissions/service';
import { generateCatalogue, type GeneratedCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { submissionListQuerySchema } from '../../src/shared/schemas/submissions';
import { parseWith } from '../../src/shared/schemas/parse';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 25, item 5: the pages of a national catalogue come from indexes, never a scan of the
 * table. Asked of each database's planner (EXPLAIN): SQLite must not "SCAN" a table without an
 * index or sort a whole table; PostgreSQL, told to avoid sequential scans, must find an index
 * for every query (it still plans a Seq Scan when none can serve).
 */
let server: TestServer;
let generated: GeneratedCatalogue;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  generated = await generateCatalogue(server.deps, server.deps.storage, 4_000);
}, 120_000);
afterAll(() => server.close());

const parse = <S extends Parameters<typeof parseWith>[0]>(schema: S, input: Record<string, string | undefined>) => {
  const parsed = parseWith(schema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value as never;
};

async function plan(query: CompiledQuery): Promise<string> {
  const { db, dialect } = server.deps;
  if (dialect === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const rows = await connection.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

function expectIndexed(text: string, label: string) {
  if (process.env.SHOW_PLANS) console.log(label, "\n", text);
  if (server.deps.dialect === 'sqlite') {
    // "SCAN products USING INDEX …" walks an index in page order and stops; a bare SCAN reads the table.
    expect(text, label).not.toMatch(/SCAN (products|product_submissions)(?! USING| VIRTUAL)\b/);
  } else {
    expect(text, label).not.toMatch(/Seq Scan/);
  }
}

describe('every page of the catalogue, a seller and the review queue comes from an index', () => {
  it('GET /products: filters, sorts, searches and their bounded counts', async () => {
    const queries: CompiledQuery[] = [];
    const read = async <T,>(query: CompiledQuery) => {
      queries.push(query);
      return (await server.deps.db.executeQuery<T>(query)).rows as T[];
    };
    const catalogue = createCatalogueService(server.deps.db, server.deps.dialect, read);
    const asks = [
      {},
      { page: '40' },
      { category: 'Grains', sortBy: 'price', sortDir: 'asc' },
      { location: 'Ashanti' },
      { condition: 'organic' },
      { sortBy: 'name', sortDir: 'asc' },
      { search: 'maize' },
      { search: 'maize organic', sortBy: 'price', sortDir: 'desc' },
      { search: 'tamale', location: 'Northern' },
    ];
    for (const ask of asks) await catalogue.listProducts(parse(productQuerySchema, ask));
    expect(queries).toHaveLength(asks.length * 2);
    for (const [i, query] of queries.entries()) expectIndexed(await plan(query), JSON.stringify(asks[Math.floor(i / 2)]));
  });

  it("a seller's listings, by date and by price, with their count", async () => {
    for (const ask of [{}, { sortBy: 'price', sortDir: 'asc' }, { status: 'APPROVED', page: '20' }]) {
      const { base, page } = sellerSubmissionsQuery(server.deps.db, generated.busiestSeller.id, parse(submissionListQuerySchema, ask));
      expectIndexed(await plan(base.select(({ fn }) => fn.countAll().as('n')).compile()), `count ${JSON.stringify(ask)}`);
      expectIndexed(await plan(page.compile()), `page ${JSON.stringify(ask)}`);
    }
  });

  it("the operator's queue: waiting listings and each status, oldest first", async () => {
    for (const status of ['PENDING', 'APPROVED', 'REJECTED'] as const) {
      const page = reviewQueue(server.deps.db, status).selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').limit(20).offset(40);
      const text = await plan(page.compile());
      expectIndexed(text, status);
      // Oldest first straight from the index: no sort of every waiting listing.
      if (server.deps.dialect === 'sqlite') expect(text, status).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });
});
