import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { sellerBalances } from '../../src/server/modules/ledger/balances';
import { runPayouts } from '../../src/server/modules/payouts/job';
import { payingSellers } from '../support/payouts';
import { shopServer } from '../support/shop';

/**
 * When a batch of payouts cannot be prepared together, the run tries its sellers one at a time.
 * Only another instance's payout for the same seller (the unique index payouts_one_open) is
 * "open"; a database failure there used to be taken for that too, logged at debug and counted
 * nowhere. It is now logged at error with its cause and counted in the run's `notPrepared`,
 * and the batch's other sellers are still paid.
 */
const shop = shopServer({ paystack: true });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;

/** A logger that keeps what it is told (pino's JSON lines), from debug up. */
function recordingLogger() {
  const lines: { level: number; msg: string; seller?: number; err?: { message?: string } }[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** The database refuses any payout row for this seller (a real failure, not a race), until removed. */
async function failPayoutsOf(sellerId: number): Promise<() => Promise<void>> {
  if (deps().dialect === 'postgres') {
    await sql`create function test_fail_payout() returns trigger language plpgsql as $$ begin if new.seller_id = ${sql.lit(sellerId)} then raise exception 'simulated storage failure'; end if; return new; end $$`.execute(db());
    await sql`create trigger test_fail_payout before insert on payouts for each row execute function test_fail_payout()`.execute(db());
    return async () => {
      await sql`drop trigger test_fail_payout on payouts`.execute(db());
      await sql`drop function test_fail_payout()`.execute(db());
    };
  }
  await sql`create trigger test_fail_payout before insert on payouts when new.seller_id = ${sql.lit(sellerId)} begin select raise(abort, 'simulated storage failure'); end`.execute(db());
  return async () => void (await sql`drop trigger test_fail_payout`.execute(db()));
}

describe('preparing payouts one seller at a time after a batch failed', () => {
  it('a database failure is logged at error with its cause and counted apart; the other sellers are paid; the next run tries again', async () => {
    const sellers = await payingSellers(db(), 3);
    const broken = sellers[1]!;
    const restore = await failPayoutsOf(broken);
    const { logger, lines } = recordingLogger();
    let run;
    try {
      run = await runPayouts({ ...deps(), logger });
    } finally {
      await restore();
    }

    expect(run.notPrepared).toBe(1);
    const made = await db().selectFrom('payouts').select('seller_id').where('seller_id', 'in', sellers).execute();
    expect(made.map((p) => p.seller_id).sort((a, b) => a - b)).toEqual([sellers[0], sellers[2]]);
    expect(await sellerBalances(db(), broken)).toMatchObject({ availableMinor: 5_000, sendingMinor: 0 });

    const failure = lines.find((l) => l.seller === broken);
    expect(failure).toMatchObject({ level: 50 });
    expect(failure?.err?.message).toMatch(/simulated storage failure/);
    // The batch's own failure is a warning with its cause, not a debug line.
    const batch = lines.find((l) => /payout batch/.test(l.msg));
    expect(batch?.level).toBe(40);
    expect(batch?.err?.message).toMatch(/simulated storage failure/);

    // The money stayed available: the next run prepares the seller's payout.
    const next = await runPayouts(deps());
    expect(next.notPrepared).toBe(0);
    expect(await db().selectFrom('payouts').select('id').where('seller_id', '=', broken).execute()).toHaveLength(1);
  });
});
