// Every bench under bench/ in its smoke mode (BENCH_SMOKE=1: tiny sizes, the same code path as the full run): each must
// exit 0, print its figures and, where it writes money rows, end with the ledger verified (`ledger:verify`), so a bench
// that stops working fails `npm test` instead of rotting unseen.
// The benches run one after another in one process, bench/smoke-runner.ts, each imported as a module (which runs it to
// its end, as `node <bench>` would): loading the API's modules costs about 2 s of CPU, which a process a bench paid
// each time. The runner must then exit 0 on its own, so a bench that leaves a server, a timer or a connection behind
// still fails. The benches on a database run on PostgreSQL when TEST_DATABASE_URL is set, each in a fresh database of its
// own copied from one migrated template the runner makes first; without it they are skipped (migrating a fresh
// embedded PGlite costs about 11 s of CPU a bench, past this file's budget). The benches of the web build are skipped
// without one, as js-budget.test.ts is.
// The benches are compiled once, by esbuild as scripts/build-api.mjs compiles the server, instead of by tsx: tsx spent
// about 2.5 s of CPU loading the API's modules.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMOKE_MARK } from './settings.ts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Beside the compiled server, so the packages the benches import resolve as the server's do (apps/api/node_modules
 * first); one folder per run, so two runs never load each other's files.
 */
const compiled = path.join(root, `apps/api/dist/bench-smoke-${process.pid}`);
const postgresUrl = process.env.TEST_DATABASE_URL;
const webBuilt = fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A smoke run takes seconds; this leaves room for a machine busy with the rest of the suite. */
const TIMEOUT_MS = 120_000;

type Needs = 'postgres' | 'web' | 'chromium';
type Bench = { script: string; needs: Needs[]; figures: RegExp[]; ledger: boolean };

