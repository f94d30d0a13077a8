import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HERO_ART_HEIGHT, HERO_ART_WIDTH } from './hero-art-size';
import type { MessageId } from '../../../shared/i18n';
import { useT } from '../../i18n/language';

export const ADVANCE_MS = 5000;
export const RESUME_MS = 10_000;

export interface Slide {
  id: number;
  title: MessageId;
  subtitle: MessageId;
  cta: MessageId;
  /**
   * A picture behind the words; the gradient shows until (or instead of) it. Small artwork
   * made at build time (src/static-build/hero-art.ts), so the first paint finds it in the HTML.
   */
  backgroundImage?: string;
  gradient: string;
}

export const SLIDES: Slide[] = [
  {
    id: 1,
    title: 'home.slide1.title',
    subtitle: 'home.slide1.subtitle',
    cta: 'home.slide1.cta',
    backgroundImage: '/hero/slide-1.webp',
    gradient: 'from-brand-dark to-brand',
  },
  {
    id: 2,
    title: 'home.slide2.title',
    subtitle: 'home.slide2.subtitle',
    cta: 'home.slide2.cta',
    backgroundImage: '/hero/slide-2.webp',
    gradient: 'from-amber-800 to-amber-600',
  },
  {
    id: 3,
    title: 'home.slide3.title',
    subtitle: 'home.slide3.subtitle',
    cta: 'home.slide3.cta',
    backgroundImage: '/hero/slide-3.webp',
    gradient: 'from-emerald-900 to-teal-700',
  },
];

/**
 * Three slides that cross-fade (1 s) every 5 s. Choosing a slide with its dot pauses the
 * turning for 10 s, then it carries on from there.
 */
export function HeroCarousel({ slides = SLIDES }: { slides?: Slide[] }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const resume = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The first slide's picture is in the page; each other's is fetched once the slide before it
  // shows (the app has started by then), so a first visit on a slow line spends its bytes on
  // what makes the page usable, not on pictures nobody sees yet (docs/performance.md).
  const [pictured, setPictured] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => setPictured((had) => (had.has((current + 1) % slides.length) ? had : new Set([...had, (current + 1) % slides.length]))), [current, slides.length]);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % slides.length), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length]);
  useEffect(() => () => clearTimeout(resume.current), []);

  const choose = (index: number) => {
    setCurrent(index);
    setPaused(true);
    clearTimeout(resume.current);
    resume.current = setTimeout(() => setPaused(false), RESUME_MS);
  };

  return (
    <section aria-roledescription="carousel" aria-label={t('home.highlights')} className="relative h-[calc(100dvh-3.5rem)] max-h-[46rem] min-h-[24rem] overflow-hidden text-white">
      {slides.map((slide, i) => (
        <div
          key={slide.id}
          role="group"
          aria-roledescription="slide"
          aria-label={t('home.slideOf', { i: i + 1, n: slides.length })}
          aria-hidden={i !== current}
          data-testid="hero-slide"
          data-active={i === current}
          className={`absolute inset-0 bg-gradient-to-br ${slide.gradient} transition-opacity duration-1000 ease-in-out ${i === current ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        >
          {slide.backgroundImage && (pictured.has(i) || i === current) && (
            <img
              src={slide.backgroundImage}
              alt=""
              aria-hidden="true"
              width={HERO_ART_WIDTH}
              height={HERO_ART_HEIGHT}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover opacity-35"
            />
          )}
          <div className="container-page relative flex h-full flex-col justify-center gap-4 pb-12">
            <h1 className="max-w-2xl text-3xl font-bold leading-tight drop-shadow sm:text-5xl">{t(slide.title)}</h1>
            <p className="max-w-xl text-lg text-white/95 drop-shadow">{t(slide.subtitle)}</p>
            <div>
              <Link to="/products" tabIndex={i === current ? 0 : -1} className="btn bg-amber-400 text-gray-900 hover:bg-amber-300">
                {t(slide.cta)}
              </Link>
            </div>
          </div>
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-5 flex justify-center gap-3">
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={t('home.showSlide', { i: i + 1, title: t(slide.title) })}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => choose(i)}
            className={`h-3 rounded-full transition-all ${i === current ? 'w-8 bg-white' : 'w-3 bg-white/60 hover:bg-white/80'}`}
          />
        ))}
      </div>
    </section>
  );
}
