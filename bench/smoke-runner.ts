// The process bench/smoke.test.ts runs every bench's smoke in: the benches (compiled, paths in argv) one after another,
// each imported as its own module, which runs it to its end (a bench is a script of top-level awaits). Loading the
// API's modules costs about 2 s of CPU, once here instead of once a bench. Around each bench it prints a start line
// and an end line with the exit code the bench would have given as a process of its own (the code it set, 1 if it
// threw), so the test can tell the benches' output apart. With TEST_DATABASE_URL it first makes one migrated template
// database, which each bench's fresh database is copied from (TEST_DATABASE_TEMPLATE), and drops it at the end.
import { pathToFileURL } from 'node:url';
import { buildPostgresTemplate } from '../apps/api/src/testing/database-template.ts';
import { SMOKE_MARK } from './settings.ts';

const benches = process.argv.slice(2);
const adminUrl = process.env.TEST_DATABASE_URL;
const template = adminUrl ? await buildPostgresTemplate(adminUrl) : null;
if (template?.template.kind === 'postgres') process.env.TEST_DATABASE_TEMPLATE = template.template.database;
try {
  for (const file of benches) {
    console.log(`${SMOKE_MARK} start ${file}`);
    let code = 0;
    // As `node <bench>` would see it: a bench may read an argument (the web benches, their build folder).
    process.argv = [process.argv[0]!, file];
    try {
      await import(pathToFileURL(file).href);
      code = Number(process.exitCode ?? 0);
    } catch (error) {
      console.error(error);
      code = 1;
    }
    process.exitCode = 0;
    console.log(`${SMOKE_MARK} end ${file} ${code}`);
  }
} finally {
  await template?.remove();
}
