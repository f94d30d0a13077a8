import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 041_open_loads_index (issue 40, the loads board at 100,000 consignments): a partial index of
 * the loads waiting for a transporter (AT_ORIGIN, nobody's), in id order, the board's order and
 * its keyset cursor. consignments_board (status, from_warehouse_id, id) could not give every
 * region's open loads in id order without sorting them all, and PostgreSQL walked the primary
 * key instead, reading the consignments already on the road or arrived (19 in 20) to find 50
 * open ones: the board's time grew with every delivery ever made. The partial index holds only
 * what is on the board (a few thousand rows), whatever the history. Same statement on SQLite and
 * PostgreSQL (both have partial indexes).
 */
export function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index consignments_open on consignments (id) where status = 'AT_ORIGIN' and transporter_id is null`.execute(db);
    },
  };
}
