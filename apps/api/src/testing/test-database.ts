import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { type DatabaseHandle, migrateToLatest, openDatabase, PGLITE_EXTENSIONS } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { adminQuery, type DatabaseTemplate, databaseUrl } from './database-template.ts';

/** The database kind this test project runs on: the vitest project sets TEST_DB. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The migrated template Vitest's global setup made for this run; outside Vitest, the PostgreSQL template database
 * TEST_DATABASE_TEMPLATE names (the benchmarks' smoke run makes one for all of them), else none.
 */
async function providedTemplate(): Promise<DatabaseTemplate | undefined> {
  if (!process.env.VITEST) {
    const database = process.env.TEST_DATABASE_TEMPLATE;
    const adminUrl = process.env.TEST_DATABASE_URL;
    return database && adminUrl ? { kind: 'postgres', adminUrl, database } : undefined;
  }
  const { inject } = await import('vitest');
  return inject('databaseTemplate');
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created next to TEST_DATABASE_URL and dropped afterwards, so runs never see each other's rows.
 * Under Vitest both start as a copy of the run's migrated template (about 0.5 s instead of 3 s), and a
 * PGlite instance a finished file closed is emptied and handed to the next file in the same worker.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = await providedTemplate();
  if (testDatabaseKind === 'pglite') {
    if (template?.kind === 'pglite') return reusedPglite(template.tarball);
    const handle = await openDatabase({ kind: 'pglite', dir: null });
    await migrateToLatest(handle.db);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sente_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const fromTemplate = template?.kind === 'postgres';
  await adminQuery(adminUrl, fromTemplate ? `create database ${name} template ${template.database}` : `create database ${name}`);
  // Ten connections, not the server's twenty: PostgreSQL allows 100 in all, and the files of a run (and of a second run
  // on the same machine) each hold a pool at once; twenty each ran it out ("too many clients", a sign-up's 500).
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 10 });
  if (!fromTemplate) await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * PGlite instances of this worker that a finished test file closed. The API projects run their files one after
 * another in each worker without isolation (vitest.config.ts), so module state lives across files. Loading the
 * template costs 1.5-2 s of CPU per instance, emptying every table 50-90 ms.
 */
const idlePglite: PGlite[] = [];
const KEEP_IDLE = 2;

async function reusedPglite(tarball: string): Promise<DatabaseHandle> {
  const reused = idlePglite.pop();
  const client =
    reused ?? (await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([fs.readFileSync(tarball)]) }));
  let released = false;
  // What the file sees: the instance until it closes its handle, then a database that refuses every query, as a
  // closed one would (the health test closes it under a running app). Kysely's destroy() would close the instance.
  const view = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (released) return () => Promise.reject(new Error('PGlite is closed'));
      return value.bind(target);
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(view) });
  if (reused) await emptyEveryTable(db);
  return {
    db,
    target: { kind: 'pglite', dir: null },
    description: 'embedded PGlite in memory (a test instance)',
    close: async () => {
      if (released) return;
      released = true;
      if (idlePglite.length < KEEP_IDLE) idlePglite.push(client);
      else await client.close();
    },
  };
}

/** Back to the migrated template: every table but the migrator's own emptied, sequences restarted, session reset. */
async function emptyEveryTable(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(tablename) as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%'`.execute(db);
  await sql.raw(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`).execute(db);
  await sql`discard all`.execute(db);
}
