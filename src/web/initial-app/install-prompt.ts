/**
 * The browser's offer to install the app (beforeinstallprompt, Chromium). It comes once, early,
 * often before the app has started, so the entry keeps it from the first moment; the account
 * menu then offers "Install app" and calls install(). Its own default (a mini-bar some phones
 * show once and never again) is held back for that button.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function holdInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  addEventListener('appinstalled', () => {
    offer = undefined;
    changed();
  });
}

/** Whether the browser offers to install the app now. */
export const canInstall = (): boolean => offer !== undefined;

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; true when the user installed. An offer is good once. */
export async function install(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = undefined;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}
