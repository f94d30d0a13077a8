import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_PRODUCTS_PAGE_SIZE } from '../../src/shared/schemas/submissions';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let kofi: string;
let ama: string;
let buyer: string;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [kofi, ama, buyer, admin] = await Promise.all([
    tokenFor(server, 'kofi.farms@akuafo.demo'),
    tokenFor(server, 'ama.agro@akuafo.demo'),
    tokenFor(server, 'buyer@akuafo.demo'),
    adminToken(server),
  ]);
  png = await pngImage();
});
afterAll(() => server.close());

const submit = (form: FormData, token = kofi, headers: Record<string, string> = {}) =>
  server.call('/product-submissions', { method: 'POST', body: form, token, headers });
const json = async (res: Response) => (await res.json()) as any;

async function createProduct(fields: Record<string, string> = {}, token = kofi) {
  const res = await submit(productForm({ ...VALID_PRODUCT, ...fields }, [{ name: 'leaves.png', data: png }]), token);
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

async function catalogueCursor(): Promise<number> {
  return (await json(await server.call('/sync/catalogue?since=0&limit=1'))).data.cursor as number;
}

describe('POST /product-submissions', () => {
  it('answers invalid fields with the messages of the spec', async () => {
    const res = await submit(productForm({ name: ' ', description: '', category: '', price: 'abc', stockQuantity: '' }, [{ name: 'a.png', data: png }]));
    expect(res.status).toBe(400);
    expect((await json(res)).fieldErrors).toEqual({
      name: 'Product name is required',
      description: 'Description is required',
      category: 'Category is required',
      price: 'Price must be a number',
      stockQuantity: 'Quantity is required',
    });
    const more = await submit(productForm({ ...VALID_PRODUCT, price: '-2', stockQuantity: 'many' }, [{ name: 'a.png', data: png }]));
    expect((await json(more)).fieldErrors).toEqual({ price: 'Price must be positive', stockQuantity: 'Quantity must be a number' });
    const missing = await submit(productForm({ name: 'x', description: 'y', category: 'Vegetables' }, [{ name: 'a.png', data: png }]));
    expect((await json(missing)).fieldErrors).toMatchObject({ price: 'Price is required', stockQuantity: 'Quantity is required' });
  });

  it('takes cedis only', async () => {
    const naira = await submit(productForm({ ...VALID_PRODUCT, currency: 'NGN' }, [{ name: 'a.png', data: png }]));
    expect(naira.status).toBe(400);
    expect((await json(naira)).fieldErrors.currency).toBe('Prices are in Ghana cedis (GHS)');
    const old = await createProduct({ currency: 'GHC' });
    expect(old.currency).toBe('GHS');
  });

  it('checks images by content, size and number', async () => {
    const none = await submit(productForm(VALID_PRODUCT, []));
    expect((await json(none)).message).toBe('At least one image is required');

    const fake = await submit(productForm(VALID_PRODUCT, [{ name: 'fake.jpg', data: 'this is only text', type: 'image/jpeg' }]));
    expect(fake.status).toBe(400);
    expect((await json(fake)).message).toBe('File fake.jpg is not an image');

    const big = await submit(productForm(VALID_PRODUCT, [{ name: 'big.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), type: 'image/jpeg' }]));
    expect(big.status).toBe(400);
    expect((await json(big)).message).toBe('File big.jpg exceeds 5MB limit');

    const six = await submit(productForm(VALID_PRODUCT, Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: png }))));
    expect(six.status).toBe(400);
    expect((await json(six)).message).toBe('You can upload maximum 5 images');

    const json400 = await server.call('/product-submissions', { method: 'POST', json: VALID_PRODUCT, token: kofi });
    expect(json400.status).toBe(400);
  });

  it('stores a pending submission with re-encoded images', async () => {
    const created = await createProduct();
    expect(created).toMatchObject({ name: VALID_PRODUCT.name, price: 12.5, stockQuantity: 40, status: 'PENDING', currency: 'GHS', productId: null });
    expect(created.images).toHaveLength(1);
    const image = await server.call(created.imagesUrls[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('is for sellers only', async () => {
    const form = () => productForm(VALID_PRODUCT, [{ name: 'a.png', data: png }]);
    expect((await server.call('/product-submissions', { method: 'POST', body: form() })).status).toBe(401);
    expect((await submit(form(), buyer)).status).toBe(403);
    expect((await submit(form(), admin)).status).toBe(403);
    expect((await server.call('/product-submissions/seller/me', { token: buyer })).status).toBe(403);
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const key = crypto.randomUUID();
    const before = (await json(await server.call('/product-submissions/seller/me?search=Idempotent', { token: kofi }))).pagination.totalCount;
    const form = () => productForm({ ...VALID_PRODUCT, name: 'Idempotent Okra' }, [{ name: 'okra.png', data: png }]);
    const first = await submit(form(), kofi, { 'Idempotency-Key': key });
    const second = await submit(form(), kofi, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((await json(second)).data.id).toBe((await json(first)).data.id);
    const after = (await json(await server.call('/product-submissions/seller/me?search=Idempotent', { token: kofi }))).pagination.totalCount;
    expect(after).toBe(before + 1);
  });
});

describe('GET /product-submissions/seller/me', () => {
  it('lists the seller\'s own products (seed ones included) with filters, search, sort and pages', async () => {
    const all = await json(await server.call('/product-submissions/seller/me', { token: kofi }));
    const seeded = await server.deps.db
      .selectFrom('products')
      .innerJoin('users', 'users.id', 'products.seller_id')
      .select('products.id')
      .where('users.email', '=', 'kofi.farms@akuafo.demo')
      .execute();
    expect(all.pagination.totalCount).toBeGreaterThan(seeded.length);
    expect(all.pagination.pageSize).toBe(SELLER_PRODUCTS_PAGE_SIZE);
    expect(all.data.length).toBeLessThanOrEqual(20);

    const pending = await json(await server.call('/product-submissions/seller/me?status=PENDING', { token: kofi }));
    expect(pending.data.every((p: any) => p.status === 'PENDING')).toBe(true);
    const approved = await json(await server.call('/product-submissions/seller/me?status=APPROVED&limit=100', { token: kofi }));
    expect(approved.pagination.totalCount).toBe(seeded.length);

    const cheap = await json(await server.call('/product-submissions/seller/me?sortBy=price&sortDir=asc&limit=100', { token: kofi }));
    const prices = cheap.data.map((p: any) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const found = await json(await server.call('/product-submissions/seller/me?search=kontomire%20TECHIMAN', { token: kofi }));
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((p: any) => p.name === VALID_PRODUCT.name)).toBe(true);

    const page2 = await json(await server.call('/product-submissions/seller/me?limit=5&page=2', { token: kofi }));
    expect(page2.pagination).toMatchObject({ currentPage: 2, pageSize: 5, hasPreviousPage: true });

    const ama_ = await json(await server.call('/product-submissions/seller/me?search=kontomire%20techiman', { token: ama }));
    expect(ama_.data).toHaveLength(0);
    expect((await server.call('/product-submissions/seller/me?sortBy=name', { token: kofi })).status).toBe(400);
  });
});

describe('one seller cannot touch another\'s products', () => {
  it('answers 404 to anyone but the owner', async () => {
    const mine = await createProduct({ name: 'Private Garden Eggs' });
    const path = `/product-submissions/my-submissions/${mine.id}`;
    expect((await server.call(path, { token: ama })).status).toBe(404);
    expect((await server.call(path, { method: 'PATCH', token: ama, json: { price: 1 } })).status).toBe(404);
    expect((await server.call(path, { method: 'DELETE', token: ama })).status).toBe(404);
    expect((await server.call(`${path}/images`, { method: 'POST', token: ama, body: productForm({}, [{ name: 'x.png', data: png }]) })).status).toBe(404);
    expect((await server.call(`${path}/images/${mine.images[0].id}`, { method: 'DELETE', token: ama })).status).toBe(404);
    expect((await server.call('/product-submissions/my-submissions/abc', { token: kofi })).status).toBe(404);
    const own = await server.call(path, { token: kofi });
    expect(own.status).toBe(200);
    expect((await json(own)).data.name).toBe('Private Garden Eggs');
  });
});

describe('operator approval', () => {
  it('queues pending listings for ADMINs only; approval makes a live product in /products and the sync delta', async () => {
    const created = await createProduct({ name: 'Approved Shallots Bundle', price: '30' });
    expect((await server.call('/admin/submissions', { token: kofi })).status).toBe(403);
    const queue = await json(await server.call('/admin/submissions?status=PENDING&limit=100', { token: admin }));
    const queued = queue.data.find((s: any) => s.id === created.id);
    expect(queued.seller).toMatchObject({ businessName: 'Boateng Family Farms', email: 'kofi.farms@akuafo.demo' });

    const cursor = await catalogueCursor();
    expect((await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: kofi })).status).toBe(403);
    const approved = await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: admin });
    expect(approved.status).toBe(200);
    const submission = (await json(approved)).data;
    expect(submission.status).toBe('APPROVED');
    expect(submission.productId).toEqual(expect.any(Number));
    expect((await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: admin })).status).toBe(409);

    const listed = await json(await server.call('/products?search=Approved%20Shallots'));
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: submission.productId, price: 30, region: 'Bono East', isActive: true, sellerName: 'Boateng Family Farms' });
    expect(listed.data[0].imagesUrls).toEqual(submission.imagesUrls);

    const delta = (await json(await server.call(`/sync/catalogue?since=${cursor}`))).data;
    expect(delta.products.map((p: any) => p.id)).toContain(submission.productId);
  });

  it('editing an approved product applies price and stock at once; text and pictures wait for review', async () => {
    const created = await createProduct({ name: 'Versioned Yam Tubers', price: '20' });
    const { data: approved } = await json(await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: admin }));
    const before = (await json(await server.call(`/products/${approved.productId}`))).data;

    const edit = await server.call(`/product-submissions/my-submissions/${created.id}`, {
      method: 'PATCH',
      token: kofi,
      json: { price: 22.75, stockQuantity: 7, name: 'Versioned Yam Tubers (large)' },
    });
    expect(edit.status).toBe(200);
    expect((await json(edit)).data).toMatchObject({ status: 'APPROVED', price: 22.75, stockQuantity: 7, name: 'Versioned Yam Tubers (large)', changesPending: true });
    const after = (await json(await server.call(`/products/${approved.productId}`))).data;
    // Before issue 21.4 the new name went live at once; now it waits for the operator.
    expect(after).toMatchObject({ price: 22.75, stockQuantity: 7, name: 'Versioned Yam Tubers' });
    expect(after.version).toBeGreaterThan(before.version);

    const bad = await server.call(`/product-submissions/my-submissions/${created.id}`, { method: 'PATCH', token: kofi, json: { price: 0, name: '' } });
    expect((await json(bad)).fieldErrors).toEqual({ price: 'Price must be positive', name: 'Product name is required' });

    // Images added or removed on the listing wait for review too.
    const added = await server.call(`/product-submissions/my-submissions/${created.id}/images`, {
      method: 'POST',
      token: kofi,
      body: productForm({}, [{ name: 'second.png', data: await pngImage('#aa3300') }]),
    });
    expect(added.status).toBe(201);
    const withTwo = (await json(added)).data;
    expect(withTwo.images).toHaveLength(2);
    const live = (await json(await server.call(`/products/${approved.productId}`))).data;
    expect(live.imagesUrls).toEqual(approved.imagesUrls);

    const removed = await server.call(`/product-submissions/my-submissions/${created.id}/images/${withTwo.images[0].id}`, { method: 'DELETE', token: kofi });
    expect((await json(removed)).data.images).toHaveLength(1);
    const last = await server.call(`/product-submissions/my-submissions/${created.id}/images/${withTwo.images[1].id}`, { method: 'DELETE', token: kofi });
    expect(last.status).toBe(400);
    expect((await json(last)).message).toBe('At least one image is required');

    const changed = (await json(await server.call(`/product-submissions/my-submissions/${created.id}`, { token: kofi }))).data;
    expect((await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: admin })).status).toBe(200);
    const published = (await json(await server.call(`/products/${approved.productId}`))).data;
    expect(published).toMatchObject({ name: 'Versioned Yam Tubers (large)', imagesUrls: changed.imagesUrls, stockQuantity: 7 });
    expect(published.version).toBeGreaterThan(live.version);
  });

  it('refuses a sixth image on an existing listing', async () => {
    const created = await submit(productForm(VALID_PRODUCT, Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, data: png }))));
    const { data } = await json(created);
    const extra = await server.call(`/product-submissions/my-submissions/${data.id}/images`, { method: 'POST', token: kofi, body: productForm({}, [{ name: 'six.png', data: png }]) });
    expect(extra.status).toBe(400);
    expect((await json(extra)).message).toBe('You can upload maximum 5 images');
  });

  it('deleting an approved product withdraws it with a tombstone', async () => {
    const created = await createProduct({ name: 'Soon Gone Plantain' });
    const { data: approved } = await json(await server.call(`/admin/submissions/${created.id}/approve`, { method: 'POST', token: admin }));
    const cursor = await catalogueCursor();
    const res = await server.call(`/product-submissions/my-submissions/${created.id}`, { method: 'DELETE', token: kofi });
    expect(res.status).toBe(200);
    expect((await server.call(`/product-submissions/my-submissions/${created.id}`, { token: kofi })).status).toBe(404);
    expect((await json(await server.call('/products?search=Soon%20Gone%20Plantain'))).data).toHaveLength(0);
    const delta = (await json(await server.call(`/sync/catalogue?since=${cursor}`))).data;
    expect(delta.deletedIds).toContain(approved.productId);
    // It is not adopted back into the seller's list.
    const mine = await json(await server.call('/product-submissions/seller/me?search=Soon%20Gone', { token: kofi }));
    expect(mine.data).toHaveLength(0);
  });

  it('rejects with a note; a corrected listing goes back to review', async () => {
    const created = await createProduct({ name: 'Rejected Cabbage' });
    expect((await server.call(`/admin/submissions/${created.id}/reject`, { method: 'POST', token: admin, json: {} })).status).toBe(400);
    const res = await server.call(`/admin/submissions/${created.id}/reject`, { method: 'POST', token: admin, json: { note: 'Please show the cabbages themselves.' } });
    expect((await json(res)).data).toMatchObject({ status: 'REJECTED', reviewNote: 'Please show the cabbages themselves.' });
    const mail = readMailSpool(server).find((m) => m.body.includes('Rejected Cabbage'));
    expect(mail?.to).toContain('kofi.farms@akuafo.demo');
    expect(mail?.body).toContain('Please show the cabbages themselves.');
    const edited = await server.call(`/product-submissions/my-submissions/${created.id}`, { method: 'PATCH', token: kofi, json: { description: 'Firm green cabbages, photo of the real harvest.' } });
    expect((await json(edited)).data).toMatchObject({ status: 'PENDING', reviewNote: null });
  });

  it('a deleted pending listing is gone', async () => {
    const created = await createProduct({ name: 'Pending Then Deleted' });
    expect((await server.call(`/product-submissions/my-submissions/${created.id}`, { method: 'DELETE', token: kofi })).status).toBe(200);
    expect((await server.call(`/product-submissions/my-submissions/${created.id}`, { token: kofi })).status).toBe(404);
  });
});
