import { isOnline, onBackOnline } from '../../local/network';
import { resumeInterruptedPacks } from '../../local/packs';
import { requestPersistentStorage } from '../../local/storage';

/**
 * What keeps the app trustworthy in the field, started once with the app: offline packs
 * interrupted by a closed app or a dropped network carry on, and installing the app is
 * taken as the user's wish to keep its storage.
 */
export function startFieldCare(): void {
  const resume = () => void resumeInterruptedPacks().catch(() => undefined);
  if (isOnline()) resume();
  // The browser's 'online', or the server answering again after failed requests.
  onBackOnline(resume);
  window.addEventListener('appinstalled', () => void requestPersistentStorage().catch(() => undefined));
}
