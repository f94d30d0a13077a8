import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SellerSubmission } from '../../src/shared/schemas/submissions';

// The dialog talks to the server through the app's one client: answer its calls here.
const patch = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { patch: (...args: unknown[]) => patch(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { EditProductDialog } = await import('../../src/web/pages/sellers/EditProductDialog');

beforeAll(() => {
  // jsdom has no modal dialogs; the dialog only needs to open.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  patch.mockReset();
});

const live: SellerSubmission = {
  id: 12, name: 'Fresh cassava', description: 'Harvested this week', category: 'Tubers', condition: 'standard', region: 'Ashanti',
  price: 20, currency: 'GHS', stockQuantity: 40, status: 'APPROVED', changesPending: false, reviewNote: null, productId: 40,
  imagesUrls: [], images: [], createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('editing a live listing', () => {
  it('offers condition and region, says what waits for review, and tells the seller the change waits', async () => {
    patch.mockImplementation(async (_path: string, body: object) => ({ data: { ...live, ...body, condition: 'organic', changesPending: true } }));
    const onSaved = vi.fn();
    render(<EditProductDialog product={live} onClose={() => undefined} onSaved={onSaved} />);
    expect(screen.getByText(/other changes \(and a price moved by more than half\) wait for the operator's review/)).toBeTruthy();
    expect((screen.getByLabelText('Region') as HTMLSelectElement).value).toBe('Ashanti');
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'organic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved. Your changes are waiting for review; buyers see the approved listing until then.'));
    expect(patch.mock.calls[0][1]).toMatchObject({ condition: 'organic', region: 'Ashanti' });
  });

  it('shows "Changes waiting for review" on a listing whose changes wait', () => {
    render(<EditProductDialog product={{ ...live, changesPending: true }} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByText('Changes waiting for review')).toBeTruthy();
  });
});
