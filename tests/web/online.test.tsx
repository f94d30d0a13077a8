import { act, cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { Freshness } from '../../src/web/components/catalogue/Freshness';
import { NavBar } from '../../src/web/components/NavBar';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 22.3: signal without a data bundle. The browser keeps saying online; the requests say
 * otherwise, and the Offline badge and the "Prices as of…" note follow the requests.
 */
let reply: () => Promise<Response>;
const api = createApiClient({ origin: 'http://test.local', fetch: (() => reply()) as typeof fetch });
const request = () => act(() => api.get('categories').then(() => undefined, () => undefined));

beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  await localDb.meta.put({ key: 'catalogue.pulledAt', value: new Date(Date.now() - 2 * 3_600_000).toISOString() });
  reply = async () => new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } });
  await request();
});
afterEach(cleanup);

describe('online-ness on screen', () => {
  it('shows Offline and the prices\' age while requests fail with the browser "online", and clears once one answers', async () => {
    render(
      <MemoryRouter>
        <NavBar />
        <Freshness />
      </MemoryRouter>,
    );
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByText('Offline')).toBeNull();
    expect(screen.queryByTestId('freshness')).toBeNull();

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await request();
    expect(navigator.onLine).toBe(true);
    await screen.findByText('Offline');
    expect((await screen.findByTestId('freshness')).textContent).toContain('Prices as of 2 hours ago');

    reply = async () => new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } });
    await request();
    await vi.waitFor(() => expect(screen.queryByText('Offline')).toBeNull());
    expect(screen.queryByTestId('freshness')).toBeNull();
  });
});
