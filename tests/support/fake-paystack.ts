import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's REST API on 127.0.0.1, for tests: POST /charge starts a
 * mobile-money charge ("pay_offline"), GET /transaction/verify/:reference reports what the
 * test decided the customer did. POST /refund queues a refund of a successful transaction
 * ("pending", as Paystack answers), GET /refund/:id and GET /refund?transaction= report it.
 * Transfers: POST /transferrecipient makes a recipient (mobile_money with MTN/VOD/ATL, or ghipss;
 * POST /transferrecipient/bulk makes a batch, answering success and errors),
 * POST /transfer makes a transfer with the caller's reference (a second one with the same
 * reference is refused), POST /transfer/bulk makes up to 100 at once (checked whole first: one
 * bad item refuses them all, as Paystack does), GET /transfer/verify/:reference reports it; webhook() signs a
 * transfer.* event as Paystack does. Requests without the right secret key get a 401.
 */
export interface FakeTransfer {
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  transferCode: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
}

export interface FakeRecipient {
  code: string;
  type: string;
  bankCode: string;
  accountNumber: string;
  name: string;
}

export interface FakeRefund {
  id: number;
  reference: string;
  transactionId: number;
  amount: number;
  currency: string;
  status: 'pending' | 'processing' | 'processed' | 'failed';
  merchantNote?: string;
}

export interface FakeTransaction {
  status: 'ongoing' | 'success' | 'failed';
  amount: number;
  currency: string;
  id: number;
  charge: Record<string, unknown>;
  otp?: string;
}

