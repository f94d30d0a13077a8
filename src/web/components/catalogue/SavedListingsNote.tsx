import { WifiOff } from 'lucide-react';
import { t } from '../../../shared/i18n';
import { useT } from '../../i18n/language';
import { useOnline } from '../../hooks/useOnline';
import { useMirrorIsPartial } from './useCatalogue';

/** The sentence an offline list or search shows when the phone holds only its owner's part of Ghana. */
export function savedListingsSentence(count: number): string {
  return t('products.savedListings', { n: count, count: count.toLocaleString('en') });
}

/**
 * Offline, a search answers from the phone's mirror, which holds the owner's region, chosen
 * categories, the shelves and what they kept (src/local/mirror-scope.ts): it says so.
 */
export function SavedListingsNote({ count }: { count: number | undefined }) {
  useT();
  const online = useOnline();
  const partial = useMirrorIsPartial();
  if (online || !partial || count === undefined) return null;
  return (
    <p role="status" data-testid="saved-listings" className="mb-3 flex items-center gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
      <WifiOff size={16} aria-hidden="true" /> {savedListingsSentence(count)}
    </p>
  );
}
