import { useLiveQuery } from 'dexie-react-hooks';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { localShelf } from '../../../local/catalogue-query';
import { localDb } from '../../../local/db';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';

export default function HomePage() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const featured = useLiveQuery(() => localShelf('featured', 8), []);
  const latest = useLiveQuery(() => localDb.products.orderBy('createdAt').reverse().filter((p) => p.isActive).limit(8).toArray(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigate(trimmed ? `/products?search=${encodeURIComponent(trimmed)}` : '/products');
  };

  return (
    <>
      <section className="bg-gradient-to-br from-brand-dark to-brand py-12 text-white">
        <div className="container-page">
          <h1 className="text-3xl font-bold sm:text-4xl">Welcome to Akuafo Market Places</h1>
          <p className="mt-2 max-w-xl text-white/90">Fresh produce, livestock and farm inputs straight from Ghanaian farmers.</p>
          <form role="search" onSubmit={submit} className="mt-6 flex max-w-xl gap-2">
            <label htmlFor="home-search" className="sr-only">Search products</label>
            <input
              id="home-search"
              className="input bg-white text-gray-900"
              placeholder="Search for grains, livestock, or inputs..."
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
            <button type="submit" className="btn bg-amber-400 text-gray-900 hover:bg-amber-300" aria-label="Search">
              <Search size={18} aria-hidden="true" />
            </button>
          </form>
        </div>
      </section>
      <ProductShelf title="Featured Products" products={featured} />
      <ProductShelf title="Fresh on the market" products={latest} />
    </>
  );
}

function ProductShelf({ title, products }: { title: string; products: Parameters<typeof ProductCard>[0]['product'][] | undefined }) {
  return (
    <section className="container-page py-8" aria-labelledby={title}>
      <h2 id={title} className="mb-4 text-2xl font-bold">{title}</h2>
      {products === undefined ? (
        <Spinner />
      ) : products.length === 0 ? (
        <p className="text-gray-700">No products available</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
          {products.map((p, i) => <ProductCard key={p.id} product={p} eager={i < 4} />)}
        </div>
      )}
    </section>
  );
}
