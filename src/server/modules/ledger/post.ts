import { sql } from 'kysely';
import { dialectOf, now, type Db } from '../../platform/db';
import { ACCOUNTS, DEBIT_NORMAL, PER_ORDER_ACCOUNTS, SELLER_ACCOUNTS, type Account } from './accounts';

export interface Leg {
  account: Account;
  sellerId?: number | null;
  orderId?: number | null;
  debit?: number;
  credit?: number;
}

export interface Posting {
  /** Names the event once: posting the same key again does nothing (a retried path, a race). */
  key: string;
  kind: string;
  memo: string;
  orderId?: number | null;
  payoutId?: number | null;
  legs: Leg[];
}

/**
 * Only `npm run bench money` switches this off, to measure what the ledger's writes cost the
 * checkout path; nothing in the app does.
 */
export const ledgerForBench = { off: false };

/** A posting that would unbalance the books or overdraw a seller: the caller's transaction rolls back. */
export class LedgerError extends Error {}

/**
 * Writes one balanced ledger transaction in the caller's database transaction (the one that
 * makes the state change), so the books change exactly when the state does. Returns false when
 * the event was already posted. Rows are append-only (013_ledger's triggers refuse edits).
 */
export async function post(trx: Db, posting: Posting): Promise<boolean> {
  return (await postMany(trx, [posting])).has(posting.key);
}

/** Legs that move money, after checking that each leg is sound and the posting balances. */
function checkedLegs(posting: Posting): Leg[] {
  const legs = posting.legs.filter((l) => (l.debit ?? 0) !== 0 || (l.credit ?? 0) !== 0);
  let debits = 0;
  let credits = 0;
  for (const leg of legs) {
    const d = leg.debit ?? 0;
    const c = leg.credit ?? 0;
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0 || (d > 0 && c > 0)) throw new LedgerError(`Bad leg in ${posting.key}`);
    debits += d;
    credits += c;
  }
  if (debits !== credits) throw new LedgerError(`Unbalanced posting ${posting.key}: debits ${debits}, credits ${credits}`);
  return legs;
}

/**
 * post() for many events at once (a payout run's batch): each is checked and balanced on its
 * own, and all are written with two statements. Returns the keys that were new.
 */
export async function postMany(trx: Db, postings: Posting[]): Promise<Set<string>> {
  if (ledgerForBench.off) return new Set();
  if (!trx.isTransaction) throw new LedgerError('Ledger entries are written inside the transaction of the change they record');
  // An event is posted once: the same key twice in one batch is the first alone (the insert
  // below skips the second head, but both postings' legs would land on the one head).
  const seen = new Set<string>();
  const firsts = postings.filter((posting) => !seen.has(posting.key) && seen.add(posting.key));
  const moving = firsts.map((posting) => ({ posting, legs: checkedLegs(posting) })).filter((p) => p.legs.length > 0);
  if (moving.length === 0) return new Set();
  const at = now();
  if (moving.length === 1 && dialectOf(trx) === 'postgres') return postOneOnPostgres(trx, moving[0]!, at);
  const heads = await trx
    .insertInto('ledger_transactions')
    .values(moving.map(({ posting }) => ({ event_key: posting.key, kind: posting.kind, order_id: posting.orderId ?? null, payout_id: posting.payoutId ?? null, memo: posting.memo, created_at: at })))
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning(['id', 'event_key'])
    .execute();
  const headOf = new Map(heads.map((h) => [h.event_key, h.id]));
  const written = moving.filter(({ posting }) => headOf.has(posting.key));
  if (written.length === 0) return new Set();
  await trx
    .insertInto('ledger_entries')
    .values(
      written.flatMap(({ posting, legs }) =>
        legs.map((l) => ({ transaction_id: headOf.get(posting.key)!, account: l.account, seller_id: l.sellerId ?? null, order_id: l.orderId ?? posting.orderId ?? null, debit_minor: l.debit ?? 0, credit_minor: l.credit ?? 0, created_at: at })),
      ),
    )
    .execute();
  await refuseOverdrafts(trx, written);
  return new Set(written.map(({ posting }) => posting.key));
}

/**
 * One posting as one statement on PostgreSQL (a payment's hold, on every approve): the head and
 * its legs in a data-modifying WITH, the legs written only when the head is new.
 */
