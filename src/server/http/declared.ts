import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AnswerOf, ParsedInput, RouteAuth, RouteDeclaration } from '../../shared/api/route';
import type { AuthUser } from '../platform/auth/tokens';
import { requireUser, requireWarehouseStaff } from './auth';
import type { AppEnv, Deps, WarehouseActor } from './context';
import { badRequest, notFound } from './errors';
import { requireGatewayToken } from './gateway-token';
import { idempotency } from './idempotency';
import { isIdempotent } from './openapi';
import { parseOrThrow } from './validate';

/** What a handler is given: its input parsed with the declaration's schemas, and who asks. */
export type HandlerInput<R extends RouteDeclaration> = ParsedInput<R> & {
  /** The caller; always there when the route needs a signed-in user. */
  user: R['auth'] extends 'none' | 'gateway' ? AuthUser | undefined : AuthUser;
  /** On a 'warehouse' route: where the caller acts (its staff's warehouse, or the operator: all). */
  warehouse: R['auth'] extends 'warehouse' ? WarehouseActor : undefined;
  c: Context<AppEnv>;
};

/** An answer with a status of its own (201 Created, 202 Accepted). */
export class StatusAnswer<T> {
  constructor(
    readonly status: 201 | 202,
    readonly body: T,
  ) {}
}
export const created = <T>(body: T) => new StatusAnswer(201, body);
export const accepted = <T>(body: T) => new StatusAnswer(202, body);

type Answer<R extends RouteDeclaration> = AnswerOf<R> | StatusAnswer<AnswerOf<R>> | Response;

export interface Implementation<R extends RouteDeclaration = RouteDeclaration> {
  declaration: R;
  handler: (input: HandlerInput<R>) => Promise<Answer<R>> | Answer<R>;
  /** Steps between auth and the idempotency layer: rate limits, uploads read before a key is claimed. */
  before: MiddlewareHandler<AppEnv>[];
  /** For auth 'gateway': the token the gateway sends as ?token= (unset: every request passes, outside production). */
  gatewayToken?: string;
}

/** A route's handler, for its declaration: the only way a module answers a declared route. */
export function implement<R extends RouteDeclaration>(
  declaration: R,
  handler: Implementation<R>['handler'],
  options: { before?: MiddlewareHandler<AppEnv>[]; gatewayToken?: string } = {},
): Implementation {
  return { declaration, handler, before: options.before ?? [], gatewayToken: options.gatewayToken } as unknown as Implementation;
}

const roleGuards = (deps: Deps): Record<Exclude<RouteAuth, 'none' | 'gateway'>, MiddlewareHandler<AppEnv>> => ({
  user: requireUser(),
  customer: requireUser('CUSTOMER'),
  seller: requireUser('SELLER'),
  admin: requireUser('ADMIN'),
  warehouse: requireWarehouseStaff(deps.db),
  transporter: requireUser('TRANSPORTER'),
});

/**
 * Registers each implementation on the API router, every one the same way: auth (a request
 * without the token a route needs is refused before its input is read), the route's own
 * steps, the idempotency layer where it applies, then the input parsed and the handler.
 * Where in app.ts this is called does not matter: each route carries its own chain.
 */
export function mountDeclared(api: Hono<AppEnv>, deps: Deps, implementations: Implementation[]): void {
  const idempotent = idempotency(deps.db);
  const ROLE = roleGuards(deps);
  for (const implementation of implementations) {
    const { declaration } = implementation;
    const auth = declaration.auth === 'none' ? [] : declaration.auth === 'gateway' ? [requireGatewayToken(implementation.gatewayToken)] : [ROLE[declaration.auth]];
    const chain = [...auth, ...implementation.before, ...(isIdempotent(declaration) ? [idempotent] : [])];
    const answer: MiddlewareHandler<AppEnv> = async (c) => {
      const input = { ...(await parseInput(c, declaration)), user: c.get('user'), warehouse: c.get('warehouseActor'), c } as HandlerInput<RouteDeclaration>;
      const result = await implementation.handler(input);
      const response = result instanceof Response ? result : result instanceof StatusAnswer ? c.json(result.body as object, result.status) : c.json(result as object);
      if (deps.config.checkAnswers) await checkAnswer(declaration, response);
      return response;
    };
    api.on(declaration.method, [declaration.path], ...chain, answer);
  }
}

async function parseInput(c: Context<AppEnv>, declaration: RouteDeclaration): Promise<ParsedInput<RouteDeclaration>> {
  const raw = c.req.param() as Record<string, string>;
  const params: Record<string, unknown> = { ...raw };
  for (const [name, schema] of Object.entries(declaration.params ?? {})) {
    const parsed = v.safeParse(schema, raw[name]);
    // A path that names nothing: 404, as for an id that does not exist.
    if (!parsed.success) throw notFound(parsed.issues[0].message);
    params[name] = parsed.output;
  }
  const query = declaration.query ? parseQueryRemembered(c, declaration.query) : undefined;
  const body = declaration.body ? parseOrThrow(declaration.body, await readJson(c, declaration.optionalBody === true)) : undefined;
  return { params, query, body } as ParsedInput<RouteDeclaration>;
}

async function readJson(c: Context, optional: boolean): Promise<unknown> {
  const raw = await c.req.text();
  if (optional && !raw.trim()) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('The request body must be JSON.');
  }
}

const parsedQueries = new WeakMap<v.GenericSchema, Map<string, unknown>>();

/**
 * The query parsed, remembered by its raw text: a popular page is asked for in the same words
 * again and again, and its parse is then a lookup. Refused queries are not kept.
 */
export function parseQueryRemembered<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const url = c.req.url;
  const mark = url.indexOf('?');
  const raw = mark === -1 ? '' : url.slice(mark + 1);
  let known = parsedQueries.get(schema);
  if (!known) parsedQueries.set(schema, (known = new Map()));
  if (known.has(raw)) return known.get(raw);
  const parsed = parseOrThrow(schema, c.req.query());
  if (known.size >= 1000) known.clear();
  known.set(raw, parsed);
  return parsed;
}

/** Tests only (config.checkAnswers): a 2xx JSON answer that does not match its declared schema is a 500 naming the field. */
async function checkAnswer(declaration: RouteDeclaration, response: Response): Promise<void> {
  if (response.status < 200 || response.status >= 300 || declaration.answerType) return;
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const text = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  const checked = v.safeParse(declaration.answer, JSON.parse(text));
  if (!checked.success) {
    const where = checked.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new Error(`${declaration.method} ${declaration.path} answered outside its declared schema: ${where.join('; ')}`);
  }
}
