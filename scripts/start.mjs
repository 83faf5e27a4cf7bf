// `npm start`: builds the web app and the API (one ES module of JavaScript, scripts/build-api.mjs) when either build
// is missing or older than its sources, then runs the one-process server (API + SPA) from the compiled JavaScript
// with plain `node` in the foreground (decision 028). Whichever process of it a process manager signals (npm, this
// script, the server), the server drains and stops, and nothing is left holding the port:
// - SIGINT, SIGTERM and SIGHUP here go on to the build or the server (npm forwards SIGINT and SIGTERM to us);
// - the server stops by itself when this script is gone, even killed outright (stop-with-parent.mjs);
// - started by npm, this script stops the server when npm is gone.
// WEB_DIST_DIR set means a build made elsewhere: it is served as it is, never built here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiBuildIsStale, apiBundle, buildApi, newestMtime } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
const PARENT_CHECK_MS = 1000;

/** The build or the server, whichever is running; a signal received here goes on to it. */
let child = null;
let stopSignal = null;

function stop(signal) {
  stopSignal ??= signal;
  if (child) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  else process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

if (process.env.npm_lifecycle_event) {
  // npm killed outright cannot forward anything: seeing our parent change is the only sign of it.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, PARENT_CHECK_MS).unref();
}

/** Runs a child in the foreground and answers its exit code (1 when a signal ended it). */
function run(command, args, stdio = 'inherit') {
  child = spawn(command, args, { cwd: root, stdio });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (!process.env.WEB_DIST_DIR) {
  const builtAt = fs.statSync(webDist, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...webSources.map((entry) => newestMtime(path.join(root, entry))));
  if (builtAt < sourcesAt) {
    console.log(builtAt === 0 ? 'Building the web app (first start)...' : 'Web sources changed: rebuilding the web app...');
    const built = await run('npm', ['run', 'build', '-w', '@sente/web']);
    if (built !== 0 || stopSignal) process.exit(built || 1);
  }
}

if (apiBuildIsStale()) {
  console.log('Building the API...');
  await buildApi();
}

const stopWithParent = path.join(root, 'scripts/stop-with-parent.mjs');
// Stack traces name the TypeScript sources. The old generation may grow by half its live size before a full
// collection instead of V8's default of up to four times: the server's memory stays near what it uses (an export of
// 200,000 rows peaks under 200 MB instead of about 230 MB) for no measurable CPU (decision 028).
const nodeOptions = ['--enable-source-maps', '--heap-growing-percent=50'];
// The IPC channel is only there to close: the server notices this script is gone when it does.
const code = await run(
  process.execPath,
  [...nodeOptions, '--import', stopWithParent, apiBundle],
  ['inherit', 'inherit', 'inherit', 'ipc'],
);
process.exit(code);
