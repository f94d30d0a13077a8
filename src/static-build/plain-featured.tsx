import { renderToStaticMarkup } from 'react-dom/server';
import type { Product } from '../shared/schemas/catalogue';
import { activate, loadLocale, t, type ShownLocale } from '../shared/i18n';
import { Price } from '../web/components/Price';

/**
 * The home's featured products as plain HTML, for a browser without JavaScript: the server
 * puts it in the home's <noscript> outlet (src/shared/rendered-pages.ts, FEATURED_OUTLET).
 * Rendered here, on the server only: the phone's first screen ships none of this code.
 */
function PlainFeatured({ products }: { products: Product[] }) {
  return (
    <section aria-labelledby="featured-plain-title" className="container-page py-6">
      <h2 id="featured-plain-title" className="mb-4 text-2xl font-bold">{t('home.featured')}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((p) => (
          <li key={p.id} className="card flex items-baseline justify-between gap-3 p-4">
            <a href={`/product/${p.id}`} className="font-semibold text-brand-dark underline underline-offset-4">{p.name}</a>
            <Price value={p.price} className="font-bold" />
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <a href="/products" className="btn-primary">{t('products.all')}</a>
      </p>
    </section>
  );
}

export async function renderFeatured(products: Product[], locale: ShownLocale): Promise<string> {
  await loadLocale(locale);
  // Right before the synchronous render, as render.tsx does: other languages render between awaits.
  activate(locale);
  return renderToStaticMarkup(<PlainFeatured products={products} />);
}