export interface FakePaystack {
  baseUrl: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  requests: { method: string; path: string }[];
  refunds: Map<number, FakeRefund>;
  /** The next n POST /refund calls answer 500 without doing anything (an outage). */
  refundOutages: number;
  /** The next n POST /refund calls do the refund but answer 500 (the answer is lost). */
  lostRefundAnswers: number;
  /**
   * A slow Paystack: the next `count` calls whose path starts with `path` (say '/charge') are
   * answered only once the test calls release(), or after `ms` at the latest. `arrived`
   * resolves when the first of them has come in, so a test knows a request is waiting on it.
   */
  slowDown(path: string, ms: number, count?: number): { arrived: Promise<void>; release(): void };
  /** Paystack pays out every queued refund. */
  processRefunds(): void;
  /** The customer approves; `amount` lets a test make Paystack report another amount. */
  succeed(reference: string, overrides?: Partial<Pick<FakeTransaction, 'amount' | 'currency'>>): void;
  fail(reference: string): void;
  recipients: FakeRecipient[];
  transfers: Map<string, FakeTransfer>;
  /** How many times POST /transfer was called with each reference (made or refused). */
  transferCalls: Map<string, number>;
  /** What a new transfer's status is: Paystack answers pending and says the rest by webhook. */
  transferResult: FakeTransfer['status'];
  /** The next n POST /transfer (or /transfer/bulk) calls make the transfers, then answer 500 (the answer is lost). */
  lostTransferAnswers: number;
  /** The next n POST /transfer (or /transfer/bulk) calls answer 500 without doing anything (an outage). */
  transferOutages: number;
  /** The next POST /transfer/bulk makes every transfer but leaves its last n out of the answer. */
  bulkAnswerDrops: number;
  /** A transfer.* webhook as Paystack sends it: the raw body and its signature. */
  webhook(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startFakePaystack(secretKey = 'sk_test_akuafo_fake'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: { method: string; path: string }[] = [];
  let nextId = 4_000_000;
  const refunds = new Map<number, FakeRefund>();
  const knobs = { refundOutages: 0, lostRefundAnswers: 0, lostTransferAnswers: 0, transferOutages: 0, bulkAnswerDrops: 0, transferResult: 'pending' as FakeTransfer['status'] };
  const recipients: FakeRecipient[] = [];
  const transfers = new Map<string, FakeTransfer>();
  const transferCalls = new Map<string, number>();
  const recipientCodes = new Set<string>();
  const makeRecipient = (body: any): FakeRecipient | undefined => {
    const momo = body?.type === 'mobile_money' && ['MTN', 'VOD', 'ATL'].includes(body?.bank_code);
    const bank = body?.type === 'ghipss' && typeof body?.bank_code === 'string' && body.bank_code.length > 0;
    if ((!momo && !bank) || !/^\d{6,20}$/.test(String(body?.account_number ?? '')) || !body?.name) return undefined;
    const recipient: FakeRecipient = { code: `RCP_${nextId++}`, type: body.type, bankCode: body.bank_code, accountNumber: body.account_number, name: body.name };
    recipients.push(recipient);
    recipientCodes.add(recipient.code);
    return recipient;
  };
  const recipientJson = (r: FakeRecipient) => ({ recipient_code: r.code, type: r.type, name: r.name, details: { account_number: r.accountNumber, bank_code: r.bankCode } });
  const transferJson = (t: FakeTransfer) => ({ reference: t.reference, amount: t.amount, currency: t.currency, status: t.status, transfer_code: t.transferCode, recipient: t.recipient });
  const slowdowns: { path: string; left: number; arrive(): void; gate: Promise<void> }[] = [];
  const refundJson = (r: FakeRefund) => ({ id: r.id, status: r.status, amount: r.amount, merchant_note: r.merchantNote, currency: r.currency, transaction: { id: r.transactionId, reference: r.reference } });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
  };
  const server: Server = createServer({ noDelay: true }, async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? '', path });
    const slow = slowdowns.find((s) => s.left > 0 && path.startsWith(s.path));
    if (slow) {
      slow.left -= 1;
      slow.arrive();
      await slow.gate;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && path === '/charge') {
      const body = await readBody(req);
      if (!body?.mobile_money?.phone || !['mtn', 'vod', 'atl'].includes(body.mobile_money.provider)) {
        return send(400, { status: false, message: 'Invalid mobile money details' });
      }
      const tx: FakeTransaction = { status: 'ongoing', amount: body.amount, currency: body.currency, id: nextId++, charge: body };
      transactions.set(body.reference, tx);
      // Telecel (Vodafone) Cash asks for a voucher code first, as Paystack does.
      if (body.mobile_money.provider === 'vod') {
        return send(200, { status: true, message: 'Charge attempted', data: { reference: body.reference, status: 'send_otp', display_text: 'Please dial *110# to generate a voucher code, then enter it', id: tx.id } });
      }
      return send(200, {
        status: true,
        message: 'Charge attempted',
        data: { reference: body.reference, status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone', id: tx.id },
      });
    }
    if (req.method === 'POST' && path === '/charge/submit_otp') {
      const body = await readBody(req);
      const tx = transactions.get(body?.reference);
      if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
      tx.otp = body.otp;
      return send(200, { status: true, message: 'Charge attempted', data: { reference: body.reference, status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone', id: tx.id } });
    }
    if (req.method === 'POST' && path === '/refund') {
      const body = await readBody(req);
      if (knobs.refundOutages > 0) {
        knobs.refundOutages -= 1;
        return send(500, { status: false, message: 'Service unavailable' });
      }
      const entry = [...transactions.entries()].find(([reference, t]) => reference === String(body?.transaction) || String(t.id) === String(body?.transaction));
      if (!entry || entry[1].status !== 'success') return send(400, { status: false, message: 'Transaction not found or not successful' });
      // As Paystack: partial refunds until the transaction's amount is used up.
      const refunded = [...refunds.values()].filter((r) => r.reference === entry[0] && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= entry[1].amount) return send(400, { status: false, message: 'Transaction has been fully reversed' });
      if (body.amount !== undefined && Number(body.amount) > entry[1].amount - refunded) return send(400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
      const refund: FakeRefund = { id: nextId++, reference: entry[0], transactionId: entry[1].id, amount: Number(body.amount ?? entry[1].amount - refunded), currency: entry[1].currency, status: 'pending', merchantNote: body.merchant_note === undefined ? undefined : String(body.merchant_note) };
      refunds.set(refund.id, refund);
      if (knobs.lostRefundAnswers > 0) {
        knobs.lostRefundAnswers -= 1;
        return send(500, { status: false, message: 'Gateway timeout' });
      }
      return send(200, { status: true, message: 'Refund has been queued for processing', data: refundJson(refund) });
    }
    const refundList = /^\/refund\?transaction=([^&]+)$/.exec(path);
    if (req.method === 'GET' && refundList) {
      const list = [...refunds.values()].filter((r) => String(r.transactionId) === decodeURIComponent(refundList[1]));
      return send(200, { status: true, message: 'Refunds retrieved', data: list.map(refundJson) });
    }
    const refundOne = /^\/refund\/(\d+)$/.exec(path);
    if (req.method === 'GET' && refundOne) {
      const refund = refunds.get(Number(refundOne[1]));
      if (!refund) return send(404, { status: false, message: 'Refund not found' });
      return send(200, { status: true, message: 'Refund retrieved', data: refundJson(refund) });
    }
    if (req.method === 'POST' && path === '/transferrecipient') {
      const recipient = makeRecipient(await readBody(req));
      if (!recipient) return send(400, { status: false, message: 'Invalid recipient details' });
      return send(201, { status: true, message: 'Transfer recipient created successfully', data: recipientJson(recipient) });
    }
    if (req.method === 'POST' && path === '/transferrecipient/bulk') {
      const batch: unknown[] = (await readBody(req))?.batch ?? [];
      const success: ReturnType<typeof recipientJson>[] = [];
      const errors: { message: string; index: number }[] = [];
      batch.forEach((item, index) => {
        const recipient = makeRecipient(item);
        if (recipient) success.push(recipientJson(recipient));
        else errors.push({ message: 'Invalid recipient details', index });
      });
      return send(200, { status: true, message: 'Recipients added successfully', data: { success, errors } });
    }
    if (req.method === 'POST' && path === '/transfer') {
      const body = await readBody(req);
      const reference = String(body?.reference ?? '');
      transferCalls.set(reference, (transferCalls.get(reference) ?? 0) + 1);
      if (knobs.transferOutages > 0) {
        knobs.transferOutages -= 1;
        return send(500, { status: false, message: 'Service unavailable' });
      }
      if (!reference) return send(400, { status: false, message: 'Reference is required' });
      if (transfers.has(reference)) return send(400, { status: false, message: 'Duplicate Transfer Reference' });
      if (!recipientCodes.has(body?.recipient)) return send(400, { status: false, message: 'Recipient specified is invalid' });
      if (!Number.isInteger(body?.amount) || body.amount <= 0) return send(400, { status: false, message: 'Invalid amount' });
      const transfer: FakeTransfer = { reference, amount: body.amount, currency: body.currency, recipient: body.recipient, transferCode: `TRF_${nextId++}`, status: knobs.transferResult };
      transfers.set(reference, transfer);
      if (knobs.lostTransferAnswers > 0) {
        knobs.lostTransferAnswers -= 1;
        return send(500, { status: false, message: 'Gateway timeout' });
      }
      return send(200, { status: true, message: 'Transfer has been queued', data: transferJson(transfer) });
    }
    if (req.method === 'POST' && path === '/transfer/bulk') {
      const body = await readBody(req);
      const items: { amount?: unknown; reference?: unknown; recipient?: unknown }[] = Array.isArray(body?.transfers) ? body.transfers : [];
      for (const item of items) transferCalls.set(String(item.reference ?? ''), (transferCalls.get(String(item.reference ?? '')) ?? 0) + 1);
      if (knobs.transferOutages > 0) {
        knobs.transferOutages -= 1;
        return send(500, { status: false, message: 'Service unavailable' });
      }
      if (items.length === 0 || items.length > 100) return send(400, { status: false, message: 'Between 1 and 100 transfers are allowed in one request' });
      const seen = new Set<string>();
      for (const item of items) {
        const reference = String(item.reference ?? '');
        if (!reference) return send(400, { status: false, message: 'Reference is required' });
        if (transfers.has(reference) || seen.has(reference)) return send(400, { status: false, message: `Duplicate Transfer Reference: ${reference}` });
        if (!recipientCodes.has(String(item.recipient))) return send(400, { status: false, message: 'Recipient specified is invalid' });
        if (!Number.isInteger(item.amount) || (item.amount as number) <= 0) return send(400, { status: false, message: 'Invalid amount' });
        seen.add(reference);
      }
      const made = items.map((item): FakeTransfer => ({ reference: String(item.reference), amount: item.amount as number, currency: body.currency, recipient: String(item.recipient), transferCode: `TRF_${nextId++}`, status: knobs.transferResult }));
      for (const transfer of made) transfers.set(transfer.reference, transfer);
      if (knobs.lostTransferAnswers > 0) {
        knobs.lostTransferAnswers -= 1;
        return send(500, { status: false, message: 'Gateway timeout' });
      }
      const answered = made.slice(0, made.length - knobs.bulkAnswerDrops);
      knobs.bulkAnswerDrops = 0;
      return send(200, { status: true, message: `${made.length} transfers queued.`, data: answered.map(transferJson) });
    }
    const transferVerify = /^\/transfer\/verify\/([^/?]+)$/.exec(path);
    if (req.method === 'GET' && transferVerify) {
      const transfer = transfers.get(decodeURIComponent(transferVerify[1]));
      if (!transfer) return send(400, { status: false, message: 'Transfer not found' });
      return send(200, { status: true, message: 'Transfer retrieved', data: transferJson(transfer) });
    }
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: { id: tx.id, reference: verify[1], status: tx.status, amount: tx.amount, currency: tx.currency, gateway_response: tx.status === 'failed' ? 'Declined by customer' : 'Approved' },
      });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    requests,
    refunds,
    get refundOutages() {
      return knobs.refundOutages;
    },
    set refundOutages(n: number) {
      knobs.refundOutages = n;
    },
    get lostRefundAnswers() {
      return knobs.lostRefundAnswers;
    },
    set lostRefundAnswers(n: number) {
      knobs.lostRefundAnswers = n;
    },
    slowDown(path, ms, count = 1) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const gate = new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, ms).unref();
      });
      slowdowns.push({ path, left: count, arrive, gate });
      return { arrived, release };
    },
    processRefunds() {
      for (const refund of refunds.values()) if (refund.status === 'pending' || refund.status === 'processing') refund.status = 'processed';
    },
    succeed(reference, overrides = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No fake charge ${reference}`);
      Object.assign(tx, { status: 'success' }, overrides);
    },
    fail(reference) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No fake charge ${reference}`);
      tx.status = 'failed';
    },
    recipients,
    transfers,
    transferCalls,
    get transferResult() {
      return knobs.transferResult;
    },
    set transferResult(status: FakeTransfer['status']) {
      knobs.transferResult = status;
    },
    get lostTransferAnswers() {
      return knobs.lostTransferAnswers;
    },
    set lostTransferAnswers(n: number) {
      knobs.lostTransferAnswers = n;
    },
    get transferOutages() {
      return knobs.transferOutages;
    },
    set transferOutages(n: number) {
      knobs.transferOutages = n;
    },
    get bulkAnswerDrops() {
      return knobs.bulkAnswerDrops;
    },
    set bulkAnswerDrops(n: number) {
      knobs.bulkAnswerDrops = n;
    },
    webhook(event, reference) {
      const transfer = transfers.get(reference);
      const body = JSON.stringify({ event, data: transfer ? transferJson(transfer) : { reference } });
      return { body, signature: createHmac('sha512', secretKey).update(body, 'utf8').digest('hex') };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
