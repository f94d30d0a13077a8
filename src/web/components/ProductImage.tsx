import { useEffect, useState } from 'react';
import type { ImageWidth } from '../../shared/catalogue';
import type { ProductImage as Image } from '../../shared/schemas/catalogue';
import { useDataSaver } from '../hooks/useDataSaver';
import { useOnline } from '../hooks/useOnline';

const PLACEHOLDER = '/placeholder.png';

/**
 * The one place a product picture's URL is chosen: the width asked for, or the 320-pixel
 * one whenever Data saver is on.
 */
export function pictureUrl(image: Image, width: ImageWidth, dataSaver: boolean | undefined): string {
  return image.urls[dataSaver === false ? width : 320];
}

function pictureSources(image: Image, dataSaver: boolean): { src: string; srcSet?: string } {
  if (dataSaver) return { src: pictureUrl(image, 320, true) };
  return { src: image.urls[640], srcSet: `${image.urls[320]} 320w, ${image.urls[640]} 640w, ${image.urls[1280]} 1280w` };
}

interface Props {
  image: Image | undefined;
  alt: string;
  /** CSS sizes hint for the srcset, e.g. "(min-width: 768px) 33vw, 50vw". */
  sizes?: string;
  eager?: boolean;
  /** Keep the box but ask for nothing yet (a carousel slide not shown under Data saver). */
  deferred?: boolean;
  className?: string;
}

/**
 * A product picture from the 320/640/1280 WebP sizes, boxed at 4:3 so nothing jumps on load,
 * decoded off the main thread. One that failed is tried again when the network comes back.
 */
export function ProductImage({ image, alt, sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw', eager, deferred, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  // A picture that failed (most often: no network) is asked for again when the network returns,
  // rather than staying a placeholder until the page is opened anew.
  const online = useOnline();
  useEffect(() => {
    if (online) setFailed(false);
  }, [online]);
  const usable = image && !failed;
  // Until the setting is known, and while deferred, the box shows with nothing requested.
  const waiting = usable && (dataSaver === undefined || deferred);
  const sources = usable && !waiting ? pictureSources(image, dataSaver!) : undefined;
  return (
    <img
      src={waiting ? undefined : (sources?.src ?? PLACEHOLDER)}
      srcSet={sources?.srcSet}
      sizes={sources?.srcSet ? sizes : undefined}
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
