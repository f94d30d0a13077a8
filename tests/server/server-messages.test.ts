import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_MESSAGE_TEMPLATES, API_MESSAGES, apiMessage } from '../../src/shared/i18n/api-messages';
import { ak } from '../../src/shared/i18n/catalogues/ak';
import { en } from '../../src/shared/i18n/catalogues/en';
import { decimalParam, intParam, parseWith } from '../../src/shared/schemas/parse';
import { PUSH_ENDPOINT_MESSAGES } from '../../src/server/platform/messages/push-endpoint';
import * as v from 'valibot';

/**
 * Issue 27, item 4: every sentence the API can refuse with has its Twi. Two checks:
 * the table (src/shared/i18n/api-messages.ts) has a Twi text for each of its sentences, and
 * no module writes an error sentence that is not in the table. The second reads the code
 * (TypeScript's parser): each error a route can throw (badRequest, conflict, notFound,
 * forbidden, unauthorized, new HttpError, parseIdOr404, a rate rule's message, the app's own
 * answers) and each message a shared schema gives valibot, and looks its words up the way
 * the server does when it answers (apiMessage). A sentence built with values must match a
 * template (API_MESSAGE_TEMPLATES). USSD has its own texts (modules/ussd/texts.ts).
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const SKIP = [/src\/server\/modules\/ussd\//, /src\/server\/cli\//];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') && !SKIP.some((re) => re.test(path)) ? [path] : [];
  });
}

/** Every export of the shared schemas: where the routes' constant sentences (…_MESSAGES) live. */
const shared: Record<string, unknown> = {};
for (const file of filesUnder('src/shared/schemas')) Object.assign(shared, await import(join(ROOT, file)));

/** What an expression says, as texts to look up ('x7' stands for each value), or why it cannot be read. */
type Reading = { texts: string[]; unread: string[] };
const SAMPLE = 'x7';

function read(node: ts.Expression, file: ts.SourceFile, locals: Map<string, ts.Expression>, depth = 0): Reading {
  const none: Reading = { texts: [], unread: [] };
  const both = (...parts: Reading[]): Reading => ({ texts: parts.flatMap((p) => p.texts), unread: parts.flatMap((p) => p.unread) });
  if (depth > 5) return { texts: [], unread: [node.getText(file)] };
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return read(node.expression, file, locals, depth);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { texts: [node.text], unread: [] };
  if (ts.isTemplateExpression(node)) {
    // A span that is a constant (MAX_UNPAID_ORDERS, a shared number) is its value; any other, a sample.
    const value = (span: ts.Expression) => {
      const local = ts.isIdentifier(span) ? locals.get(span.text) : undefined;
      const known = local && (ts.isNumericLiteral(local) || ts.isStringLiteral(local)) ? local.text : evaluate(span, file);
      return typeof known === 'string' || typeof known === 'number' ? String(known) : SAMPLE;
    };
    return { texts: [node.head.text + node.templateSpans.map((span) => value(span.expression) + span.literal.text).join('')], unread: [] };
  }
  // `provider text || ours`: each side (the provider's own words are listed in READ_ELSEWHERE).
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
    return both(read(node.left, file, locals, depth + 1), read(node.right, file, locals, depth + 1));
  }
  // A local table of sentences (`RETRY_REFUSED[result]`): every one of them.
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const table = locals.get(node.expression.text);
    if (table && ts.isObjectLiteralExpression(table)) {
      return both(...table.properties.filter(ts.isPropertyAssignment).map((p) => read(p.initializer, file, locals, depth + 1)));
    }
  }
  if (ts.isConditionalExpression(node)) return both(read(node.whenTrue, file, locals, depth + 1), read(node.whenFalse, file, locals, depth + 1));
  if (ts.isIdentifier(node)) {
    const local = locals.get(node.text);
    if (local) return read(local, file, locals, depth + 1);
    const value = shared[node.text];
    if (typeof value === 'string') return { texts: [value], unread: [] };
    return { texts: [], unread: [node.text] };
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
    const value = evaluate(node, file);
    if (typeof value === 'string') return { texts: [value], unread: [] };
    if (value && typeof value === 'object') return { texts: Object.values(value).filter((v): v is string => typeof v === 'string'), unread: [] };
  }
  return node.kind === ts.SyntaxKind.UndefinedKeyword ? none : { texts: [], unread: [node.getText(file)] };
}

