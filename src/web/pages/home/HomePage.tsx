import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { Deferred } from '../../initial-app/deferred';
import { HeroCarousel, SLIDES } from './HeroCarousel';
import { OurServices, WhyChoose } from './InfoSections';
import { loadPageMessages, useT } from '../../i18n/language';

// The shelves' words (product cards, filters) are in the pages' part of the catalogue: it comes with them, after the first paint.
const loadShelves = () => Promise.all([import('./HomeShelves'), loadPageMessages()]).then(([shelves]) => shelves);

/**
 * The first screen: hero, search and services are prerendered at build time and need no data;
 * the shelves (prices, stock) come after the first paint, in their prerendered place.
 */
export default function HomePage() {
  return (
    <>
      <HeroCarousel slides={useHeroSlides()} />
      <HomeSearch />
      <OurServices />
      <Deferred load={loadShelves} fallback={<ShelvesLoading />}>
        {({ HomeShelves }) => <HomeShelves between={<WhyChoose />} />}
      </Deferred>
    </>
  );
}

function ShelvesLoading() {
  const t = useT();
  return (
    <>
      <section aria-labelledby="featured-title" className="needs-script container-page py-10">
        <h2 id="featured-title" className="mb-4 text-2xl font-bold">{t('home.featured')}</h2>
        <Spinner />
      </section>
      {/* Without JavaScript the shelves never come: the server puts the featured list in here (FEATURED_OUTLET). */}
      <noscript data-plain="featured" />
      <WhyChoose />
    </>
  );
}

/** A plain form to /products?search=…, so it works before the JavaScript has arrived. */
function HomeSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigate(trimmed ? `/products?search=${encodeURIComponent(trimmed)}` : '/products');
  };
  return (
    <section className="bg-white py-6 shadow-sm">
      <form role="search" action="/products" onSubmit={submit} className="container-page flex max-w-2xl gap-2">
        <label htmlFor="home-search" className="sr-only">{t('home.search.label')}</label>
        <input
          id="home-search"
          name="search"
          type="search"
          className="input"
          placeholder={t('home.search.placeholder')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <button type="submit" className="btn-primary" aria-label={t('home.search.button')}>
          <Search size={18} aria-hidden="true" />
        </button>
      </form>
    </section>
  );
}

/**
 * Data saver: the hero shows its colours, no photo. The setting is read after hydration (the
 * prerendered HTML has the photos) and through a dynamic import, so Dexie stays out of the
 * first screen's JavaScript.
 */
function useHeroSlides() {
  const [slides, setSlides] = useState(SLIDES);
  useEffect(() => {
    let live = true;
    void import('../../../local/settings')
      .then(({ readDataSaver }) => readDataSaver())
      .then((on) => live && on && setSlides(SLIDES.map((slide) => ({ ...slide, backgroundImage: undefined }))));
    return () => {
      live = false;
    };
  }, []);
  return slides;
}
