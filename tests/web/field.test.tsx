import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../src/local/settings';
import type { Product } from '../../src/shared/schemas/catalogue';
import { timeAgo } from '../../src/web/components/catalogue/Freshness';
import { ImageCarousel } from '../../src/web/components/catalogue/ImageCarousel';
import { ShareButton } from '../../src/web/components/catalogue/ShareButton';
import { ProductCard } from '../../src/web/components/ProductCard';
import { ProductImage } from '../../src/web/components/ProductImage';

afterEach(async () => {
  cleanup();
  await setDataSaver(false);
});

const image = (id: number) => ({
  id,
  width: 640,
  height: 480,
  urls: { 320: `/media/p${id}/320.webp`, 640: `/media/p${id}/640.webp`, 1280: `/media/p${id}/1280.webp` },
});

const product = { id: 5, name: 'okra (basket)', category: 'Vegetables', description: 'Fresh', price: 30, oldPrice: null, discountPercentage: null, isActive: true, stockQuantity: 4, region: 'Volta', images: [image(5)] } as unknown as Product;

describe('Data saver on screen', () => {
  it('asks for the 320-pixel picture only, with no srcset to pick a larger one', async () => {
    await setDataSaver(true);
    render(<ProductImage image={image(7)} alt="Okra" />);
    const img = screen.getByAltText('Okra');
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p7/320.webp'));
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('shows a list picture only when tapped: the initial until then', async () => {
    await setDataSaver(true);
    render(<MemoryRouter><ProductCard product={product} /></MemoryRouter>);
    const placeholder = await screen.findByRole('button', { name: 'Show the picture of okra (basket)' });
    expect(placeholder.textContent).toContain('O');
    expect(screen.queryByAltText('okra (basket)')).toBeNull();
    fireEvent.click(placeholder);
    const img = await screen.findByAltText('okra (basket)');
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p5/320.webp'));
  });

  it('carousel slides not yet shown ask for nothing', async () => {
    await setDataSaver(true);
    render(<ImageCarousel images={[image(1), image(2)]} alt="Yam" />);
    await waitFor(() => expect(screen.getByAltText('Yam (1 of 2)').getAttribute('src')).toBe('/media/p1/320.webp'));
    expect(screen.getByAltText('Yam (2 of 2)').getAttribute('src')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    await waitFor(() => expect(screen.getByAltText('Yam (2 of 2)').getAttribute('src')).toBe('/media/p2/320.webp'));
  });

  it('with Data saver off, a card shows its picture at once', async () => {
    render(<MemoryRouter><ProductCard product={product} /></MemoryRouter>);
    const img = await screen.findByAltText('okra (basket)');
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p5/640.webp'));
    expect(screen.queryByTestId('picture-placeholder')).toBeNull();
  });
});

describe('freshness and sharing', () => {
  it('says how old the copy is in plain words', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:45:00Z', now)).toBe('15 minutes ago');
    expect(timeAgo('2026-11-23T10:00:00Z', now)).toBe('2 hours ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('yesterday');
  });

  it('Share uses the share sheet, or copies the product link where there is none', async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (d: ShareData) => void shared.push(d) });
    render(<ShareButton product={{ id: 42, name: 'Puna Yam', price: 30 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0].url).toBe(`${location.origin}/product/42`);
    expect(shared[0].text).toContain('Puna Yam');

    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(copied).toEqual([`${location.origin}/product/42`]);
  });
});
