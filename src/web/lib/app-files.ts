import { setWholeApp, type AppFilesMessage, type AppFilesState } from '../../local/app-files';

/** Asks the active worker and waits for its answer (sw/sw.ts answers on the message's port). */
export async function askWorker<T>(message: AppFilesMessage): Promise<T> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) throw new Error('No service worker');
  return new Promise<T>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data as T);
    worker.postMessage(message, [channel.port2]);
  });
}

/** What saving the whole app for offline would still fetch (src/local/app-files.ts). */
export function appFilesState(): Promise<AppFilesState> {
  return askWorker<AppFilesState>({ type: 'APP_FILES_STATE' });
}

/** The whole app, so pages not opened yet work offline; kept whole after updates from now on. */
export async function saveWholeApp(): Promise<AppFilesState> {
  await setWholeApp('asked');
  return askWorker<AppFilesState>({ type: 'SAVE_APP' });
}

