import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/** Every single-line field users write (names, business and warehouse names, addresses' lines), by table and key. */
const SINGLE_LINE_COLUMNS = [
  { table: 'users', key: 'id', columns: ['first_name', 'last_name'] },
  { table: 'seller_profiles', key: 'user_id', columns: ['business_name', 'bank_account_name'] },
  { table: 'products', key: 'id', columns: ['name'] },
  { table: 'product_submissions', key: 'id', columns: ['name'] },
  { table: 'order_items', key: 'id', columns: ['product_name'] },
  { table: 'warehouses', key: 'id', columns: ['name'] },
  { table: 'customer_addresses', key: 'id', columns: ['street', 'city', 'region', 'country'] },
  { table: 'contact_messages', key: 'id', columns: ['name'] },
] as const;

/**
 * 030_single_line_text: the rows written before the schemas cleaned single-line fields
 * (shared/schemas/single-line.ts) are cleaned the same way (by a frozen copy of it, below), so no stored name carries a line
 * break, a control character or a run of spaces onto a USSD screen or an SMS (issue 37). Only
 * rows that may need it are read: any character outside printable ASCII, two spaces running,
 * or space at an end. A product whose name changes takes a new catalogue version, so phones
 * holding the catalogue offline fetch the clean name.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const unusual = (column: string) =>
        dialect === 'postgres'
          ? sql<boolean>`(${sql.ref(column)} ~ '[^ -~]' or ${sql.ref(column)} like '%  %' or ${sql.ref(column)} <> btrim(${sql.ref(column)}))`
          : sql<boolean>`(${sql.ref(column)} glob '*[^ -~]*' or ${sql.ref(column)} like '%  %' or ${sql.ref(column)} <> trim(${sql.ref(column)}))`;
      for (const { table, key, columns } of SINGLE_LINE_COLUMNS) {
        const rows = await db
          .selectFrom(table)
          .select([key, ...columns])
          .where((eb) => eb.or(columns.map(unusual)))
          .execute();
        for (const row of rows) {
          const cleaned: Record<string, string> = {};
          for (const c of columns) if (typeof row[c] === 'string' && singleLine(row[c]) !== row[c]) cleaned[c] = singleLine(row[c]);
          if (Object.keys(cleaned).length === 0) continue;
          const version = table === 'products' ? { version: await nextVersion(db), updated_at: new Date().toISOString() } : {};
          await db.updateTable(table).set({ ...cleaned, ...version }).where(key, '=', row[key]).execute();
        }
      }
    },
  };
}

/**
 * COPIES, kept here on purpose, of two live functions as they were when this migration shipped
 * (commit 0fa32ba): `singleLine` (src/shared/schemas/single-line.ts) and the counter step of
 * `nextCatalogueVersion` (platform/db/catalogue-versions.ts). A migration must clean tomorrow
 * exactly as it cleaned the day it shipped, whatever the live rule becomes; a new rule gets a
 * new migration. Do not replace them with imports.
 */
const BREAKS = /[\p{Cc}\u2028\u2029]/gu;
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/gu;
function singleLine(text: string): string {
  return text.replace(REORDERING, '').replace(BREAKS, ' ').replace(/\s+/gu, ' ').trim();
}

async function nextVersion(db: Kysely<any>): Promise<number> {
  const row = await db.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', 'catalogue').returning('value').executeTakeFirstOrThrow();
  return Number(row.value);
}