async function postOneOnPostgres(trx: Db, moving: { posting: Posting; legs: Leg[] }, at: string): Promise<Set<string>> {
  const { posting, legs } = moving;
  const orderId = posting.orderId ?? null;
  const rows = legs.map((l) => sql`(${l.account}::text, ${l.sellerId ?? null}::integer, ${l.orderId ?? orderId}::integer, ${l.debit ?? 0}::integer, ${l.credit ?? 0}::integer)`);
  const written = await sql<{ transaction_id: number }>`
    with head as (
      insert into ledger_transactions (event_key, kind, order_id, payout_id, memo, created_at)
      values (${posting.key}, ${posting.kind}, ${orderId}, ${posting.payoutId ?? null}, ${posting.memo}, ${at})
      on conflict (event_key) do nothing
      returning id
    )
    insert into ledger_entries (transaction_id, account, seller_id, order_id, debit_minor, credit_minor, created_at)
    select head.id, leg.account, leg.seller_id, leg.order_id, leg.debit_minor, leg.credit_minor, ${at}
    from head cross join (values ${sql.join(rows)}) as leg (account, seller_id, order_id, debit_minor, credit_minor)
    returning transaction_id`.execute(trx);
  if (written.rows.length === 0) return new Set();
  await refuseOverdrafts(trx, [moving]);
  return new Set([posting.key]);
}

/**
 * A seller's money never goes below zero: every seller account a posting debited is checked
 * after the write, inside the transaction (which the throw rolls back).
 */
async function refuseOverdrafts(trx: Db, written: { posting: Posting; legs: Leg[] }[]): Promise<void> {
  const checks = new Map<string, { key: string; account: Account; sellerId: number | null; orderId?: number | null }>();
  for (const { posting, legs } of written) {
    for (const leg of legs) {
      // A payee's money never below zero, and a transporter's debt never paid past nothing.
      const drains = leg.debit ? SELLER_ACCOUNTS.includes(leg.account) : leg.account === ACCOUNTS.transporterDebt;
      if (!drains) continue;
      const orderId = PER_ORDER_ACCOUNTS.includes(leg.account) ? leg.orderId ?? posting.orderId : undefined;
      checks.set(`${leg.account}:${leg.sellerId ?? ''}:${orderId ?? ''}`, { key: posting.key, account: leg.account, sellerId: leg.sellerId ?? null, orderId });
    }
  }
  const refuse = (check: { key: string; account: Account; sellerId: number | null }) => {
    throw new LedgerError(`${check.key} would take ${check.account} of seller ${check.sellerId} below zero`);
  };
  const bySeller = new Map<Account, Map<number, string>>();
  for (const check of checks.values()) {
    if (check.orderId === undefined && check.sellerId !== null) {
      const sellers = bySeller.get(check.account) ?? new Map<number, string>();
      bySeller.set(check.account, sellers.set(check.sellerId, check.key));
    } else if ((await balanceOf(trx, check.account, check.sellerId, check.orderId)) < 0) refuse(check);
  }
  // A batch's sellers in one grouped read per account.
  for (const [account, sellers] of bySeller) {
    for (const [sellerId, balance] of await balancesBySeller(trx, account, [...sellers.keys()])) {
      if (balance < 0) refuse({ key: sellers.get(sellerId)!, account, sellerId });
    }
  }
}

/** Each of these sellers' balance of one account on its normal side (pesewas), in one grouped read. */
export async function balancesBySeller(db: Db, account: Account, sellerIds: number[]): Promise<Map<number, number>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seller_id', sql<number>`sum(debit_minor) - sum(credit_minor)`.as('net')])
    .where('account', '=', account)
    .where('seller_id', 'in', sellerIds)
    .groupBy('seller_id')
    .execute();
  return new Map(rows.map((r) => [r.seller_id!, (DEBIT_NORMAL.includes(account) ? Number(r.net) : -Number(r.net)) + 0]));
}

/** An account's balance on its normal side (pesewas), for one seller (and order) when given. */
export async function balanceOf(db: Db, account: Account, sellerId: number | null, orderId?: number | null): Promise<number> {
  let q = db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('debit_minor'), sql<number>`0`).as('d'), eb.fn.coalesce(eb.fn.sum<number>('credit_minor'), sql<number>`0`).as('c')])
    .where('account', '=', account);
  q = sellerId === null ? q.where('seller_id', 'is', null) : q.where('seller_id', '=', sellerId);
  if (orderId !== undefined && orderId !== null) q = q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirstOrThrow();
  const net = Number(row.d) - Number(row.c);
  return (DEBIT_NORMAL.includes(account) ? net : -net) + 0;
}
