import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ProductImage as Image } from '../../../shared/schemas/catalogue';
import { useDataSaver } from '../../hooks/useDataSaver';
import { useT } from '../../i18n/language';
import { pictureUrl, ProductImage } from '../ProductImage';

export const SWIPE_THRESHOLD_PX = 50;

interface Props {
  images: Image[];
  alt: string;
  /** Turn by itself every this many ms (the spec's default is 5000); off when undefined. */
  autoRotateMs?: number;
}

/**
 * The product's pictures: swipe or drag (50 px), arrow keys, dots and a counter. The
 * neighbours of the shown picture are fetched ahead so the next swipe shows at once.
 */
export function ImageCarousel({ images, alt, autoRotateMs }: Props) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | undefined>(undefined);
  const dataSaver = useDataSaver();
  // Under Data saver a picture is fetched only once its slide is shown.
  const [shown, setShown] = useState(() => new Set([0]));
  const count = images.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => setShown((s) => (s.has(index) ? s : new Set(s).add(index))), [index]);

  useEffect(() => {
    if (!autoRotateMs || paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), autoRotateMs);
    return () => clearInterval(timer);
  }, [autoRotateMs, paused, count]);

  // Preload the next and previous pictures (the 640 width the page shows on phones);
  // Data saver prefetches nothing.
  useEffect(() => {
    if (count < 2 || dataSaver !== false) return;
    for (const i of [index + 1, index - 1]) {
      const image = images[((i % count) + count) % count];
      const preload = new window.Image();
      preload.src = pictureUrl(image, 640, dataSaver);
    }
  }, [index, count, images, dataSaver]);

  if (count === 0) return <ProductImage image={undefined} alt={alt} eager />;

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === undefined) return;
    const dx = e.clientX - start.current;
    start.current = undefined;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? index + 1 : index - 1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div
      className="relative select-none overflow-hidden rounded-xl bg-brand-light"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('product.pictures', { name: alt })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = undefined)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ touchAction: 'pan-y' }}
      data-testid="image-carousel"
    >
      <div className="flex transition-transform duration-300 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
        {images.map((image, i) => (
          <div key={image.id} className="w-full shrink-0" aria-hidden={i !== index}>
            <ProductImage image={image} alt={t('product.pictureOf', { name: alt, i: i + 1, n: count })} eager={i === 0} deferred={dataSaver !== false && !shown.has(i)} sizes="(min-width: 1024px) 50vw, 100vw" className="pointer-events-none" />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" aria-label={t('product.previousPicture')} className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 shadow hover:bg-white" onClick={() => go(index - 1)}>
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
          <button type="button" aria-label={t('product.nextPicture')} className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 shadow hover:bg-white" onClick={() => go(index + 1)}>
            <ChevronRight size={20} aria-hidden="true" />
          </button>
          <p className="absolute right-3 top-3 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white" aria-live="polite">
            {index + 1} / {count}
          </p>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-2">
            {images.map((image, i) => (
              <button
                key={image.id}
                type="button"
                aria-label={t('product.showPicture', { i: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                className={`h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
