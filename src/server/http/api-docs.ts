import { Hono } from 'hono';
import { DECLARED_ROUTES } from '../../shared/api';
import { CONTRACT_ROUTES } from '../../shared/api/contract';
import type { AppEnv } from './context';
import { implement } from './declared';
import { buildOpenApi } from './openapi';

// Built on first ask, not at start: most processes never serve it.
let document: Record<string, unknown> | undefined;
let page: string | undefined;
const contract = () => (document ??= buildOpenApi(DECLARED_ROUTES));

const [openApi] = CONTRACT_ROUTES;

/** GET /api/v1/openapi.json: the contract, declared like every API route (shared/api/contract.ts). */
export function openApiRoutes() {
  return [
    implement(openApi, ({ c }) => {
      c.header('Cache-Control', 'public, max-age=300');
      return contract();
    }),
  ];
}

/** GET /api/docs: the contract as a plain page, rendered here (no script, so the strict CSP holds). */
export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/api/docs', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.html((page ??= renderDocs(contract())));
  });
  return app;
}

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Operation {
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name?: string; in?: string; $ref?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

function renderDocs(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((p) => (p.$ref ? 'Idempotency-Key (header)' : `${p.name} (${p.in})`));
      const body = op.requestBody ? Object.entries(op.requestBody.content).map(([type, { schema }]) => `<details><summary>${escape(type)} body</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`) : [];
      const row = `<li><code>${method.toUpperCase()} ${escape(path)}</code> ${escape(op.summary)}${op.security ? ' <em>(signed in)</em>' : ''}${params.length ? `<br><small>${escape(params.join(', '))}</small>` : ''}${body.join('')}</li>`;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag].map(([tag, rows]) => `<section><h2>${escape(tag)}</h2><ul>${rows.join('')}</ul></section>`).join('');
  const info = doc.info as { title: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem}li{margin:.5rem 0}code{font-weight:600}pre{overflow:auto;background:#f4f4f4;padding:.5rem}</style></head>
<body><h1>${escape(info.title)}</h1><p>${escape(info.description)}</p><p>The machine-readable contract: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Errors answer <code>{ message, code, fieldErrors? }</code>; paged lists answer <code>{ data, pagination }</code>.</p>${sections}</body></html>`;
}
