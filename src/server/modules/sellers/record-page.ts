import { Hono, type Context } from 'hono';
import { formatCedis } from '../../../shared/money';
import { RECORD_CODE_PATTERN, RECORD_MESSAGES, type PublicRecord } from '../../../shared/schemas/sales-record';
import type { AppEnv, Deps } from '../../http/context';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { HttpError } from '../../platform/errors';
import { recordPdf } from './record-pdf';
import { readPublicRecord, recordUrl } from './record-share';

/** The public record's page and statement share the API's allowance name, so a scraper cannot double it. */
const PAGE_READ_RATE: RateRule = { name: 'record-read', windowMs: 5 * 60_000, perIp: 60, perAccount: 60, message: 'Too many sales records read from this network. Please wait a few minutes.' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Akuafo Market</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1b2b1f}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #ccd;padding:.35rem;text-align:right}
th:first-child,td:first-child{text-align:left}.verified{background:#e8f5ec;border:1px solid #2e8b57;padding:.75rem;border-radius:.4rem}
code{word-break:break-all;font-size:.8rem}</style></head><body>${body}</body></html>`;

const shareOf = (s: number | null) => (s === null ? 'not checked' : `${Math.round(s * 100)}%`);
const rows = (items: { label: string; quantity: number; value: number; buyers: number; passedShare: number | null }[]) =>
  items.map((r) => `<tr><td>${escapeHtml(r.label)}</td><td>${r.quantity}</td><td>${escapeHtml(formatCedis(r.value))}</td><td>${r.buyers}</td><td>${shareOf(r.passedShare)}</td></tr>`).join('');
const head = (first: string) => `<tr><th>${first}</th><th>Quantity</th><th>Value</th><th>Buyers</th><th>Lots passed</th></tr>`;

/** The record as a person reads it: real HTML, no script (a lender's browser may run none). */
export function recordHtml(r: PublicRecord): string {
  const { record } = r;
  const sold = record.months.filter((m) => m.quantity > 0);
  return page(`Sales record of ${r.seller.name}`, `
<h1>Sales record: ${escapeHtml(r.seller.name)}</h1>
<p>${escapeHtml(r.seller.region)} · collected sales ${escapeHtml(record.from)} to ${escapeHtml(record.to)} · made ${escapeHtml(r.issuedAt.slice(0, 10))}</p>
<p class="verified"><strong>Verified by Akuafo Market.</strong> Record ${escapeHtml(r.code)} was signed by the server on ${escapeHtml(r.issuedAt)}.
Only sales the buyer collected at our warehouse count.</p>
<h2>Totals</h2>
<table>${head('')}${rows([{ label: `${record.totals.orders} orders`, ...record.totals }])}</table>
<h2>By month</h2>
<table>${head('Month')}${sold.length ? rows(sold.map((m) => ({ label: m.month, ...m }))) : '<tr><td colspan="5">No collected sales in these months.</td></tr>'}</table>
<h2>By commodity</h2>
<table>${head('Commodity')}${rows(record.commodities.map((m) => ({ label: m.commodity, ...m })))}</table>
<p>"Lots passed" is the share of lots that passed the warehouse check; "not checked" means no check was recorded.</p>
<h2>Check it yourself</h2>
<p>The figures are signed with Ed25519. Download <a href="/api/v1/records/${escapeHtml(r.code)}">the signed document</a>
and check its signature with the public key below, for example with
<code>openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in record.json -sigfile record.sig</code>
(record.json: the answer's <code>document</code> exactly; record.sig: its <code>signature</code> decoded from base64; key.pem: its <code>publicKey</code>). A PDF statement: <a href="/records/${escapeHtml(r.code)}.pdf">${escapeHtml(r.code)}.pdf</a>.</p>
<p>Signature (base64): <code>${escapeHtml(r.signature)}</code></p>
<pre><code>${escapeHtml(r.publicKey)}</code></pre>`);
}

/** `/records/{code}` and `/records/{code}.pdf`, public: 404 for a code never given, 410 once withdrawn. */
export function recordPagesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const answer = async (c: Context<AppEnv>, code: string, as: 'html' | 'pdf') => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    if (!RECORD_CODE_PATTERN.test(code)) return c.html(page('Not found', `<h1>${RECORD_MESSAGES.notFound}</h1>`), 404);
    try {
      await spendAllowance(c, deps.rateLimiter, PAGE_READ_RATE, code);
      const record = await readPublicRecord(deps.db, code);
      const url = recordUrl(deps.config.publicUrl, code);
      if (as === 'html') return c.html(recordHtml(record));
      return c.body(new Uint8Array(await recordPdf(record, url)), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="sales-record-${code}.pdf"` });
    } catch (error) {
      if (!(error instanceof HttpError) || ![404, 410, 429].includes(error.status)) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.html(page(error.message, `<h1>${escapeHtml(error.message)}</h1>`), error.status as 404 | 410 | 429);
    }
  };
  app.get('/records/:file', (c) => {
    const file = c.req.param('file');
    return file.endsWith('.pdf') ? answer(c, file.slice(0, -4), 'pdf') : answer(c, file, 'html');
  });
  return app;
}
