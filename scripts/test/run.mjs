// `npm test`: the lint and the web build side by side (each prints its output when it ends), then every Vitest
// project in one run with the type-check beside it; then where the time went (scripts/test/time-reporter.ts) and how
// far the whole is from the 8 minutes that `.ci/run`, install included, may take on a 2-core machine.
// Arguments go to Vitest: `npm test -- --project web`, `npm test -- e2e/checkout.test.ts`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const BUDGET_S = 8 * 60;

/** Runs a command, its output kept until it ends so that parallel steps do not interleave. */
function run(label, command, args, { live = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) process.stdout.write(`\n> ${label} (${seconds} s, exit ${code})\n${output}`);
      resolve(code ?? 1);
    });
  });
}

// The type-check (TypeScript 7, native: about 45 s of CPU on a fresh clone where TypeScript 5 took 120 s, decision 055)
// goes on beside the tests, so the tests start as soon as the lint and the build are done. Its verdict still decides the
// exit code.
const typecheck = run('typecheck: tsc -b', 'npx', ['tsc', '-b']);
const checks = await Promise.all([
  run('lint: biome check', 'npx', ['biome', 'check', '.']),
  run('build: the web app', 'npm', ['run', 'build']),
]);
if (checks.some((code) => code !== 0)) process.exit(1);

const vitest = await run(
  'vitest',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=./scripts/test/time-reporter.ts', ...process.argv.slice(2)],
  { live: true },
);
const typed = await typecheck;
const seconds = Math.round((Date.now() - started) / 1000);
const minutes = (total) => `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s`;
const margin = BUDGET_S - seconds;
console.log(
  `\nnpm test took ${minutes(seconds)}: ${margin >= 0 ? `${minutes(margin)} under` : `${minutes(-margin)} OVER`} the ` +
    `${minutes(BUDGET_S)} that .ci/run may take with its install (docs/testing.md).`,
);
process.exit(vitest !== 0 ? vitest : typed);
