// `npm run ops -- <command>`: the operator commands of scripts/ops.ts, run as compiled JavaScript (apps/api/dist/ops.js)
// as `npm start` runs the server, built first when missing or older than its sources: a command starts in under a
// second, where compiling the API's TypeScript at every call took about 5 s of CPU.
import { pathToFileURL } from 'node:url';
import { buildApiIfStale, opsBundle } from './build-api.mjs';

await buildApiIfStale();
await import(pathToFileURL(opsBundle).href);
