import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession, type SessionUser } from '../../src/local/session';
import { initialsOf } from '../../src/web/components/AccountMenu';
import { NavBar } from '../../src/web/components/NavBar';

// IndexedDB reads are asynchronous and a loaded machine is slow: allow more than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 7,
  firstName: 'Kojo',
  lastName: 'Appiah',
  email: 'kojo@example.com',
  userType: 'CUSTOMER',
  profileImage: null,
  passwordChangedAt: null,
  ...over,
});

const signIn = (u: SessionUser) => saveSession({ accessToken: 'a', refreshToken: 'r', user: u });

function renderBar() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <NavBar />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await localDb.session.clear();
  await localDb.cart.clear();
});
afterEach(cleanup);

describe('initialsOf', () => {
  it('takes the first letters of both names, or U when there are none', () => {
    expect(initialsOf({ firstName: 'akosua', lastName: 'Frimpong' })).toBe('AF');
    expect(initialsOf({ firstName: 'Ama', lastName: '' })).toBe('A');
    expect(initialsOf({ firstName: ' ', lastName: '' })).toBe('U');
  });
});

describe('NavBar', () => {
  it('offers Sign In and no Track Order to a visitor', async () => {
    renderBar();
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Track Order' })).toBeNull();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('leads a customer to Profile and a seller to the Seller Dashboard', async () => {
    await signIn(user());
    const { unmount } = renderBar();
    fireEvent.click(await screen.findByRole('button', { name: /account menu for Kojo Appiah/ }));
    expect((await screen.findByRole('link', { name: 'Profile' })).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByText('kojo@example.com')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Track Order' }).length).toBeGreaterThan(0);
    unmount();

    await signIn(user({ userType: 'SELLER' }));
    renderBar();
    fireEvent.click(await screen.findByRole('button', { name: /account menu for/ }));
    expect((await screen.findByRole('link', { name: 'Seller Dashboard' })).getAttribute('href')).toBe('/sellers/me');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Operator console' })).toBeNull();
  });

  // Issue 22.14: the operator was offered "Seller Dashboard" (a page for sellers) and no way to /admin.
  it('offers an operator their profile and the Operator console, never the Seller Dashboard', async () => {
    await signIn(user({ userType: 'ADMIN' }));
    renderBar();
    fireEvent.click(await screen.findByRole('button', { name: /account menu for/ }));
    expect((await screen.findByRole('link', { name: 'Operator console' })).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Seller Dashboard' })).toBeNull();
  });

  it('closes the menu on a press outside it and on Escape', async () => {
    await signIn(user());
    renderBar();
    const button = await screen.findByRole('button', { name: /account menu for/ });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes both menus when a link in them is followed, and opens again on the new page', async () => {
    await signIn(user());
    renderBar();
    const account = await screen.findByRole('button', { name: /account menu for/ });
    fireEvent.click(account);
    fireEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    await waitFor(() => expect(account.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    fireEvent.click(within(mobile).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(mobile.hidden).toBe(true);
  });

  it('counts items as quantities in the badge, its label and the menu (as the cart page does), and follows changes live', async () => {
    renderBar();
    const row = { imageUrl: null, price: 5, updatedAt: '2026-01-01T00:00:00Z' };
    await act(() => localDb.cart.bulkPut([
      { ...row, productId: 1, quantity: 4, name: 'Yam' },
      { ...row, productId: 2, quantity: 1, name: 'Maize' },
    ]));
    await waitFor(() => expect(screen.getByTestId('cart-badge').textContent).toBe('5'));
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeTruthy();
    await waitFor(() => expect(document.getElementById('mobile-menu')?.textContent).toContain('Cart (5 items)'));
    await act(() => localDb.cart.delete(1));
    await waitFor(() => expect(screen.getByTestId('cart-badge').textContent).toBe('1'));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    await act(() => localDb.cart.clear());
    await waitFor(() => expect(screen.queryByTestId('cart-badge')).toBeNull());
  });
});
