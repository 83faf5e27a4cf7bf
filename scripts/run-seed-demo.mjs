// `npm run seed:demo -- [collections]`: the demo seeder of scripts/seed-demo.ts, run as compiled JavaScript
// (apps/api/dist/seed-demo.js), built first when missing or older than its sources, as run-ops.mjs runs the ops.
import { pathToFileURL } from 'node:url';
import { buildApiIfStale, seedDemoBundle } from './build-api.mjs';

await buildApiIfStale();
await import(pathToFileURL(seedDemoBundle).href);
