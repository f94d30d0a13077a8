import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../src/local/cart';
import { localDb } from '../../src/local/db';
import { resetNetworkState } from '../../src/local/network';
import { saveSession } from '../../src/local/session';
import { SyncIndicator } from '../../src/web/components/SyncIndicator';
import CartPage from '../../src/web/pages/cart/CartPage';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const line = (over: Partial<CartLine>): CartLine => ({
  productId: 1,
  name: 'Yellow Maize (50 kg bag)',
  imageUrl: null,
  price: 450,
  quantity: 1,
  category: 'Grains',
  stockQuantity: 10,
  isActive: true,
  updatedAt: new Date().toISOString(),
  ...over,
});

const renderCart = () => render(<MemoryRouter initialEntries={['/cart']}><CartPage /></MemoryRouter>);

beforeEach(async () => {
  await Promise.all([localDb.session.clear(), localDb.cart.clear(), localDb.outbox.clear()]);
  // A request failed by the stub below marks the app offline (src/local/network.ts): each test starts online.
  resetNetworkState();
  // Keep the page from reaching for a server: these tests are about what the phone holds.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cart page', () => {
  it('shows the empty state with Continue Shopping', async () => {
    renderCart();
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(screen.getByText('Add some items to your cart to get started')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });

  it('lists the lines with totals, and edits become queued intents', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'k@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    await localDb.cart.bulkPut([line({}), line({ productId: 2, name: 'Farm Cutlass (22-inch)', price: 95.5, quantity: 3, category: 'Tools' })]);
    renderCart();
    await screen.findByRole('heading', { name: 'Your Cart (4 items)' });
    expect(screen.getByText('Subtotal (4 items)')).toBeTruthy();
    // 450 + 3 × 95.50 = 736.50; tax 20 % of 286.50 = 57.30; total 793.80.
    expect(screen.getByText('GH₵ 736.50')).toBeTruthy();
    expect(screen.getByText('GH₵ 57.30')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('GH₵ 793.80');
    expect(screen.getByText('GH₵ 286.50')).toBeTruthy(); // line subtotal
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');

    expect((screen.getByRole('button', { name: 'One less Yellow Maize (50 kg bag)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'One less Farm Cutlass (22-inch)' }));
    await screen.findByRole('heading', { name: 'Your Cart (3 items)' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Yellow Maize (50 kg bag)' }));
    await screen.findByRole('heading', { name: 'Your Cart (2 items)' });
    const queued = await localDb.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => e.body)).toEqual([{ productId: 2, quantity: 2 }, { productId: 1, quantity: 0 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete All Items' }));
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect((await localDb.outbox.orderBy('seq').last())?.method).toBe('DELETE');
  });

  it('two quick taps on plus count twice, even before the page redraws', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'k@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    await localDb.cart.put(line({}));
    renderCart();
    await screen.findByRole('heading', { name: 'Your Cart (1 item)' });
    const plus = screen.getByRole('button', { name: 'One more Yellow Maize (50 kg bag)' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    await screen.findByRole('heading', { name: 'Your Cart (3 items)' });
    expect((await localDb.outbox.orderBy('seq').toArray()).map((e) => e.body)).toEqual([{ productId: 1, quantity: 2 }, { productId: 1, quantity: 3 }]);
  });
});

describe('SyncIndicator', () => {
  it('is hidden when nothing waits, and lists a refused change with Retry and Discard', async () => {
    const { container } = render(<SyncIndicator />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');

    const base = { entity: 'cart', method: 'POST' as const, path: 'shop/cart', attempts: 1, createdAt: new Date().toISOString() };
    const failedSeq = await localDb.outbox.add({ ...base, id: crypto.randomUUID(), body: { productId: 1, quantity: 9 }, label: 'Change Yam to 9', status: 'failed', error: 'Only 2 left in stock' });
    await localDb.outbox.add({ ...base, id: crypto.randomUUID(), body: { productId: 3, quantity: 1 }, label: 'Add Okra (now 1) to cart', status: 'pending' });
    const button = await screen.findByRole('button', { name: '1 change waiting to be sent, 1 change not accepted' });
    expect(button.textContent).toContain('1 failed');
    fireEvent.click(button);
    expect(screen.getByText('Change Yam to 9')).toBeTruthy();
    expect(screen.getByText('Only 2 left in stock')).toBeTruthy();
    expect(screen.getByText('Add Okra (now 1) to cart')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await localDb.outbox.get(failedSeq))?.status).toBe('pending'));
    await screen.findByRole('button', { name: '2 changes waiting to be sent' });

    await localDb.outbox.update(failedSeq, { status: 'failed', error: 'Only 2 left in stock' });
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await localDb.outbox.get(failedSeq)).toBeUndefined());
  });
});
