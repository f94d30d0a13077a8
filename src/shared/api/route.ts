import * as v from 'valibot';
import { MAX_ROW_ID } from '../schemas/catalogue';

/**
 * One declaration per API route: method, path, who may call it, its input schemas, its answer
 * schema, whether a repeat with the same Idempotency-Key is answered from the first, and a
 * summary. The server registers its handler from it (src/server/http/declared.ts: auth first,
 * then the input parsed with these schemas), the OpenAPI document is built from it, the
 * authorization test iterates it, and the phone's client is typed from it (src/local/api.ts).
 * It lives in shared so both sides import the same object; nothing is generated.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call: nobody in particular, any signed-in user, one role, or an SMS/USSD gateway (its ?token=).
 * 'warehouse': a WAREHOUSE account assigned to a warehouse (acting at it), or the operator (ADMIN, acting at all);
 * 'transporter': a TRANSPORTER account (verified or not: the routes that need verification say so).
 */
export type RouteAuth = 'none' | 'user' | 'customer' | 'seller' | 'admin' | 'warehouse' | 'transporter' | 'gateway';

type Schema = v.GenericSchema;
/** Path parameters, one schema each (a parse failure names nothing: 404 with the schema's message). */
type ParamSchemas = Record<string, Schema>;

export interface RouteDeclaration {
  method: Method;
  /** Below /api/v1, Hono style, with :params. */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  params?: ParamSchemas;
  query?: Schema;
  /** A JSON body. `optionalBody`: an empty body reads as {} (a cancel without a reason). */
  body?: Schema;
  optionalBody?: boolean;
  /** A multipart form: its text fields' schema, or 'files' for photos alone (read by the route's own step). */
  form?: Schema | 'files';
  /** The 2xx answer's JSON, checked against every answer while tests run (config.checkAnswers). */
  answer: Schema;
  /** Not JSON (USSD's text/plain): said for the document; the handler answers a Response itself. */
  answerType?: 'text/plain';
  /** Takes an Idempotency-Key; by default every write except the credential calls. */
  idempotent?: boolean;
}

/** `METHOD /path`: the one name a route goes by in the client, the tests and the outbox. */
export type RouteKey<R extends RouteDeclaration = RouteDeclaration> = `${R['method']} ${R['path']}`;

/** Declares a route; `const` keeps its method and path literal, so the client is typed by them. */
export function route<const R extends RouteDeclaration>(declaration: R): R {
  return declaration;
}

export const keyOf = (declaration: RouteDeclaration): string => `${declaration.method} ${declaration.path}`;

/** The parameters a path names: '/orders/:id/items/:itemId' → 'id' | 'itemId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;
type In<S> = S extends Schema ? v.InferInput<S> : undefined;

/** What a handler reads: every input already parsed with the declaration's schemas. */
export type ParsedInput<R extends RouteDeclaration> = {
  params: R['params'] extends ParamSchemas ? { [K in keyof R['params']]: Out<R['params'][K]> } : Record<PathParamNames<R['path']>, string>;
  query: Out<R['query']>;
  body: Out<R['body']>;
};

/** The answer's JSON as the client receives it. */
export type AnswerOf<R extends RouteDeclaration> = v.InferOutput<R['answer']>;

/** What the client sends: the path's parameters, the query, the body, as each schema takes them. */
export type ClientInput<R extends RouteDeclaration> = ([PathParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: Record<PathParamNames<R['path']>, string | number> }) &
  (R['query'] extends Schema ? { query?: In<R['query']> } : { query?: undefined }) &
  (R['body'] extends Schema ? (R['optionalBody'] extends true ? { body?: In<R['body']> } : { body: In<R['body']> }) : { body?: undefined }) &
  (R['form'] extends Schema | 'files' ? { form: FormData } : { form?: undefined });

// Answer shapes that recur.

/** `{ data: … }`, the envelope of every answer but the paged ones. */
export const dataOf = <S extends Schema>(schema: S) => v.object({ data: schema });

export const paginationSchema = v.object({
  currentPage: v.number(),
  pageSize: v.number(),
  totalCount: v.number(),
  totalPages: v.number(),
  hasNextPage: v.boolean(),
  hasPreviousPage: v.boolean(),
  totalIsLowerBound: v.boolean(),
});

/** `{ data: […], pagination }`. */
export const pageOf = <S extends Schema>(schema: S) => v.object({ data: v.array(schema), pagination: paginationSchema });

/** `{ data: […], nextCursor }`: a keyset page (shared/pagination.ts); ask `?cursor=` nextCursor for the next. */
export const keysetOf = <S extends Schema>(schema: S) => v.object({ data: v.array(schema), nextCursor: v.nullable(v.string()) });

/** A numeric path id; anything else names nothing (404 with this message). */
export const idParam = (notFoundMessage: string) =>
  v.pipe(v.string(notFoundMessage), v.regex(/^\d{1,12}$/, notFoundMessage), v.transform(Number), v.maxValue(MAX_ROW_ID, notFoundMessage));

/** A JSON value whose shape this contract does not pin down (provider payloads, the OpenAPI document itself). */
export const anyJson = v.unknown();
