// `npm run test:soak -- e2e/two-tabs.test.ts [more journeys] [--repeats 20] [--no-load]`: runs journeys again and
// again while the API files keep both cores busy, as they do in `npm test`, and says how often each failed. A flake
// that shows once in a CI run shows here within a few repeats; a journey is steady when it passes every repeat.
// Each repeat is a Vitest run of its own (its global setup too: a fresh server and browser), journeys side by side.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args.splice(at, 2)[1];
};
const repeats = Number(option('--repeats', '20'));
const withLoad = !args.includes('--no-load');
const journeys = args.filter((arg) => !arg.startsWith('--'));
if (journeys.length === 0 || !Number.isInteger(repeats) || repeats < 1) {
  console.error('usage: npm run test:soak -- e2e/<journey>.test.ts [...] [--repeats 20] [--no-load]');
  process.exit(2);
}

function run(command, commandArgs, { quiet = true } = {}) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, output })));
  return { child, done };
}

// A journey needs the built web app; the API files need nothing built.
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const { code } = await run('npm', ['run', 'build'], { quiet: false }).done;
  if (code !== 0) process.exit(code);
}

// The load: the API files on PGlite, one run after another, on two workers of their own.
let loading = withLoad;
let load = null;
async function keepLoading() {
  while (loading) {
    load = run('npx', ['vitest', 'run', '--project', 'api:pglite', '--maxWorkers', '2']);
    await load.done;
  }
}
const loadDone = withLoad ? keepLoading() : Promise.resolve();

const results = new Map(journeys.map((journey) => [journey, { failures: 0, seconds: [] }]));
const report = path.join(root, 'test-results/soak.json');
for (let round = 1; round <= repeats; round += 1) {
  const started = Date.now();
  fs.rmSync(report, { force: true });
  const { output } = await run('npx', [
    'vitest',
    'run',
    '--project',
    'e2e',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...journeys,
  ]).done;
  const files = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).testResults : [];
  const line = [];
  for (const journey of journeys) {
    const file = files.find((result) => result.name.endsWith(journey));
    const entry = results.get(journey);
    const passed = file?.status === 'passed';
    if (file) entry.seconds.push((file.endTime - file.startTime) / 1000);
    if (!passed) {
      entry.failures += 1;
      const failed = file?.assertionResults.find((test) => test.status === 'failed');
      const why = failed ? `${failed.title}: ${failed.failureMessages[0]?.split('\n')[0]}` : output.slice(-2000);
      console.log(`round ${round}: ${journey} FAILED\n  ${why}`);
    }
    line.push(`${path.basename(journey)} ${passed ? 'ok' : 'FAILED'}`);
  }
  console.log(`round ${round}/${repeats} (${Math.round((Date.now() - started) / 1000)} s): ${line.join(', ')}`);
}

loading = false;
load?.child.kill('SIGTERM');
await loadDone;

console.log(`\n${repeats} rounds${withLoad ? ', with the API files running beside them' : ''}:`);
let failed = 0;
for (const [journey, { failures, seconds }] of results) {
  failed += failures;
  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const slowest = sorted.at(-1) ?? 0;
  console.log(`  ${journey}: ${failures} failed of ${repeats}; median ${median.toFixed(1)} s, slowest ${slowest.toFixed(1)} s`);
}
process.exit(failed === 0 ? 0 : 1);
