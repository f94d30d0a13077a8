import { useLiveQuery } from 'dexie-react-hooks';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { localShelf } from '../../../local/catalogue-query';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { HeroCarousel, SLIDES } from './HeroCarousel';
import { OurServices, WhyChoose } from './InfoSections';
import { FeaturedProducts, ShelfSection } from './Shelves';

export default function HomePage() {
  const { add, toastElement } = useAddToCart();
  // The slides show pictures of real featured products when the mirror has them.
  const pictures = useLiveQuery(async () => (await localShelf('featured', 3)).map((p) => p.images[0]?.urls[1280]), []);
  const slides = SLIDES.map((slide, i) => ({ ...slide, backgroundImage: pictures?.[i] }));

  return (
    <>
      <HeroCarousel slides={slides} />
      <HomeSearch />
      <OurServices />
      <FeaturedProducts onAdd={add} />
      <WhyChoose />
      <ShelfSection shelf="discounted" title="Discounted Products" subtitle="Special offers on our best-selling items" onAdd={add} />
      <ShelfSection shelf="weekly-specials" title="Weekly Special Offers" subtitle="This week's prices, lower than last week's" onAdd={add} />
      {toastElement}
    </>
  );
}

function HomeSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigate(trimmed ? `/products?search=${encodeURIComponent(trimmed)}` : '/products');
  };
  return (
    <section className="bg-white py-6 shadow-sm">
      <form role="search" onSubmit={submit} className="container-page flex max-w-2xl gap-2">
        <label htmlFor="home-search" className="sr-only">Search products</label>
        <input
          id="home-search"
          type="search"
          className="input"
          placeholder="Search for grains, livestock, or inputs..."
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <button type="submit" className="btn-primary" aria-label="Search">
          <Search size={18} aria-hidden="true" />
        </button>
      </form>
    </section>
  );
}
