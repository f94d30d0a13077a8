import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { RUN_DIR_VARIABLE, dropRunDatabases, runIdOf } from './db-templates';

/**
 * The server projects' globalSetup: a folder for this run's database templates
 * (tests/support/db-templates.ts), named to the workers through the environment. Both server
 * projects list it; the first to start makes the folder and the other shares it. At the end,
 * and before each rerun in watch mode (a migration or the seed may have changed), the
 * templates and any copy a crashed file left are removed.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const existing = process.env[RUN_DIR_VARIABLE];
  if (existing && existsSync(existing)) return undefined;
  const runDir = mkdtempSync(join(tmpdir(), 'akuafo-run-'));
  process.env[RUN_DIR_VARIABLE] = runDir;
  const forget = async () => {
    const url = process.env.DATABASE_URL;
    if (url && /^postgres(ql)?:\/\//.test(url)) await dropRunDatabases(url, runIdOf(runDir));
    for (const entry of readdirSync(runDir)) rmSync(join(runDir, entry), { recursive: true, force: true });
  };
  project.onTestsRerun(forget);
  return async () => {
    await forget();
    rmSync(runDir, { recursive: true, force: true });
    delete process.env[RUN_DIR_VARIABLE];
  };
}
