import { nextTask } from '../../shared/next-task';
import { loadOutboxKindsWith } from '../../local/outbox';
import { startOutboxReplayer } from '../../local/replayer';
import { startCatalogueSync } from '../../local/sync';
import { api } from '../lib/api';
import { startFieldCare } from './field';
import { keepPageHints } from './page-hints';
import { registerServiceWorker } from './service-worker';

/** The data layer's background work, started once the first screen has painted, a task each. */
export async function startBackgroundWork(): Promise<void> {
  const starters = [
    () => loadOutboxKindsWith(() => import('../../local/outbox-kinds')),
    () => startCatalogueSync(api),
    () => startOutboxReplayer(api),
    registerServiceWorker,
    startFieldCare,
    keepPageHints,
  ];
  for (const start of starters) {
    start();
    await nextTask();
  }
}
