import { useState } from 'react';
import type { ProductImage as Image } from '../../shared/schemas/catalogue';

const PLACEHOLDER = '/placeholder.png';

interface Props {
  image: Image | undefined;
  alt: string;
  /** CSS sizes hint for the srcset, e.g. "(min-width: 768px) 33vw, 50vw". */
  sizes?: string;
  eager?: boolean;
  className?: string;
}

/** A product picture from the 320/640/1280 WebP sizes, boxed at 4:3 so nothing jumps on load. */
export function ProductImage({ image, alt, sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw', eager, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  const usable = image && !failed;
  return (
    <img
      src={usable ? image.urls[640] : PLACEHOLDER}
      srcSet={usable ? `${image.urls[320]} 320w, ${image.urls[640]} 640w, ${image.urls[1280]} 1280w` : undefined}
      sizes={usable ? sizes : undefined}
      width={usable ? image.width : 400}
      height={usable ? image.height : 300}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-[4/3] w-full bg-brand-light object-cover ${className}`}
    />
  );
}
