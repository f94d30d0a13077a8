import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { reportUnreachable, resetNetworkState } from '../../src/local/network';
import { saveSession } from '../../src/local/session';
import { SUBMISSION_MESSAGES } from '../../src/shared/schemas/submissions';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// Offline: the page's calls to the server never answer.
const never = () => new Promise<never>(() => {});
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: vi.fn(never), post: vi.fn(never), patch: vi.fn(never) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: AddProductPage } = await import('../../src/web/pages/sellers/AddProductPage');

const scrolled: Element[] = [];
beforeEach(async () => {
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear(), localDb.drafts.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null } });
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this); };
  reportUnreachable();
});
afterEach(async () => {
  cleanup();
  resetNetworkState();
  await Promise.all([localDb.outbox.clear(), localDb.drafts.clear()]);
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('a seller adds a product offline', () => {
  it('brings the answer into view, and says "added" once the kept product is sent', async () => {
    render(<MemoryRouter><AddProductPage /></MemoryRouter>);
    await screen.findByText(/You are offline\. You can still add the product/);
    fill('Product Name', 'Yellow Maize, 50 kg bag');
    fill('Category', 'Grains');
    fill('Description', 'Dry yellow maize in 50 kg bags, harvested in Techiman this season.');
    fill('Condition', 'organic');
    fill('Region', 'Bono East');
    fill('Price', '420');
    fill('Stock Quantity', '12');
    const photo = new File([new Uint8Array(10)], 'maize.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [photo] } });
    await screen.findByText('Main Image');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    const saved = await screen.findByText(SUBMISSION_MESSAGES.savedOffline);
    // The seller pressed the button at the foot of the form: the answer above it is scrolled to.
    await waitFor(() => expect(scrolled.some((el) => el.contains(saved))).toBe(true));
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('');

    // Back online, the outbox sends it (and drops the entry): "will be sent" is no longer true.
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toBeTruthy();
    await localDb.outbox.delete(entry!.seq!);
    await screen.findByText(SUBMISSION_MESSAGES.created);
    expect(screen.queryByText(SUBMISSION_MESSAGES.savedOffline)).toBeNull();
  });
});
