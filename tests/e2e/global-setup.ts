import type { TestProject } from 'vitest/node';
import { browserAvailable } from '../support/browser';
import { startApp } from '../support/start-app';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** The operator account of the e2e server (tests/e2e/security-headers.test.ts signs in as it). */
export { E2E_OPERATOR } from '../support/start-app';

/** The e2e tests run against the real `npm start`, stopped when they are done. */
export default async function setup(project: TestProject) {
  if (!browserAvailable()) {
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    return;
  }
  const app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('dataDir', app.dataDir);
  return app.stop;
}