/** `SELLER_MESSAGES.cardLocked`, `ORDER_MESSAGES.linesMissing(…)`: the shared value, a function called with samples. */
function evaluate(node: ts.Expression, file: ts.SourceFile): unknown {
  if (ts.isIdentifier(node)) return shared[node.text];
  if (ts.isPropertyAccessExpression(node)) return (evaluate(node.expression, file) as Record<string, unknown> | undefined)?.[node.name.text];
  if (ts.isElementAccessExpression(node)) return evaluate(node.expression, file); // a table of sentences: all of them
  if (ts.isCallExpression(node)) {
    const fn = evaluate(node.expression, file);
    if (typeof fn !== 'function') return undefined;
    const args = node.arguments.map((a) => (ts.isArrayLiteralExpression(a) || a.getText(file).includes('.map(') ? [SAMPLE] : SAMPLE));
    try {
      return (fn as (...a: unknown[]) => unknown)(...args);
    } catch {
      return undefined; // not a sentence-writing function: the site stays unread
    }
  }
  return undefined;
}

const ERROR_MAKERS = new Set(['badRequest', 'conflict', 'notFound', 'forbidden', 'unauthorized']);
const DEFAULTS = ['Please sign in to continue.', 'You are not allowed to do that.', 'Not found'];

interface Site { where: string; reading: Reading }

