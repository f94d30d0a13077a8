import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/schemas/audit';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: string;
let seller: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  seller = await tokenFor(server, 'seller@akuafo.demo');
});
afterAll(() => server.close());

const audit = async (query = '') => {
  const res = await server.call(`/admin/audit${query}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AuditEntry[] }).data;
};
const post = (path: string, json?: unknown) => server.call(path, { method: 'POST', token: admin, json: json ?? {} });

describe('the operator audit log', () => {
  it('records who approved, rejected and verified what, newest first, and nothing for refused actions', async () => {
    const form = productForm(VALID_PRODUCT, [{ name: 'leaves.png', data: await pngImage() }]);
    const created = await server.call('/product-submissions', { method: 'POST', token: seller, body: form });
    expect(created.status).toBe(201);
    const submissionId = ((await created.json()) as { data: { id: number } }).data.id;
    const sellerId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', 'seller@akuafo.demo').executeTakeFirstOrThrow()).id;

    expect((await post(`/admin/submissions/${submissionId}/approve`)).status).toBe(200);
    expect((await post(`/admin/submissions/${submissionId}/approve`)).status).toBe(409);
    expect((await post(`/admin/submissions/${submissionId}/reject`, { note: 'The photo is blurred.' })).status).toBe(200);
    await server.deps.db.updateTable('seller_profiles').set({ ghana_card_number: 'GHA-123456789-0' }).where('user_id', '=', sellerId).execute();
    expect((await post(`/admin/sellers/${sellerId}/verification`, { status: 'VERIFIED' })).status).toBe(200);
    expect((await post('/admin/sellers/999999/verification', { status: 'VERIFIED' })).status).toBe(404);

    const entries = await audit();
    expect(entries.slice(0, 3).map((e) => [e.action, e.target, e.detail, e.actor.email])).toEqual([
      ['seller.verify', { type: 'seller', id: sellerId }, 'VERIFIED', 'operator@akuafo.test'],
      ['submission.reject', { type: 'submission', id: submissionId }, 'The photo is blurred.', 'operator@akuafo.test'],
      ['submission.approve', { type: 'submission', id: submissionId }, VALID_PRODUCT.name, 'operator@akuafo.test'],
    ]);
    expect(entries).toHaveLength(3);
    expect(Date.parse(entries[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await audit('?action=submission.reject')).map((e) => e.action)).toEqual(['submission.reject']);
  });

  it('is for operators only, and refuses an unknown action filter with a 400', async () => {
    expect((await server.call('/admin/audit')).status).toBe(401);
    expect((await server.call('/admin/audit', { token: seller })).status).toBe(403);
    const bad = await server.call('/admin/audit?action=drop.tables', { token: admin });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
  });
});
