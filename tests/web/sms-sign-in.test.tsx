import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { readSession } from '../../src/local/session';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../src/web/lib/api', () => ({ api: { get: vi.fn(async () => ({ data: [] })), post: vi.fn() } }));
const publicPost = vi.fn();
vi.mock('../../src/web/lib/publicApi', () => ({ publicApi: { post: (...args: unknown[]) => publicPost(...args), get: vi.fn(async () => ({ data: [] })), call: (key: string, input?: never) => callThrough({ post: (...args) => publicPost(...args) })(key, input) } }));

const { default: SignInPage } = await import('../../src/web/pages/account/SignInPage');

beforeEach(async () => {
  publicPost.mockReset();
  await Promise.all([localDb.session.clear(), localDb.meta.clear(), localDb.cart.clear(), localDb.outbox.clear()]);
});
afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('sign-in with a code by SMS (issue 26: accounts made by USSD)', () => {
  it('texts a code to the number, then signs in with it and keeps the session', async () => {
    publicPost.mockImplementation(async (path: string, body: Record<string, string>) => {
      if (path === 'auth/sms/send-code') return { data: { sent: true } };
      if (path === 'auth/sms/verify' && body.code === '123456') {
        return { data: { accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Phone customer', lastName: '0241234567', email: '', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } } };
      }
      throw new Error(`unexpected POST ${path}`);
    });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/signin', state: { from: '/orders' } }]}>
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByText('Sign in with a code by SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Please enter a Ghana mobile number, such as 024 123 4567.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '024 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the code' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/orders');
    expect(publicPost).toHaveBeenCalledWith('auth/sms/verify', { phone: '024 123 4567', code: '123456' });
    expect((await readSession())?.user.firstName).toBe('Phone customer');
  });
});
