import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkImageFiles } from '../../src/shared/schemas/submissions';
import { ImagePicker } from '../../src/web/pages/sellers/ImagePicker';
import SellerRegisterPage from '../../src/web/pages/sellers/SellerRegisterPage';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('seller registration form', () => {
  it('checks each step with the spec messages, and clears an error when its field changes', () => {
    render(<MemoryRouter><SellerRegisterPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of ['First name is required', 'Last name is required', 'Email is required', 'Password is required', 'Please confirm your password']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    type('First Name', 'Kojo');
    expect(screen.queryByText('First name is required')).toBeNull();

    type('Last Name', 'Mensah');
    type('Email', 'kojo@');
    type('Password', 'weakpass');
    expect(screen.getByText('Password strength: Weak')).toBeTruthy();
    type('Confirm Password', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character')).toBeTruthy();

    type('Email', 'kojo@example.com');
    type('Password', 'Strong#2026');
    expect(screen.getByText('Password strength: Strong')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm Password', 'Strong#2026');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: business.
    type('Ghana Card Number (optional)', 'GHA-12');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Invalid Ghana Card')).toBeTruthy();
    expect(screen.getByText('Business type is required')).toBeTruthy();
    type('Business Description', 'x'.repeat(12));
    expect(screen.getByText('12/500')).toBeTruthy();

    // Back clears the errors.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('Invalid Ghana Card')).toBeNull();
  });
});

describe('product images', () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

  it('refuses non-images, big files and a sixth image with the spec messages', () => {
    expect(checkImageFiles([file('notes.txt', 'text/plain')], 0)).toBe('File notes.txt is not an image');
    expect(checkImageFiles([file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)], 0)).toBe('File big.jpg exceeds 5MB limit');
    expect(checkImageFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], 4)).toBe('You can upload maximum 5 images');
    expect(checkImageFiles([file('a.png', 'image/png')], 4)).toBeUndefined();
  });

  it('tells a phone to tap for a photo, and a computer to click or drag', () => {
    const pointer = (coarse: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: coarse && query === '(pointer: coarse)', media: query }));
    pointer(true);
    render(<ImagePicker files={[]} onChange={() => undefined} onError={() => undefined} />);
    expect(screen.getByText('Tap to take a photo or choose one')).toBeTruthy();
    expect(screen.queryByText(/drag and drop/)).toBeNull();
    cleanup();
    pointer(false);
    render(<ImagePicker files={[]} onChange={() => undefined} onError={() => undefined} />);
    expect(screen.getByText('Click to upload or drag and drop')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('labels the first picture Main Image and counts the slots left', () => {
    const files = [file('one.png', 'image/png'), file('two.png', 'image/png')];
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => undefined;
    render(<ImagePicker files={files} onChange={() => undefined} onError={() => undefined} />);
    expect(screen.getByText('Main Image')).toBeTruthy();
    expect(screen.getByText('3 remaining')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove image 2' })).toBeTruthy();
  });
});
