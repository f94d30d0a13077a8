/**
 * Where an instance is in its life, for /readyz: ready once start-up work (migrations, seed,
 * bootstrap) is done, draining from SIGTERM on, so the balancer stops sending it requests
 * before it stops answering them.
 */
export interface Lifecycle {
  started: boolean;
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ started: false, draining: false });
