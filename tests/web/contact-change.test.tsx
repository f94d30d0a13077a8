import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/shared/schemas/accounts';
import { callThrough } from '../support/call-through';

/** The account page's e-mail and phone: password to change, code for the new address, SMS to verify (issues 21.6, 22.16). */
const post = vi.fn(async (_path: string, _body?: unknown): Promise<unknown> => ({ data: {} }));
const get = vi.fn(async (_path: string): Promise<unknown> => ({ data: profile() }));
vi.mock('../../src/web/lib/api', () => ({ api: { get: (path: string) => get(path), post: (path: string, body?: unknown) => post(path, body), call: (key: string, input?: never) => callThrough({ get, post })(key, input) } }));
vi.mock('../../src/web/lib/publicApi', () => ({ publicApi: { post: (path: string, body?: unknown) => post(path, body), call: (key: string, input?: never) => callThrough({ post })(key, input) } }));
const { PersonalInfoCard } = await import('../../src/web/pages/account/PersonalInfoCard');
const { default: UndoChangePage } = await import('../../src/web/pages/account/UndoChangePage');

function profile(over: Partial<Profile> = {}): Profile {
  return {
    user: { id: 4, firstName: 'Akosua', lastName: 'Frimpong', email: 'akosua@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null, isEmailVerified: true, createdAt: '2026-01-01T00:00:00.000Z' },
    phoneNumber: '0241234567',
    addresses: [],
    recentOrders: [],
    isPhoneVerified: true,
    pendingEmail: null,
    pendingPhone: null,
    hasPassword: true,
    ...over,
  };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  post.mockReset();
  post.mockImplementation(async () => ({ data: {} }));
  get.mockClear();
});
afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('changing the e-mail on the account page', () => {
  it('asks for the current password, sends the change online, and says a code went to the new address', async () => {
    post.mockImplementation(async (path: string) => (path === 'auth/contact-change' ? { data: { channel: 'email', status: 'pending', pendingValue: 'new@example.com' } } : { data: {} }));
    render(<PersonalInfoCard profile={profile()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('Email', 'New@Example.com');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to change your e-mail or phone number.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    type('Current password', 'Akuafo#2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('We sent a code to your new e-mail address. Enter it below to finish.');
    expect(post).toHaveBeenCalledWith('auth/contact-change', { channel: 'email', value: 'new@example.com', currentPassword: 'Akuafo#2026' });
  });

  it('shows the server\'s "wrong password" under the password field', async () => {
    const { ApiError } = await import('../../src/local/api');
    post.mockImplementation(async () => {
      throw new ApiError('Current password is incorrect', 400, 'bad_request', { currentPassword: 'Current password is incorrect' });
    });
    render(<PersonalInfoCard profile={profile()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    type('Phone', '0551234567');
    type('Current password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('a pending change shows its address, takes the code, and can be cancelled', async () => {
    render(<PersonalInfoCard profile={profile({ pendingEmail: 'new@example.com' })} />);
    expect(screen.getByText('akosua@example.com')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(screen.getByText(/until then your current one stays/)).toBeTruthy();
    type('Code sent to the new e-mail address', '12a3456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/contact-change/verify', { channel: 'email', code: '123456' }));
    await screen.findByText('Email address changed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/contact-change/cancel', { channel: 'email' }));
  });

  it('an account without a password confirms with a code texted to its number', async () => {
    render(<PersonalInfoCard profile={profile({ hasPassword: false })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    type('Email', 'esi@example.com');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/phone/send-code'));
    type('Code sent to your current phone', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/contact-change', { channel: 'email', value: 'esi@example.com', code: '654321' }));
  });
});

describe('verifying the phone on the account page', () => {
  it('"not verified" offers an SMS code and verifies with it', async () => {
    render(<PersonalInfoCard profile={profile({ isPhoneVerified: false })} />);
    expect(screen.getByText('Not verified yet.', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify by SMS' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/phone/send-code'));
    type('Code from the SMS', '246810');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/phone/verify', { code: '246810' }));
    await screen.findByText('Phone number verified');
  });

  it('a verified phone says so and offers nothing to do', () => {
    render(<PersonalInfoCard profile={profile()} />);
    expect(screen.getByText('024 123 4567 (verified)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify by SMS' })).toBeNull();
  });
});

describe('the old address\'s undo link', () => {
  it('acts on a press, not on opening, and then offers a password reset', async () => {
    post.mockImplementation(async () => ({ data: { channel: 'email', message: 'Your previous details are back and every device was signed out. If you did not make that change, reset your password now.' } }));
    render(<MemoryRouter initialEntries={['/undo-change?token=12-4.secret']}><UndoChangePage /></MemoryRouter>);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    await screen.findByText(/every device was signed out/);
    expect(post).toHaveBeenCalledWith('auth/contact-change/undo', { token: '12-4.secret' });
    expect(screen.getByRole('link', { name: 'Reset my password' }).getAttribute('href')).toBe('/password-reset-request');
  });
});
