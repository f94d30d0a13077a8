import { Hono, type Context } from 'hono';
import { formatCedis } from '../../../shared/money';
import { htmlLang, type MessageId } from '../../../shared/i18n';
import { inReadersWords } from '../../../shared/i18n/api-messages';
import { ON_TIME_DROP_OFF_DAYS, RECORD_CODE_PATTERN, RECORD_MESSAGES, type PublicRecord } from '../../../shared/schemas/sales-record';
import type { AppEnv, Deps } from '../../http/context';
import { visitorLocale } from '../../http/language';
import { wordsOf } from '../../http/words';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { HttpError } from '../../platform/errors';
import { recordPdf } from './record-pdf';
import { readPublicRecord, recordUrl } from './record-share';

/** The public record's page and statement share the API's allowance name, so a scraper cannot double it. */
const PAGE_READ_RATE: RateRule = { name: 'record-read', windowMs: 5 * 60_000, perIp: 60, perAccount: 60, message: 'Too many sales records read from this network. Please wait a few minutes.' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string, lang = 'en-GH') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Akuafo Market</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1b2b1f}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #ccd;padding:.35rem;text-align:right}
th:first-child,td:first-child{text-align:left}.verified{background:#e8f5ec;border:1px solid #2e8b57;padding:.75rem;border-radius:.4rem}
code{word-break:break-all;font-size:.8rem}</style></head><body>${body}</body></html>`;

type Say = (id: MessageId, values?: Record<string, string | number>) => string;
type Row = { label: string; quantity: number; value: number; buyers: number; passedShare: number | null; onTimeShare?: number | null };

/**
 * The record as a person reads it, in the reader's language (the site's choice: the language
 * cookie, else the browser's), as real HTML with no script (a lender's browser may run none).
 * The signed document itself is the same whatever the language.
 */
function recordHtml(r: PublicRecord, say: Say, lang: string): string {
  const { record } = r;
  const sold = record.months.filter((m) => m.quantity > 0);
  const percent = (share: number | null | undefined, none: string) => (share === null || share === undefined ? none : `${Math.round(share * 100)}%`);
  const rows = (items: Row[]) =>
    items.map((x) => `<tr><td>${escapeHtml(x.label)}</td><td>${x.quantity}</td><td>${escapeHtml(formatCedis(x.value))}</td><td>${x.buyers}</td><td>${escapeHtml(percent(x.passedShare, say('seller.record.notChecked')))}</td><td>${escapeHtml(percent(x.onTimeShare, say('seller.record.notKnown')))}</td></tr>`).join('');
  const head = (first: string) => `<tr><th>${escapeHtml(first)}</th><th>${escapeHtml(say('seller.record.quantity'))}</th><th>${escapeHtml(say('seller.record.value'))}</th><th>${escapeHtml(say('seller.record.buyers'))}</th><th>${escapeHtml(say('seller.record.passed'))}</th><th>${escapeHtml(say('seller.record.onTime'))}</th></tr>`;
  const name = r.seller.name;
  return page(say('record.title', { name }), `
<h1>${escapeHtml(say('record.heading', { name }))}</h1>
<p>${escapeHtml(say('record.sub', { region: r.seller.region, from: record.from, to: record.to, date: r.issuedAt.slice(0, 10) }))}</p>
<p class="verified"><strong>${escapeHtml(say('record.verifiedLead'))}</strong> ${escapeHtml(say('record.verifiedText', { code: r.code, at: r.issuedAt }))}</p>
<h2>${escapeHtml(say('record.totals'))}</h2>
<table>${head('')}${rows([{ label: say('record.orders', { n: record.totals.orders }), ...record.totals }])}</table>
<h2>${escapeHtml(say('record.byMonth'))}</h2>
<table>${head(say('seller.record.month'))}${sold.length ? rows(sold.map((m) => ({ label: m.month, ...m }))) : `<tr><td colspan="6">${escapeHtml(say('record.noSales'))}</td></tr>`}</table>
<h2>${escapeHtml(say('seller.record.byCommodity'))}</h2>
<table>${head(say('seller.record.commodity'))}${rows(record.commodities.map((m) => ({ label: m.commodity, ...m })))}</table>
<p>${escapeHtml(say('record.explain', { days: ON_TIME_DROP_OFF_DAYS }))}</p>
<h2>${escapeHtml(say('record.checkTitle'))}</h2>
<p>${escapeHtml(say('record.checkIntro'))}</p>
<p><code>openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in record.json -sigfile record.sig</code></p>
<p>${escapeHtml(say('record.checkFiles'))}</p>
<ul><li><a href="/api/v1/records/${escapeHtml(r.code)}">${escapeHtml(say('record.signedDocument'))}</a></li><li><a href="/records/${escapeHtml(r.code)}.pdf">${escapeHtml(say('record.pdf'))}: ${escapeHtml(r.code)}.pdf</a></li></ul>
<p>${escapeHtml(say('record.signature'))} <code>${escapeHtml(r.signature)}</code></p>
<pre><code>${escapeHtml(r.publicKey)}</code></pre>`, lang);
}

/** `/records/{code}` and `/records/{code}.pdf`, public: 404 for a code never given, 410 once withdrawn. */
export function recordPagesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const answer = async (c: Context<AppEnv>, code: string, as: 'html' | 'pdf') => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    const words = await wordsOf(visitorLocale(c));
    // A refusal in the reader's words: the API's sentence, translated where it is translated.
    const said = (text: string) => inReadersWords(text, (id, values) => words._(id, values));
    if (!RECORD_CODE_PATTERN.test(code)) return c.html(page(said(RECORD_MESSAGES.notFound), `<h1>${escapeHtml(said(RECORD_MESSAGES.notFound))}</h1>`), 404);
    try {
      await spendAllowance(c, deps.rateLimiter, PAGE_READ_RATE, code);
      const record = await readPublicRecord(deps.db, code);
      const url = recordUrl(deps.config.publicUrl, code);
      if (as === 'html') {
        const locale = visitorLocale(c);
        const words = await wordsOf(locale);
        c.header('Vary', 'Cookie, Accept-Language');
        return c.html(recordHtml(record, (id, values) => words._(id, values), htmlLang(locale)));
      }
      return c.body(new Uint8Array(await recordPdf(record, url)), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="sales-record-${code}.pdf"` });
    } catch (error) {
      if (!(error instanceof HttpError) || ![404, 410, 429].includes(error.status)) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.html(page(said(error.message), `<h1>${escapeHtml(said(error.message))}</h1>`), error.status as 404 | 410 | 429);
    }
  };
  app.get('/records/:file', (c) => {
    const file = c.req.param('file');
    return file.endsWith('.pdf') ? answer(c, file.slice(0, -4), 'pdf') : answer(c, file, 'html');
  });
  return app;
}
