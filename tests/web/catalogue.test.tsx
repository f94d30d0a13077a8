import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductImage } from '../../src/shared/schemas/catalogue';
import { ImageCarousel } from '../../src/web/components/catalogue/ImageCarousel';
import { pageWindow, showingCaption } from '../../src/web/components/catalogue/Pagination';
import { ProductImage as Picture } from '../../src/web/components/ProductImage';
import { HeroCarousel } from '../../src/web/pages/home/HeroCarousel';
import { renderToString } from 'react-dom/server';
import { applyHomeFilters } from '../../src/web/pages/home/Shelves';
import { NO_FILTERS, type CatalogueFilters } from '../../src/web/components/catalogue/filters';
import { FilterPanel } from '../../src/web/components/catalogue/FilterPanel';
import { paginate } from '../../src/shared/pagination';
import { localDb, setMeta } from '../../src/local/db';
import { catalogueRead, useCatalogue } from '../../src/web/components/catalogue/useCatalogue';
import { api } from '../../src/web/lib/api';
import { InitialDataProvider, type InitialData } from '../../src/web/initial-app/initial-data';

afterEach(cleanup);

describe('pagination', () => {
  it('shows up to 5 page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("captions 'Showing X-Y of N products'", () => {
    expect(showingCaption(paginate(1, 20, 84), 20)).toBe('Showing 1-20 of 84 products');
    expect(showingCaption(paginate(5, 20, 84), 4)).toBe('Showing 81-84 of 84 products');
    expect(showingCaption(paginate(1, 20, 0), 0)).toBe('Showing 0-0 of 0 products');
  });

  it("says 'of 10,000+' when a broad search was counted only up to the bound", () => {
    const page = paginate(3, 20, 10_001, 10_000);
    expect(page).toMatchObject({ totalCount: 10_000, totalIsLowerBound: true, totalPages: 500, hasNextPage: true });
    expect(showingCaption(page, 20)).toBe('Showing 41-60 of 10,000+ products');
    expect(paginate(1, 20, 10_000, 10_000).totalIsLowerBound).toBe(false);
  });
});

describe('home carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const active = () => screen.getAllByTestId('hero-slide').findIndex((s) => s.dataset.active === 'true');

  it('advances every 5 s; a dot jumps, pauses, and turning resumes after 10 s', () => {
    render(<MemoryRouter><HeroCarousel /></MemoryRouter>);
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: /Show slide 2/ }));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(9000));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(1000)); // 10 s after the click: turning again
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(2);
    expect(screen.getAllByRole('link').every((a) => a.getAttribute('href') === '/products')).toBe(true);
  });

  it("puts only the first slide's picture in the page; each next one comes once the slide before it shows", () => {
    const pictures = (html: string) => [...new Set([...html.matchAll(/hero\/slide-(\d)\.webp/g)].map((m) => Number(m[1])))];
    expect(pictures(renderToString(<MemoryRouter><HeroCarousel /></MemoryRouter>))).toEqual([1]);
    const { container } = render(<MemoryRouter><HeroCarousel /></MemoryRouter>);
    expect(pictures(container.innerHTML)).toEqual([1, 2]);
    act(() => vi.advanceTimersByTime(5000));
    expect(pictures(container.innerHTML)).toEqual([1, 2, 3]);
  });
});

const image = (id: number): ProductImage => ({
  id,
  width: 640,
  height: 480,
  urls: { 320: `/media/p${id}/320.webp`, 640: `/media/p${id}/640.webp`, 1280: `/media/p${id}/1280.webp` },
});

describe('product image carousel', () => {
  it('moves with arrow keys, dots, and swipes of at least 50 px', () => {
    render(<ImageCarousel images={[image(1), image(2), image(3)]} alt="Yam" />);
    const carousel = screen.getByTestId('image-carousel');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(screen.getByText('2 / 3')).toBeTruthy();
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(screen.getByText('3 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 1' }));
    expect(screen.getByText('1 / 3')).toBeTruthy();

    fireEvent.pointerDown(carousel, { clientX: 200 });
    fireEvent.pointerUp(carousel, { clientX: 160 });
    expect(screen.getByText('1 / 3')).toBeTruthy(); // 40 px: not a swipe
    fireEvent.pointerDown(carousel, { clientX: 200 });
    fireEvent.pointerUp(carousel, { clientX: 140 });
    expect(screen.getByText('2 / 3')).toBeTruthy();
    fireEvent.pointerDown(carousel, { clientX: 100 });
    fireEvent.pointerUp(carousel, { clientX: 170 });
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });
});

describe('product pictures', () => {
  it('offer the three WebP widths, load lazily, keep their box, and fall back to a placeholder', async () => {
    render(<Picture image={image(7)} alt="Okra" />);
    const img = screen.getByAltText('Okra') as HTMLImageElement;
    // Nothing is asked for until the Data saver setting is read (off here).
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p7/640.webp'));
    expect(img.getAttribute('srcset')).toBe('/media/p7/320.webp 320w, /media/p7/640.webp 640w, /media/p7/1280.webp 1280w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/placeholder.png');
    expect(img.getAttribute('srcset')).toBeNull();
  });
});

describe('home filters', () => {
  const product = (over: Record<string, unknown>) =>
    ({ id: 1, name: 'Puna Yam', category: 'Tubers', description: 'From Kintampo', price: 30, condition: 'organic', region: 'Bono East', ...over }) as never;
  it('match text, price range, condition and region', () => {
    const list = [product({}), product({ id: 2, name: 'Goat', category: 'Livestock', price: 900, condition: 'premium', region: 'Northern' })];
    expect(applyHomeFilters(list, NO_FILTERS)).toHaveLength(2);
    expect(applyHomeFilters(list, { ...NO_FILTERS, search: 'YAM' })).toHaveLength(1);
    expect(applyHomeFilters(list, { ...NO_FILTERS, minPrice: 100 })).toEqual([list[1]]);
    expect(applyHomeFilters(list, { ...NO_FILTERS, condition: 'organic' })).toEqual([list[0]]);
    expect(applyHomeFilters(list, { ...NO_FILTERS, location: 'Northern' })).toEqual([list[1]]);
  });
});

