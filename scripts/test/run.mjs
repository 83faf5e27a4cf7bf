// `npm test`: the lint and the web build side by side (each prints its output when it ends), then the Vitest projects
// in two runs at once, the type-check beside them: the journeys in one (mostly waiting on a browser, a server and the
// payment simulator: about one core) and the unit, component and API files in the other (all CPU), so that both cores
// stay busy from start to end (decision 070). Then where the time went (scripts/test/time-reporter.ts) and how far the
// whole is from the 8 minutes that `.ci/run`, install included, may take on a 2-core machine.
// Arguments go to one Vitest run of everything they name: `npm test -- --project web`, `npm test -- e2e/checkout.test.ts`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const BUDGET_S = 8 * 60;

/**
 * Runs a command: its output kept until it ends so that parallel steps do not interleave, or shown `live`, each line
 * after `prefix` when one is given (the journeys' run beside the other).
 */
function run(label, command, args, { live = false, prefix = '', env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: live && !prefix ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let partial = '';
    const take = (chunk) => {
      if (!live) {
        output += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
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

const reporters = ['--reporter=default', '--reporter=./scripts/test/time-reporter.ts'];
const named = process.argv.slice(2);
// The rest gets two workers for the two cores; the journeys three, since each mostly waits (VITEST_MAX_WORKERS and
// JOURNEY_WORKERS change them, e.g. on a larger machine).
const restWorkers = process.env.VITEST_MAX_WORKERS ?? '2';
const journeyWorkers = process.env.JOURNEY_WORKERS ?? '3';
const rest = ['unit', 'web', 'api:pglite', ...(process.env.TEST_DATABASE_URL ? ['api:postgres'] : [])];
const codes =
  named.length > 0
    ? [await run('vitest', 'npx', ['vitest', 'run', ...reporters, ...named], { live: true })]
    : await Promise.all([
        run('vitest: journeys', 'npx', ['vitest', 'run', ...reporters, '--project', 'e2e', `--maxWorkers=${journeyWorkers}`], {
          live: true,
          prefix: 'journeys | ',
          env: { TIMES_FILE: 'times-journeys.json' },
        }),
        run(
          'vitest: the rest',
          'npx',
          ['vitest', 'run', ...reporters, ...rest.flatMap((name) => ['--project', name]), `--maxWorkers=${restWorkers}`],
          { live: true },
        ),
      ]);
const vitest = codes.find((code) => code !== 0) ?? 0;
const typed = await typecheck;
const seconds = Math.round((Date.now() - started) / 1000);
const minutes = (total) => `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s`;
const margin = BUDGET_S - seconds;
console.log(
  `\nnpm test took ${minutes(seconds)}: ${margin >= 0 ? `${minutes(margin)} under` : `${minutes(-margin)} OVER`} the ` +
    `${minutes(BUDGET_S)} that .ci/run may take with its install (docs/testing.md).`,
);
process.exit(vitest !== 0 ? vitest : typed);