/** The error sentences of one server file. */
function serverSites(path: string): Site[] {
  const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const locals = new Map<string, ts.Expression>();
  const sites: Site[] = [];
  const at = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const add = (node: ts.Expression | undefined) => {
    if (node) sites.push({ where: at(node), reading: read(node, file, locals) });
  };
  const addFields = (node: ts.Expression | undefined) => {
    if (node && ts.isObjectLiteralExpression(node)) for (const p of node.properties) if (ts.isPropertyAssignment(p)) add(p.initializer);
  };
  const declare = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) locals.set(node.name.text, node.initializer);
    ts.forEachChild(node, declare);
  };
  declare(file);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (ERROR_MAKERS.has(name) && !path.endsWith('platform/errors.ts')) {
        add(node.arguments[0]);
        addFields(node.arguments[1]);
      }
      if (name === 'parseIdOr404') add(node.arguments[1]);
      if (name === 'outcomeOf' && node.arguments[2]?.getText(file) === "'FAILED'") add(node.arguments[3]); // a payment's refusal
      if (name === 'errorAnswer' && node.arguments[2] && ts.isObjectLiteralExpression(node.arguments[2])) {
        for (const p of node.arguments[2].properties) if (ts.isPropertyAssignment(p) && p.name.getText(file) === 'message') add(p.initializer);
      }
    }
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'HttpError' && !path.endsWith('platform/errors.ts')) {
      add(node.arguments?.[1]);
      addFields(node.arguments?.[3]);
    }
    // A rate rule's refusal, and an error answer written by hand (c.json({ message, code })).
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((p) => p.name?.getText(file));
      if (names.includes('windowMs') || (names.includes('code') && names.includes('message') && /c\.json\(/.test(node.parent.getText(file)))) {
        for (const p of node.properties) if (ts.isPropertyAssignment(p) && p.name.getText(file) === 'message') add(p.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** Valibot's arguments that are not messages: defaults, literals, choices. */
const NOT_A_MESSAGE = new Set(['optional', 'nullish', 'nullable', 'fallback', 'exactOptional', 'undefinedable', 'description', 'title']);

/**
 * The sentences a shared schema file hands to a check (the field errors the forms and the API
 * show): every text with a space in it given to a call, valibot's or a helper's
 * (`requiredText('Quantity is required')`), but not a default (v.optional's second argument).
 * parse.ts's own words (personalMessage) are checked below.
 */
function schemaSites(path: string): Site[] {
  if (path.endsWith('/parse.ts')) return [];
  const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const locals = new Map<string, ts.Expression>();
  const declare = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) locals.set(node.name.text, node.initializer);
    ts.forEachChild(node, declare);
  };
  declare(file);
  const sites: Site[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file).replace(/^v\./, '');
      node.arguments.forEach((arg, i) => {
        if (i > 0 && NOT_A_MESSAGE.has(callee)) return;
        if (!ts.isStringLiteral(arg) && !ts.isNoSubstitutionTemplateLiteral(arg) && !ts.isTemplateExpression(arg)) return;
        const reading = read(arg, file, locals);
        if (reading.texts.some((text) => /\w\s+\w/.test(text) && !LABELS.has(text))) {
          sites.push({ where: `${path}:${file.getLineAndCharacterOfPosition(arg.getStart()).line + 1}`, reading });
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** Field labels handed to a schema helper (nameSchema('First name')): its sentences carry them, and are read there. */
const LABELS = new Set(['First name', 'Last name']);

/**
 * Sentences that are not ours to translate, or are built from pieces that are checked where
 * they are made. Each entry: the code as written, and why.
 */
const READ_ELSEWHERE: Record<string, string> = {
  'parsed.issues[0].message': 'a declared path parameter\'s schema (http/declared.ts): its sentence is written with idParam(…) in src/shared/api, a shared schema message checked below',
  message: 'a parameter (parseIdOr404, ownOrder): each caller\'s sentence is read at the call',
  'rule.message': 'a rate rule: each rule\'s message is read where the rule is written',
  'refused.rule.message': 'the rate rule refused among several spent at once (http/rate-limit.ts): each rule\'s message is read where the rule is written',
  'result.error.message': 'a schema\'s parse failure: the schemas\' messages and personalMessage are checked below',
  'error.message': 'an image refused by storeImage (platform/images): its sentences are read there',
  'outcome.message': 'a settled payment\'s failure: outcomeOf\'s FAILED sentences are read in settle.ts',
  'started.displayText': 'the payment provider\'s own words (Paystack\'s display_text): not ours to translate',
  PRODUCT_NOT_FOUND: 'wishlist/service.ts\'s, read where it is written',
  'WHATSAPP_TEXTS.tooManyMessages': 'the chat\'s own words (modules/whatsapp/texts.ts, English and Twi): the rule is spent with rateLimiter.hit and answered in the chat, never as an API error',
  'await checkEndpoint(endpoint, config.pushAllowHosts)': 'PUSH_ENDPOINT_MESSAGES, checked below',
  'payoutNetworkProblem(number, network as MobileMoneyNetwork, changes.payoutNumberMoved === true)': 'shared/payout.ts\'s sentence, the payoutNetworkMismatch template (tests/shared/api-messages.test.ts)',
};

describe('the API message table', () => {
  it('has a Twi text for every sentence, different from the English, with the same placeholders', () => {
    const keys = [...Object.keys(API_MESSAGES), ...Object.keys(API_MESSAGE_TEMPLATES)] as (keyof typeof API_MESSAGES)[];
    const names = (icu: string) => [...icu.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    const untranslated = keys.filter((key) => {
      const id = `api.${key}` as keyof typeof ak;
      return !ak[id] || ak[id] === en[id] || names(ak[id]).join() !== names(en[id]).join();
    });
    expect(untranslated).toEqual([]);
  });

  it('knows every error sentence a server module can answer with, and every shared schema message', () => {
    const sites = [...filesUnder('src/server').flatMap(serverSites), ...filesUnder('src/shared/schemas').flatMap(schemaSites)];
    expect(sites.length).toBeGreaterThan(150);
    const missing = sites.flatMap(({ where, reading }) => reading.texts.filter((text) => !apiMessage(text)).map((text) => `${where}: ${text}`));
    const unread = sites.flatMap(({ where, reading }) => reading.unread.filter((code) => !(code in READ_ELSEWHERE)).map((code) => `${where}: ${code}`));
    expect({ missing, unread }).toEqual({ missing: [], unread: [] });
    for (const text of DEFAULTS) expect(apiMessage(text), text).toBeDefined();
  });

  it('knows the words valibot issues get when a schema names none (personalMessage), and the push endpoint refusals', () => {
    const schema = v.strictObject({
      name: v.string(), count: v.number(), whole: v.pipe(v.number(), v.integer()), on: v.boolean(), list: v.array(v.string()),
      group: v.object({ a: v.string() }), when: v.date(), short: v.pipe(v.string(), v.minLength(3)), long: v.pipe(v.string(), v.maxLength(1)),
      small: v.pipe(v.number(), v.minValue(5)), large: v.pipe(v.number(), v.maxValue(1)), mail: v.pipe(v.string(), v.email()),
      one: v.literal('x'), pick: v.picklist(['a', 'b']), page: intParam('page', 1, 9), price: decimalParam('minPrice'), missing: v.string(),
      items: v.array(v.number()),
    });
    const bad = { name: 1, count: 'x', whole: 1.5, on: 'x', list: 'x', group: 'x', when: 'x', short: 'a', long: 'ab', small: 1, large: 9, mail: 'x', one: 'y', pick: 'c', page: 'x', price: 'x', items: ['x'], extra: 1 };
    const result = v.safeParse(schema, bad);
    expect(result.success).toBe(false);
    const failure = parseWith(schema, bad);
    if (failure.ok) throw new Error('the bad input parsed');
    const texts = [failure.error.message, ...Object.values(failure.error.fieldErrors)];
    expect(texts.length).toBeGreaterThan(15);
    for (const wrongBody of [[], 'text']) {
      const answer = parseWith(schema, wrongBody);
      if (!answer.ok) texts.push(answer.error.message);
    }
    texts.push(...Object.values(PUSH_ENDPOINT_MESSAGES));
    expect(texts.filter((text) => !apiMessage(text))).toEqual([]);
  });
});