describe('filter panel', () => {
  it('applies a typed price when the box is left, kept within 0 to 10,000 and min <= max', () => {
    const changes: CatalogueFilters[] = [];
    const { rerender } = render(<FilterPanel value={NO_FILTERS} onChange={(f) => changes.push(f)} />);
    const max = screen.getByLabelText('Maximum (GH₵)') as HTMLInputElement;
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.change(max, { target: { value: '2500' } });
    expect(changes).toEqual([]);
    fireEvent.blur(max);
    expect(changes.at(-1)).toMatchObject({ maxPrice: 2500, minPrice: 0 });

    rerender(<FilterPanel value={{ ...NO_FILTERS, maxPrice: 2500 }} onChange={(f) => changes.push(f)} />);
    const min = screen.getByLabelText('Minimum (GH₵)') as HTMLInputElement;
    fireEvent.change(min, { target: { value: '9000' } });
    fireEvent.keyDown(min, { key: 'Enter' });
    expect(changes.at(-1)).toMatchObject({ minPrice: 2500, maxPrice: 2500 });

    fireEvent.change(screen.getByLabelText('Location (region)'), { target: { value: 'Volta' } });
    expect(changes.at(-1)).toMatchObject({ location: 'Volta' });
    expect(screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value !== 'all' && !['organic', 'premium', 'standard'].includes((o as HTMLOptionElement).value))).toHaveLength(16);
  });
});

describe('catalogue data for a screen', () => {
  const READ = catalogueRead('GET /categories', {}, (answer) => answer.data.map((c) => c.name));
  const categories = (name: string) => ({ data: [{ name, productCount: 3 }] });
  function Probe() {
    const result = useCatalogue(async () => ['from the phone'], READ, []);
    return <p>{result.data?.join() ?? 'loading'}</p>;
  }
  const rendered = (catalogueVersion: number): InitialData => ({
    answers: { categories: categories('as the server rendered it') },
    catalogueVersion,
    signedIn: false,
    dataSaver: false,
  });
  afterEach(() => vi.restoreAllMocks());

  it('on a first visit asks the server at once, before IndexedDB has answered, and only once', async () => {
    localStorage.removeItem('akuafo.catalogue-pulled');
    await localDb.meta.clear();
    const remote = vi.spyOn(api, 'call').mockResolvedValue(categories('from the server'));
    render(<Probe />);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(remote).toHaveBeenCalledWith('GET /categories', {});
    await screen.findByText('from the server');
    expect(remote).toHaveBeenCalledTimes(1);
  });

  it('keys a read by the path and query the request sends, as the server-rendered page keys its answers', () => {
    expect(READ.key).toBe('categories');
    expect(catalogueRead('GET /products/featured', {}).key).toBe('products/featured');
    const read = catalogueRead('GET /products', { query: { sortDir: 'desc', page: '2', search: 'yam', category: undefined } });
    expect(read.key).toBe('products?page=2&search=yam&sortDir=desc');
  });

  it('where the catalogue was pulled before, reads the phone and asks the server nothing', async () => {
    localStorage.setItem('akuafo.catalogue-pulled', '1');
    await setMeta('catalogue.cursor', 84);
    const remote = vi.spyOn(api, 'call');
    render(<Probe />);
    await screen.findByText('from the phone');
    expect(remote).not.toHaveBeenCalled();
    await localDb.meta.clear();
  });

  it('on a page the server rendered, shows its answer from the first render and asks nothing', async () => {
    localStorage.removeItem('akuafo.catalogue-pulled');
    await localDb.meta.clear();
    const remote = vi.spyOn(api, 'call');
    render(<InitialDataProvider value={rendered(90)}><Probe /></InitialDataProvider>);
    expect(screen.getByText('as the server rendered it')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('as the server rendered it')).toBeTruthy();
    expect(remote).not.toHaveBeenCalled();
  });

  it('keeps showing the very same object while a new answer says the same, so no card is redrawn', async () => {
    await setMeta('catalogue.cursor', 84);
    let version = 1;
    const seen: unknown[] = [];
    function Products() {
      const result = useCatalogue(async () => {
        await localDb.meta.get('catalogue.pulledAt'); // so any write to it answers again
        return [{ id: 7, version, name: 'Yam', fetchedAt: Math.random() }];
      }, undefined, []);
      if (result.data) seen.push(result.data);
      return <p>{result.data ? `v${result.data[0].version}` : 'loading'}</p>;
    }
    render(<Products />);
    await screen.findByText('v1');
    const first = seen.at(-1);
    // Any write to the mirror makes the live query answer again: an equal answer keeps the object.
    await act(() => setMeta('catalogue.pulledAt', 'now'));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.at(-1)).toBe(first);
    version = 2;
    await act(() => setMeta('catalogue.pulledAt', 'later'));
    await screen.findByText('v2');
    await localDb.meta.clear();
  });

  it('keeps the server\'s answer while the mirror is older than it, and follows the mirror once it has caught up', async () => {
    await setMeta('catalogue.cursor', 84);
    render(<InitialDataProvider value={rendered(90)}><Probe /></InitialDataProvider>);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('as the server rendered it')).toBeTruthy();
    await act(() => setMeta('catalogue.cursor', 90));
    await screen.findByText('from the phone');
    await localDb.meta.clear();
  });
});
