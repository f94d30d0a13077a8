import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ERROR_CODES } from '../../shared/errors';
import { CREDENTIAL_PATHS } from './idempotency';

export const API_PREFIX = '/api/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call: nobody in particular, any signed-in user, one role, or an SMS/USSD gateway (its ?token=).
 * 'warehouse': a WAREHOUSE account assigned to a warehouse (acting at it), or the operator (ADMIN, acting at all);
 * 'transporter': a TRANSPORTER account (verified or not: the routes that need verification say so).
 */
export type RouteAuth = 'none' | 'user' | 'customer' | 'seller' | 'admin' | 'warehouse' | 'transporter' | 'gateway';

export interface RouteOptions {
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** The JSON body's schema, the one the handler parses with. */
  body?: v.GenericSchema;
  /** A multipart form: its text fields' schema, or 'files' for photos alone. */
  form?: v.GenericSchema | 'files';
  query?: v.GenericSchema;
  /** Answers { data, pagination }. */
  paged?: boolean;
  /** Takes an Idempotency-Key; by default every write except the credential calls. */
  idempotent?: boolean;
  /** Declared routes (src/shared/api) say their answer and their path parameters' schemas. */
  answer?: v.GenericSchema;
  answerType?: 'text/plain';
  params?: Record<string, v.GenericSchema>;
  optionalBody?: boolean;
}

export interface RouteDescription extends RouteOptions {
  method: Method;
  /** Hono's path below /api/v1, with :params. */
  path: string;
}

type Json = Record<string, unknown>;

/** A valibot schema as JSON Schema 2020-12; what has no JSON Schema form (a transform, a custom check) is left open. */
function jsonSchema(schema: v.GenericSchema): Json {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'input' }) as Json;
  return rest;
}

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function queryParameters(schema: v.GenericSchema): Json[] {
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function requestBody(route: RouteDescription): Json | undefined {
  if (route.body) return { required: !route.optionalBody, content: { 'application/json': { schema: jsonSchema(route.body) } } };
  if (!route.form) return undefined;
  const files = { type: 'array', items: { type: 'string', contentEncoding: 'binary' }, description: 'Photos (JPEG, PNG or WebP)' };
  const fields = route.form === 'files' ? { type: 'object', properties: {} } : jsonSchema(route.form);
  const schema = { ...fields, properties: { ...(fields.properties as Json), images: files } };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

/** Whether repeats with one Idempotency-Key get the first answer: by default every write but the credential calls. */
export function isIdempotent(route: Pick<RouteDescription, 'method' | 'path' | 'idempotent'>): boolean {
  return route.idempotent ?? (route.method !== 'GET' && !CREDENTIAL_PATHS.test(API_PREFIX + route.path));
}

function successContent(route: RouteDescription): Json {
  if (route.answerType) return { [route.answerType]: { schema: { type: 'string' } } };
  const schema = route.answer ? jsonSchema(route.answer) : route.paged ? { $ref: '#/components/schemas/Page' } : {};
  return { 'application/json': { schema } };
}

function operation(route: RouteDescription): Json {
  const fullPath = API_PREFIX + route.path;
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: route.params?.[name] ? jsonSchema(route.params[name]) : { type: 'string' },
  }));
  const parameters = [...pathParams, ...(route.query ? queryParameters(route.query) : []), ...(isIdempotent(route) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [])];
  const responses: Json = {
    '2XX': { description: 'Done', content: successContent(route) },
    ...(route.body || route.form || route.query || pathParams.length ? { '400': error('The request is not valid: message says why, fieldErrors which field') } : {}),
    ...(route.auth === 'none' ? {} : { '401': error(route.auth === 'gateway' ? 'The gateway token is missing or wrong' : 'Not signed in, or the token has expired (code token_expired)') }),
    ...(route.auth === 'none' || route.auth === 'user' || route.auth === 'gateway' ? {} : { '403': error(`Only for a ${route.auth === 'warehouse' ? 'warehouse’s staff or the operator' : route.auth}`) }),
    ...(pathParams.length ? { '404': error('No such thing, or not yours') } : {}),
    '429': error('Too many requests: wait for Retry-After seconds'),
    default: error('Any other refusal or failure, in the one error shape'),
  };
  return {
    operationId: `${route.method.toLowerCase()}${fullPath.replace(/[/:{}-]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth === 'none' ? {} : { security: [route.auth === 'gateway' ? { gatewayToken: [] } : { bearer: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody(route) ? { requestBody: requestBody(route) } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the API, built from the route table. */
export function buildOpenApi(routes: readonly RouteDescription[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = API_PREFIX + route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Akuafo Market API',
      version: '1',
      description: 'Money is in cedis. Every failure answers the one error shape (Error). Writes accept an Idempotency-Key: a repeat gets the first answer.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from /auth/login or /token/refresh' },
        gatewayToken: { type: 'apiKey', in: 'query', name: 'token', description: 'The shared secret given to the SMS or USSD gateway (SMS_CALLBACK_TOKEN, USSD_CALLBACK_TOKEN); required when set' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A key for this write (8 to 80 letters, digits or dashes): a repeat with the same key gets the first answer without doing it again.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9-]{8,80}$' },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string', description: 'A sentence for the person' },
            code: { type: 'string', examples: Object.values(ERROR_CODES) },
            fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        Pagination: {
          type: 'object',
          required: ['currentPage', 'pageSize', 'totalCount', 'totalPages', 'hasNextPage', 'hasPreviousPage', 'totalIsLowerBound'],
          properties: {
            currentPage: { type: 'integer' },
            pageSize: { type: 'integer' },
            totalCount: { type: 'integer' },
            totalPages: { type: 'integer' },
            hasNextPage: { type: 'boolean' },
            hasPreviousPage: { type: 'boolean' },
            totalIsLowerBound: { type: 'boolean', description: 'true when the list holds more than totalCount rows (a catalogue search counts up to 10,000 and shows "10,000+")' },
          },
        },
        Page: { type: 'object', required: ['data', 'pagination'], properties: { data: { type: 'array' }, pagination: { $ref: '#/components/schemas/Pagination' } } },
      },
    },
  };
}
