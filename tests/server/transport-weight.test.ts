import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 40, item 3: a listing's weight per unit, defaulted, given by the seller, reviewed like its other fields. */
let server: TestServer;
let kofi: string;
let admin: string;
let png: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  [kofi, admin] = await Promise.all([tokenFor(server, 'kofi.farms@akuafo.demo'), adminToken(server)]);
  png = await pngImage();
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
const weightOf = async (productId: number) => (await server.deps.db.selectFrom('products').select('unit_weight_g').where('id', '=', productId).executeTakeFirstOrThrow()).unit_weight_g;

describe('a listing’s weight per unit', () => {
  it('defaults from its name and category, is kept as the seller gives it, goes live once approved, and a change waits for review', async () => {
    const plain = await server.call('/product-submissions', { method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, name: 'Yellow Maize (25 kg bag)', category: 'Grains' }, [{ name: 'a.png', data: png }]) });
    expect(plain.status).toBe(201);
    expect((await json(plain)).data).toMatchObject({ unitWeightKg: 25, unitWeightGiven: false });

    const given = await server.call('/product-submissions', { method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, name: 'Puna yam, big tubers', category: 'Tubers', unitWeightKg: '4.5' }, [{ name: 'a.png', data: png }]) });
    expect(given.status).toBe(201);
    const submission = (await json(given)).data;
    expect(submission).toMatchObject({ unitWeightKg: 4.5, unitWeightGiven: true });

    const approved = (await json(await server.call(`/admin/submissions/${submission.id}/approve`, { method: 'POST', token: admin }))).data;
    expect(await weightOf(approved.productId)).toBe(4_500);

    // Heavier tubers cost the buyer more transport: the operator sees the change first.
    const edited = await server.call(`/product-submissions/my-submissions/${submission.id}`, { method: 'PATCH', token: kofi, json: { unitWeightKg: 9 } });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ unitWeightKg: 9, changesPending: true });
    expect(await weightOf(approved.productId)).toBe(4_500);
    expect((await server.call(`/admin/submissions/${submission.id}/approve`, { method: 'POST', token: admin })).status).toBe(200);
    expect(await weightOf(approved.productId)).toBe(9_000);

    const bad = await server.call(`/product-submissions/my-submissions/${submission.id}`, { method: 'PATCH', token: kofi, json: { unitWeightKg: 5000 } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('The weight per unit must be from 0.001 to 1000 kg.');
  });
});
