import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession, type SessionUser } from '../../src/local/session';
import { LANGUAGE_STORAGE_KEY } from '../../src/web/i18n/device-choice';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The signed-in client: an operator's profile page must not need the shopper's profile call.
const get = vi.fn(async (path: string) => Promise.reject(new Error(`unexpected GET ${path}`)));
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (path: string) => get(path), post: vi.fn() };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
// The calls made before there is a session: registration, the e-mail code, sign-in.
const publicPost = vi.fn();
vi.mock('../../src/web/lib/publicApi', () => ({ publicApi: { post: (...args: unknown[]) => publicPost(...args), call: (key: string, input?: never) => callThrough({ post: (...args) => publicPost(...args) })(key, input) } }));

const { default: ProfilePage } = await import('../../src/web/pages/account/ProfilePage');
const { default: SignInPage } = await import('../../src/web/pages/account/SignInPage');
const { default: SignUpPage } = await import('../../src/web/pages/account/SignUpPage');

const operator: SessionUser = { id: 1, firstName: 'Ops', lastName: 'Desk', email: 'ops@akuafo.demo', userType: 'ADMIN', profileImage: null, passwordChangedAt: null };

beforeEach(async () => {
  get.mockClear();
  publicPost.mockReset();
  await Promise.all([localDb.session.clear(), localDb.meta.clear(), localDb.cart.clear(), localDb.outbox.clear()]);
});
afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('/profile for an operator (issue 22.14)', () => {
  it('shows who is signed in and the way to the console instead of spinning forever', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: operator });
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <Routes><Route path="/profile" element={<ProfilePage />} /></Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('link', { name: 'Operator console' })).getAttribute('href')).toBe('/admin');
    expect(screen.getByText('ops@akuafo.demo')).toBeTruthy();
    expect(screen.getByText('Account type: Operator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out other devices' })).toBeTruthy();
    expect(screen.queryByText('Loading your account…')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('sign-up from a product (issue 22.5)', () => {
  it('lands the new buyer on the product they were sent from, not on home', async () => {
    const email = 'new.buyer@example.com';
    publicPost.mockImplementation(async (path: string) => {
      if (path === 'shop/customers/register') return { data: { email } };
      if (path === 'otp/verify') return { data: { verified: true } };
      if (path === 'auth/login') {
        return { data: { accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Abena', lastName: 'Owusu', email, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } } };
      }
      throw new Error(`unexpected POST ${path}`);
    });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/signin', state: { from: '/product/42' } }]}>
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'create a new account' }));
    fireEvent.click(screen.getByRole('button', { name: /I'm a Buyer/ }));

    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Abena' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Owusu' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'Akuafo#2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Akuafo#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const country = await screen.findByLabelText('Country');
    await vi.waitFor(() => expect((country as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(country, { target: { value: 'Ghana' } });
    fireEvent.change(screen.getByLabelText('State / Region'), { target: { value: 'Ashanti' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '12 Adum Road' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Kumasi' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '241234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    const boxes = await screen.findAllByRole('textbox', { name: /digit/i });
    fireEvent.change(boxes[0]!, { target: { value: '123456' } });
    expect((await screen.findByTestId('where')).textContent).toBe('/product/42');
    expect(publicPost).toHaveBeenCalledWith('auth/login', { email, password: 'Akuafo#2026' });
  });
});

describe('the device\'s language goes with sign-in (issue 37, item 7)', () => {
  it('a reader who chose Twi on this phone signs in with it, so the account\'s messages follow', async () => {
    const email = 'twi.reader@example.com';
    publicPost.mockResolvedValue({ data: { accessToken: 'a', refreshToken: 'r', user: { id: 10, firstName: 'Ama', lastName: 'Mensah', email, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } } });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ak');
    try {
      render(
        <MemoryRouter initialEntries={['/signin']}>
          <Routes>
            <Route path="/signin" element={<SignInPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      );
      fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: email } });
      fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Akuafo#2026' } });
      fireEvent.click(screen.getByRole('button', { name: /^Sign in$/ }));
      await screen.findByTestId('where');
      expect(publicPost).toHaveBeenCalledWith('auth/login', { email, password: 'Akuafo#2026', language: 'ak' });
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });
});
