// `npm test`: the lint and the web build side by side (each prints its output when it ends), then every Vitest
// project in one run with the type-check beside it, then how long each test file took (Vitest's JSON reporter).
// Arguments go to Vitest: `npm test -- --project web`, `npm test -- e2e/checkout.test.ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const report = path.join(root, 'test-results/vitest.json');
const SLOWEST = 12;

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

// The type-check (single-threaded, the longest of the three) goes on beside the tests: waiting for it left a core idle
// for half a minute once the build was done. Its verdict still decides the exit code.
const typecheck = run('typecheck: tsc -b', 'npx', ['tsc', '-b']);
const checks = await Promise.all([
  run('lint: biome check', 'npx', ['biome', 'check', '.']),
  run('build: the web app', 'npm', ['run', 'build']),
]);
if (checks.some((code) => code !== 0)) process.exit(1);

fs.rmSync(report, { force: true });
const vitest = await run(
  'vitest',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { live: true },
);
if (fs.existsSync(report)) printTimes(JSON.parse(fs.readFileSync(report, 'utf8')));
const typed = await typecheck;
process.exit(vitest !== 0 ? vitest : typed);

/** The slowest files and each project's share: where to look when the suite grows slow. */
function printTimes(results) {
  const files = results.testResults.map((file) => ({
    file: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
  const byFolder = new Map();
  for (const { file, seconds } of files) {
    const folder = file.startsWith('e2e/') ? 'e2e' : file.split('/').slice(0, 2).join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + seconds);
  }
  const row = (seconds, text) => `${seconds.toFixed(1).padStart(8)} s  ${text}`;
  console.log(`\nSlowest test files (of ${files.length}; an API file runs once per database, so it may appear twice):`);
  for (const { file, seconds, tests } of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    console.log(row(seconds, `${file} (${tests} tests)`));
  }
  console.log('Time in test files, by folder (files run side by side, so these add up to more than the run):');
  for (const [folder, seconds] of [...byFolder].sort((a, b) => b[1] - a[1])) console.log(row(seconds, folder));
}
