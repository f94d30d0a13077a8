import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/** Tables whose rows public catalogue reads show, changed without a catalogue version. */
const WATCHED: { table: string; columns?: string[] }[] = [
  { table: 'reviews' },
  { table: 'warehouses' },
  { table: 'seller_profiles', columns: ['business_name'] },
  { table: 'users', columns: ['first_name', 'last_name'] },
];
const BUMP = sql.raw(`update counters set value = value + 1 where name = 'public_content'`);

/**
 * The public_content counter, moved by triggers so no writer (today's or a future one) can
 * forget: API read caches key on it beside the catalogue counter. Tables watched by column
 * count only real changes of those columns (a user's e-mail change does not count).
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.insertInto('counters').values({ name: 'public_content', value: 0 }).execute();
      if (dialect === 'postgres') {
        await sql`create function bump_public_content() returns trigger language plpgsql as $$ begin ${BUMP}; return null; end $$`.execute(db);
      }
      for (const { table, columns } of WATCHED) {
        const events = columns ? ['update'] : ['insert', 'update', 'delete'];
        for (const event of events) {
          const name = sql.raw(`${table}_${event}_public_content`);
          const on = sql.raw(`after ${event}${columns ? ` of ${columns.join(', ')}` : ''} on ${table}`);
          const changedColumns = columns?.map((c) => (dialect === 'postgres' ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`)).join(' or ');
          if (dialect === 'postgres') {
            const when = sql.raw(changedColumns ? `for each row when (${changedColumns})` : 'for each statement');
            await sql`create trigger ${name} ${on} ${when} execute function bump_public_content()`.execute(db);
          } else {
            const when = sql.raw(changedColumns ? `for each row when ${changedColumns}` : 'for each row');
            await sql`create trigger ${name} ${on} ${when} begin ${BUMP}; end`.execute(db);
          }
        }
      }
    },
  };
}
