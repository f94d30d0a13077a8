import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService, relatedProducts } from '../../src/server/modules/catalogue/service';
import { onShelf, SHELVES } from '../../src/server/modules/catalogue/shelves';
import { reviewQueue } from '../../src/server/modules/submissions/review-queue';
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
    const queries: { ask: Record<string, string>; query: CompiledQuery }[] = [];
    let ask: Record<string, string> = {};
    const read = async <T,>(query: CompiledQuery) => {
      queries.push({ ask, query });
      return (await server.deps.db.executeQuery<T>(query)).rows as T[];
    };
    const catalogue = createCatalogueService(server.deps.db, server.deps.dialect, read);
    const asks: Record<string, string>[] = [
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
    for (ask of asks) await catalogue.listProducts(parse(productQuerySchema, ask));
    // A browse reads a count and a page; a search on the index reads both in one statement.
    expect(queries.length).toBeGreaterThanOrEqual(asks.length);
    for (const { ask, query } of queries) expectIndexed(await plan(query), JSON.stringify(ask));
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

  it("the home's shelves (also in every new phone's first sync page), newest change first, without sorting the catalogue", async () => {
    for (const kind of SHELVES) {
      const text = await plan(onShelf(server.deps.db.selectFrom('products').selectAll(), kind).limit(24).compile());
      expectIndexed(text, kind);
      if (server.deps.dialect === 'sqlite') expect(text, kind).not.toContain('USE TEMP B-TREE FOR ORDER BY');
      else expect(text, kind).not.toMatch(/Sort/);
    }
  });

  it("a product page's related products, featured then newest in its category, without sorting the category", async () => {
    const product = await server.deps.db.selectFrom('products').select(['id', 'category']).where('is_active', '=', 1).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const text = await plan(relatedProducts(server.deps.db, product).compile());
    expectIndexed(text, 'related');
    if (server.deps.dialect === 'sqlite') expect(text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    else expect(text).not.toMatch(/Sort/);
  });
});