const BENCHES: Bench[] = [
  {
    script: 'transfers.ts',
    needs: ['postgres'],
    figures: [
      /^API: [\d,]+ wallet transfers in [\d.]+ s at 2 clients = \d+ transfers\/s$/m,
      /^CPU per transfer: server [\d.]+ ms, PostgreSQL [\d.]+ ms, load client [\d.]+ ms$/m,
      /^pgbench tpcb-like: \d+ transactions\/s/m,
      /^ratio: API wallet transfers \/ pgbench tpcb-like = [\d.]+$/m,
    ],
    ledger: true,
  },
  {
    script: 'settlement.ts',
    needs: ['postgres'],
    figures: [
      /^settled 30 payments in [\d.]+ s = \d+ settlements\/s$/m,
      /^CPU per settlement: server [\d.]+ ms, PostgreSQL [\d.]+ ms$/m,
    ],
    ledger: true,
  },
  {
    script: 'export.ts',
    needs: ['postgres'],
    figures: [
      /^exported 2,000 rows in [\d.]+ s: [\d,]+ rows\/s, [\d.]+ MB of xlsx; server CPU [\d.]+ s \([\d.]+ µs a row\)$/m,
      /^server process alone: RSS idle \d+ MB, peak while exporting \d+ MB/m,
      /^read back 2,000 data rows$/m,
    ],
    ledger: true,
  },
  {
    script: 'lists.ts',
    needs: ['postgres'],
    figures: [
      /^round 1: bare route \d+ req\/s .* payment-link list \d+ req\/s .*Node \d+ µs \+ PostgreSQL \d+ µs\/request/m,
      /^median \(range\) of 1: .* CPU per list request: Node \d+ .* µs, PostgreSQL \d+ /m,
      /^page 1: {2}median [\d.]+ ms, p99 [\d.]+ ms/m,
      /^page 50: median [\d.]+ ms, p99 [\d.]+ ms/m,
    ],
    ledger: false,
  },
  {
    script: 'dashboard.ts',
    needs: ['postgres'],
    figures: [
      /^\/api\/reports\/dashboard-stats\?period=7d +median [\d.]+ ms, p99 [\d.]+ ms/m,
      /^\/api\/reports\/dashboard-stats\?period=12m +median [\d.]+ ms, p99 [\d.]+ ms/m,
      /^\/api\/collections +median [\d.]+ ms, p99 [\d.]+ ms/m,
      /^ {2}list totalItems query alone +median [\d.]+ ms/m,
    ],
    ledger: true,
  },
  {
    script: 'find.ts',
    needs: ['postgres'],
    figures: [
      /^seeded 2,000 collections in \d+ s$/m,
      /^\| no filter \(the counter table\) \| [\d.]+ \| [\d.]+( \(over\))? \| 2000 \|$/m,
      /^\| name, common \(okello, 10%\) \| [\d.]+ \| [\d.]+( \(over\))? \| \d+ \|$/m,
      /^\| combination, link and pending \| [\d.]+ \| /m,
    ],
    ledger: true,
  },
  {
    script: 'webhooks.ts',
    needs: ['postgres'],
    figures: [
      /^200 of 200 events delivered in [\d.]+ s = \d+ deliveries\/s/m,
      /^200 attempts, 200 requests received, 200 distinct webhook-ids, 200 signatures verified$/m,
    ],
    ledger: true,
  },
  {
    script: 'payout-batch.ts',
    needs: ['postgres'],
    figures: [
      /^50 of 50 rows paid \(completed\) from upload to paid in [\d.]+ s = \d+ rows\/s$/m,
      /^result \d+ KB; peak RSS \d+ MB \(\d+ MB before the upload\)$/m,
    ],
    ledger: true,
  },
  {
    script: 'bundle.ts',
    needs: ['web'],
    figures: [/^sign-in \(\/\) +JS +[\d.]+ KB gzip/m, /^dashboard \(\/dashboard\) +JS +[\d.]+ KB gzip/m],
    ledger: false,
  },
  {
    script: 'checkout.ts',
    needs: ['web'],
    figures: [/^customer page \(\/pay\/:ref\) +JS +[\d.]+ KB gzip/m, /^customer page files: /m],
    ledger: false,
  },
  {
    script: 'compression.ts',
    needs: ['web'],
    figures: [/^sign-in \(\/\) .*\| brotli +[\d.]+ KB \| gzip +[\d.]+ KB \| none +[\d.]+ KB$/m, /^pay page \(\/pay\/:ref\) /m],
    ledger: false,
  },
  {
    script: 'slow-phone.ts',
    needs: ['postgres', 'web', 'chromium'],
    figures: [/^pay page \(\/pay\/:ref\) +cold [\d.]+ s .*\| warm [\d.]+ s .*JS of a cold load: [\d.]+ KB sent/m],
    ledger: false,
  },
];

const missing: Record<Needs, string | null> = {
  postgres: postgresUrl ? null : 'no TEST_DATABASE_URL (a fresh embedded PGlite would cost about 11 s of CPU to migrate)',
  web: webBuilt ? null : 'no web build in apps/web/dist (`npm run build`; `npm test` builds first)',
  chromium: fs.existsSync(chromium) ? null : `no Chromium at ${chromium}`,
};

/**
 * Every import of a package stays a package (as scripts/build-api.mjs leaves them), and each source file keeps its own
 * import.meta.dirname and url, which the benches and the API resolve their files from.
 */
const asFromSource: Plugin = {
  name: 'as-from-source',
  setup(compiler) {
    compiler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sente/') ? undefined : { path: args.path, external: true },
    );
    compiler.onLoad({ filter: /\.ts$/ }, async (args) => ({
      loader: 'ts',
      contents: (await fs.promises.readFile(args.path, 'utf8'))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
    }));
  },
};

/** Why a bench's smoke cannot run here, or nothing when it can. */
const reasonsNotToRun = (bench: Bench) => bench.needs.map((need) => missing[need]).filter((reason) => reason !== null);
const runnable = BENCHES.filter((bench) => reasonsNotToRun(bench).length === 0);

type Result = { code: number | null; output: string };

