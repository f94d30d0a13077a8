// `npm run test:repeat [files…]`: runs test files three times in a row, so a test that passes
// only sometimes is caught when it is written, not in a later CI. Without files: the test files
// changed since TEST_REPEAT_BASE (HEAD~1 by default: in CI, everything the submitted merge
// changed). e2e and fleet files are left to their one CI run (minutes each, one browser or the
// whole machine); a changed one is named so a person repeats it by hand.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// CI has run them once already (npm test): it asks for two more, three in all.
const ROUNDS = Number(process.env.TEST_REPEAT_ROUNDS ?? 3);
const REPEATED = /^tests\/(server|shared|local|web)\/.+\.test\.tsx?$/;
const LEFT_OUT = /^tests\/(e2e|fleet)\/.+\.test\.ts$/;

function changedFiles() {
  const base = process.env.TEST_REPEAT_BASE ?? 'HEAD~1';
  try {
    return execFileSync('git', ['diff', '--name-only', base, '--', 'tests'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    console.log(`test:repeat: no ${base} to compare with (a clone of one commit?): nothing repeated.`);
    return [];
  }
}

const named = process.argv.slice(2);
const candidates = (named.length > 0 ? named : changedFiles()).filter((file) => existsSync(file));
const files = candidates.filter((file) => REPEATED.test(file));
for (const file of candidates.filter((f) => LEFT_OUT.test(f))) console.log(`test:repeat: ${file} is not repeated here (run it by hand: npx vitest run ${file}).`);
if (files.length === 0) {
  console.log('test:repeat: no changed unit or server test file to repeat.');
  process.exit(0);
}

const failedRounds = [];
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`test:repeat: round ${round} of ${ROUNDS}: ${files.join(' ')}`);
  const run = spawnSync('npx', ['vitest', 'run', ...files], { stdio: 'inherit' });
  if (run.status !== 0) failedRounds.push(round);
}
if (failedRounds.length > 0) {
  console.error(`test:repeat: failed in round ${failedRounds.join(', ')} of ${ROUNDS}: a test that does not give the same result each time is a bug (docs/performance.md, "Test speed").`);
  process.exit(1);
}
console.log(`test:repeat: the same result ${ROUNDS} times.`);
