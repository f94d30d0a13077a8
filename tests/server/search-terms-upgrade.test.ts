import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { migration as searchTermsMigration } from '../../src/server/platform/db/migrations/024_search_terms';
import { migration as searchTermCoresMigration } from '../../src/server/platform/db/migrations/025_search_term_cores';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Migration 024 on PostgreSQL during a rolling upgrade: an older instance goes on writing
 * listings while the new one builds the search terms. A listing renamed after the build read
 * it, but before the triggers existed, must still be found by its new name.
 */
const postgres = Boolean(process.env.DATABASE_URL);
let server: TestServer;
beforeAll(async () => {
  if (!postgres) return;
  server = await startTestServer({ seed: false });
  await generateCatalogue(server.deps, server.deps.storage, 60);
  // Back to before 024 (startTestServer migrated to the head).
  for (const trigger of ['products_keep_terms_insert', 'products_keep_terms_delete', 'products_keep_terms_update']) await sql`drop trigger ${sql.ref(trigger)} on products`.execute(server.deps.db);
  await sql`drop table product_terms, search_vocabulary`.execute(server.deps.db);
  await sql`drop function keep_product_terms, add_product_terms, search_terms, search_price_bucket, search_tokens`.execute(server.deps.db);
}, 120_000);
afterAll(() => server?.close());

/** The same database, running `write` (on another connection) just before the first statement holding `marker`. */
function writingBefore(db: Kysely<any>, marker: string, write: () => Promise<void>): Kysely<any> {
  let written = false;
  const bound = <T extends object>(target: T, wrap: (key: PropertyKey, value: unknown) => unknown) =>
    new Proxy(target, { get: (t, key) => wrap(key, typeof Reflect.get(t, key) === 'function' ? (Reflect.get(t, key) as (...a: unknown[]) => unknown).bind(t) : Reflect.get(t, key)) });
  return bound(db, (key, value) =>
    key !== 'getExecutor'
      ? value
      : () =>
          bound(db.getExecutor(), (name, method) =>
            name !== 'executeQuery'
              ? method
              : async (query: { sql: string }, ...rest: unknown[]) => {
                  if (!written && query.sql.includes(marker)) {
                    written = true;
                    await write();
                  }
                  return (method as (...a: unknown[]) => unknown)(query, ...rest);
                },
          ),
  );
}

it.runIf(postgres)('a listing an older instance renames while the terms are built is found by its new name', async () => {
  const { db, dialect } = server.deps;
  const renamed = (await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  const olderInstanceRenames = () =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Zebrafruit from the north', version: await nextCatalogueVersion(trx) }).where('id', '=', renamed).execute();
    });
  // After the build has read every listing, before the triggers exist.
  await db.transaction().execute((trx) => searchTermsMigration('postgres').up(writingBefore(trx, 'create index product_terms_terms', olderInstanceRenames)));

  const query = parseWith(productQuerySchema, { search: 'zebrafruit' });
  if (!query.ok) throw new Error(query.error.message);
  const page = await createCatalogueService(db, dialect, server.deps.readOffLoop).listProducts(query.value);
  expect(page.data.map((p) => p.id)).toEqual([renamed]);
  // And every listed product has its terms.
  const missing = await sql<{ n: string }>`select count(*) as n from products where is_active = 1 and id not in (select id from product_terms)`.execute(db);
  expect(Number(missing.rows[0].n)).toBe(0);
});

/**
 * Migration 025 (the tokens' cores as terms) after 024, as a running catalogue gets it: an
 * older instance writes listings while the terms are made again, one of them giving a new core
 * ("wheelbarrow") its number before the migration writes the one it set aside.
 */
it.runIf(postgres)('025: every listing gets its cores, the writes made meanwhile included, and the cores are found', async () => {
  const { db, dialect } = server.deps;
  const [carried, hired, zebroots] = (await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').offset(1).limit(3).execute()).map((r) => r.id);
  // Before 025 (the test above left 024's terms): "(wheelbarrow)." is a term, "wheelbarrow" not.
  await db.updateTable('products').set({ description: 'Carried home in a (wheelbarrow).' }).where('id', '=', carried).execute();
  const olderInstanceWrites = () =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Wheelbarrow hire', version: await nextCatalogueVersion(trx) }).where('id', '=', hired).execute();
      await trx.updateTable('products').set({ description: 'Yams, (zebroots).', version: await nextCatalogueVersion(trx) }).where('id', '=', zebroots).execute();
    });
  await db.transaction().execute((trx) => searchTermCoresMigration('postgres').up(writingBefore(trx, 'lock table products', olderInstanceWrites)));

  const search = async (words: string) => {
    const query = parseWith(productQuerySchema, { search: words });
    if (!query.ok) throw new Error(query.error.message);
    return (await createCatalogueService(db, dialect, server.deps.readOffLoop).listProducts(query.value)).data.map((p) => p.id).sort((a, b) => a - b);
  };
  expect(await search('wheelbarrow')).toEqual([carried, hired]);
  expect(await search('zebroots')).toEqual([zebroots]);
  expect(await search('(wheelbarrow).')).toEqual([carried]);
  // Every listed product's terms are what a fresh write would give it, and every number is the vocabulary's.
  const differing = await sql<{ n: string }>`select count(*) as n from products as p left join product_terms as t on t.id = p.id where p.is_active = 1 and
    (select array_agg(v.term order by v.term) from search_vocabulary as v where v.id = any(t.terms))
      is distinct from (select array_agg(s order by s) from unnest(search_terms(p.name, p.category, p.description, p.condition, p.region, p.price_minor, p.created_at)) as s)`.execute(db);
  expect(Number(differing.rows[0].n)).toBe(0);
  const unknown = await sql<{ n: string }>`select count(*) as n from product_terms, unnest(terms) as term where term not in (select id from search_vocabulary)`.execute(db);
  expect(Number(unknown.rows[0].n)).toBe(0);
});