/** Each runnable bench's result, settled once the runner has printed its end line (or has stopped before it). */
const results = new Map<string, { promise: Promise<Result>; resolve: (result: Result) => void }>();
/** The runner's exit code, once it has ended. */
let runnerExit: Promise<number | null> = Promise.resolve(0);

beforeAll(async () => {
  if (runnable.length === 0) return;
  await build({
    entryPoints: [...runnable.map((bench) => bench.script), 'smoke-runner.ts'].map((script) => path.join(root, 'bench', script)),
    outdir: compiled,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [asFromSource],
    logLevel: 'warning',
  });
  for (const bench of runnable) {
    let resolve: (result: Result) => void = () => {};
    const promise = new Promise<Result>((settle) => (resolve = settle));
    results.set(bench.script, { promise, resolve });
  }
  runnerExit = startRunner(runnable);
}, TIMEOUT_MS);

afterAll(() => fs.rmSync(compiled, { recursive: true, force: true }));

const compiledPath = (script: string) => path.join(compiled, script.replace(/\.ts$/, '.js'));

/**
 * The runner (bench/smoke-runner.ts) on every runnable bench in their order, in smoke mode, in a process of its own:
 * each bench's output is what it prints between the runner's start and end lines, and its code the end line's. A bench
 * the runner never ended (it stopped first) gets the rest of the output and no code. Answers the runner's exit code.
 */
function startRunner(benches: Bench[]): Promise<number | null> {
  // Vitest's own variables stay behind: under them the test helpers would ask Vitest for its template database.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  Object.assign(env, {
    BENCH_SMOKE: '1',
    ...(postgresUrl ? { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl, BENCH_DATABASE_URL: postgresUrl } : {}),
  });
  const child = spawn(
    process.execPath,
    [compiledPath('smoke-runner.ts'), ...benches.map((bench) => compiledPath(bench.script))],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const scripts = new Map(benches.map((bench) => [compiledPath(bench.script), bench.script]));
  let current: string | null = null;
  let output = '';
  let pending = '';
  const onLine = (line: string) => {
    const marked = line.startsWith(`${SMOKE_MARK} `) ? line.slice(SMOKE_MARK.length + 1).split(' ') : null;
    if (marked?.[0] === 'start') {
      current = scripts.get(marked[1]!) ?? null;
      output = '';
    } else if (marked?.[0] === 'end' && current) {
      results.get(current)?.resolve({ code: Number(marked[2]), output });
      current = null;
    } else output += `${line}\n`;
  };
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) onLine(line);
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (pending) onLine(pending);
      for (const bench of benches)
        results.get(bench.script)?.resolve({ code: null, output: `the runner stopped (exit ${code})\n${output}` });
      resolve(code);
    }),
  );
}

for (const bench of BENCHES) {
  const reasons = reasonsNotToRun(bench);
  // A skipped file's tests are not listed by name, so the reason is said where the run shows it.
  if (reasons.length > 0) console.warn(`bench/${bench.script} smoke skipped: ${reasons.join('; ')}`);
  describe.skipIf(reasons.length > 0)(`bench/${bench.script} in smoke mode`, () => {
    it(
      `runs to the end and prints its settings and figures${bench.ledger ? ' with the ledger verified' : ''}`,
      async () => {
        const { code, output } = await results.get(bench.script)!.promise;
        expect(code, output).toBe(0);
        expect(output).toMatch(/^smoke run; \d+ cores, load average [\d. ]+; settings: /m);
        for (const figure of bench.figures) expect(output).toMatch(figure);
        if (bench.ledger) expect(output).toMatch(/^ledger verified$/m);
      },
      TIMEOUT_MS,
    );
  });
}

describe.skipIf(runnable.length === 0)('the smoke runner', () => {
  it(
    'exits 0 on its own once every bench has ended, so no bench leaves work running',
    async () => {
      expect(await runnerExit).toBe(0);
    },
    TIMEOUT_MS,
  );
});
