import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransporterRegisterPage from '../../src/web/pages/transporters/TransporterRegisterPage';
import { TRANSPORTER_MESSAGES } from '../../src/shared/schemas/transporters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/transporters/register', () => {
  it("checks the form with the server's schema and sends nothing until it is right", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<MemoryRouter><TransporterRegisterPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(TRANSPORTER_MESSAGES.ghanaCard);
    expect(screen.getByText(TRANSPORTER_MESSAGES.capacity)).toBeTruthy();
    expect(screen.getByText(TRANSPORTER_MESSAGES.plate)).toBeTruthy();
    expect(screen.getByText(TRANSPORTER_MESSAGES.payoutNumber)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers the person, the vehicle and the payout wallet, then says what happens next', async () => {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
      return new Response(JSON.stringify({ data: { message: TRANSPORTER_MESSAGES.registered, email: 'kwame@example.com' } }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    render(<MemoryRouter><TransporterRegisterPage /></MemoryRouter>);
    fill('First Name', 'Kwame');
    fill('Last Name', 'Mensah');
    fill('Email', 'kwame@example.com');
    fill(/^Password/, 'Akuafo#2026');
    fill('Region you work from', 'Northern');
    fill('Ghana Card Number', 'GHA-123456789-0');
    fill('Vehicle', 'TRUCK');
    fill('What it carries (kg)', '5000');
    fill('Plate Number', 'nr 1234 24');
    fill('Mobile money number for your fees', '024 123 4567');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(TRANSPORTER_MESSAGES.registered);
    expect(screen.getByText('We sent a link to kwame@example.com.')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/transporters/register');
    expect(sent[0]!.body).toMatchObject({ firstName: 'Kwame', vehicleType: 'TRUCK', capacityKg: 5000, plateNumber: 'nr 1234 24', payoutNumber: '024 123 4567', businessRegion: 'Northern' });
    expect(sent[0]!.body).not.toHaveProperty('phoneNumber');
  });
});
