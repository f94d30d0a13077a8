import { useEffect, useState } from 'react';
import { savedPicture } from '../../local/pictures';

/**
 * Whether the phone already holds this picture (an offline pack or one viewed before):
 * showing it then costs no data. Undefined while Cache Storage is being asked.
 */
export function useSavedPicture(url: string | undefined): boolean | undefined {
  const [answer, setAnswer] = useState<{ url: string; saved: boolean }>();
  useEffect(() => {
    if (!url || typeof caches === 'undefined') return;
    let live = true;
    savedPicture(new URL(url, location.href).href, caches).then(
      (hit) => live && setAnswer({ url, saved: hit !== undefined }),
      () => live && setAnswer({ url, saved: false }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return answer && answer.url === url ? answer.saved : undefined;
}
