import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * A copy of shared/search.ts's NAME_WORD_PARTS as it is on the day this ships (a migration
 * imports no live rule: docs/recipes.md, "A migration"). The live rule may change; this column's
 * text is then written by a later migration, not by editing this one.
 */
const NAME_WORD_PARTS = ['(', ')', '[', ']', ',', '.', ';', ':', '!', '?', '/', '-', '&', '+', '"', "'", '*', '|', '_'];

/**
 * 043_name_words (issue 37, search relevance; the lead renumbers at merge): on SQLite, each
 * listing's name as the relevance order reads it (shared/search.ts nameWordsText): a space, then
 * the name lower-cased (A-Z, as SQLite's lower() and the phone's mirror fold), every one of
 * NAME_WORD_PARTS made a space. "Is yam at the start of one of the name's words" is then one
 * substring test (' yam') on the stored text, where it was a chain of 19 replace() calls on every match a
 * search ranked (the broad searches' cost at 100,000 listings).
 *
 * Written by the database itself on every write of a name (two triggers, as 014's search index),
 * so no writer can forget it, and backfilled here. No listing's API answer changes: no catalogue
 * version taken. PostgreSQL needs no column: its relevance test runs on product_terms' narrow
 * name_key with one translate() (search-terms.ts), measured cheap there.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      const words = (name: string) => {
        let text = `lower(${name})`;
        for (const part of NAME_WORD_PARTS) text = `replace(${text}, '${part.replace(/'/g, "''")}', ' ')`;
        return sql.raw(`(' ' || ${text})`);
      };
      await db.schema.alterTable('products').addColumn('name_words', 'text').execute();
      await sql`update products set name_words = ${words('name')}`.execute(db);
      await sql`create trigger products_name_words_insert after insert on products begin
          update products set name_words = ${words('new.name')} where id = new.id;
        end`.execute(db);
      await sql`create trigger products_name_words_update after update of name on products begin
          update products set name_words = ${words('new.name')} where id = new.id;
        end`.execute(db);
    },
  };
}
