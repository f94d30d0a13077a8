import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { localDb } from '../../src/local/db';
import { clearSession, saveSession } from '../../src/local/session';
import { setDataSaver } from '../../src/local/settings';
import type { Product } from '../../src/shared/schemas/catalogue';
import { keepPageHints } from '../../src/web/app/page-hints';
import { ProductCard } from '../../src/web/components/ProductCard';
import { InitialDataProvider } from '../../src/web/initial-app/initial-data';

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const cookie = (name: string) => document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.split('=')[1];

afterEach(async () => {
  cleanup();
  await localDb.meta.clear();
  await clearSession();
});

describe('page hints', () => {
  it('follow the session and the Data saver choice, so the server renders the next page as the phone will draw it', async () => {
    const stop = keepPageHints();
    onTestFinished(stop);
    await until(() => cookie('akuafo-signed-in') === undefined && cookie('akuafo-data-saver') === undefined);
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { firstName: 'Ama', lastName: 'Owusu', email: 'ama@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    await until(() => cookie('akuafo-signed-in') === '1');
    await setDataSaver(true);
    await until(() => cookie('akuafo-data-saver') === '1');
    await setDataSaver(false);
    await until(() => cookie('akuafo-data-saver') === '0');
    await clearSession();
    await until(() => cookie('akuafo-signed-in') === undefined);
  });
});

describe('a page rendered for a Data saver hint', () => {
  const image = { id: 1, width: 640, height: 480, urls: { 320: '/media/p/320.webp', 640: '/media/p/640.webp', 1280: '/media/p/1280.webp' } };
  const product = { id: 5, name: 'Okra', category: 'Vegetables', description: 'Fresh', price: 30, oldPrice: null, discountPercentage: null, isActive: true, stockQuantity: 4, region: 'Volta', images: [image] } as unknown as Product;

  it('draws the pictures the server drew from the first render, before the phone has read its setting', () => {
    render(
      <InitialDataProvider value={{ answers: {}, catalogueVersion: 1, signedIn: false, dataSaver: false }}>
        <MemoryRouter>
          <ProductCard product={product} eager />
        </MemoryRouter>
      </InitialDataProvider>,
    );
    // Synchronously, as hydration needs it: no waiting for IndexedDB.
    expect(screen.getByAltText('Okra').getAttribute('src')).toBe('/media/p/640.webp');
  });
});
