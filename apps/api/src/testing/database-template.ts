import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest, openDatabase, PGLITE_EXTENSIONS } from '../db/connect.ts';
import type { Database } from '../db/database.ts';

/**
 * A migrated database made once per test run (Vitest's global setup), which every test file copies
 * instead of migrating its own: a PGlite data-dir tarball (loaded in memory by the API tests, unpacked
 * into DATA_DIR/db by the end-to-end servers), or a PostgreSQL template database.
 */
export type DatabaseTemplate = { kind: 'pglite'; tarball: string } | { kind: 'postgres'; adminUrl: string; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const root = path.resolve(import.meta.dirname, '../../../..');
const migrationsDir = path.resolve(import.meta.dirname, '../db/migrations');

/**
 * The migrated PGlite data directory as a tarball, kept in node_modules/.cache under a hash of the
 * migrations and the PGlite version: built once (about 6 s), then reused by every project and run until a
 * migration changes.
 */
export async function pgliteTemplateTarball(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const file of fs.readdirSync(migrationsDir).sort())
    hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  const cacheDir = path.join(root, 'node_modules/.cache/sente-tests');
  const tarball = path.join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(tarball)) return tarball;
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  await migrateToLatest(db);
  const dump = await client.dumpDataDir('none');
  await db.destroy();
  fs.mkdirSync(cacheDir, { recursive: true });
  // Written under a temporary name and renamed, so a run that stops half-way never leaves a broken template.
  const partial = `${tarball}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, tarball);
  return tarball;
}

export async function buildPgliteTemplate(): Promise<{ template: DatabaseTemplate; remove: () => void }> {
  return { template: { kind: 'pglite', tarball: await pgliteTemplateTarball() }, remove: () => {} };
}

/** Creates and migrates a template database beside TEST_DATABASE_URL; each test file clones it. */
export async function buildPostgresTemplate(
  adminUrl: string,
): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const database = `sente_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${database}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, database) });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // NOTE: CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
    await handle.close();
  }
  return {
    template: { kind: 'postgres', adminUrl, database },
    remove: () => adminQuery(adminUrl, `drop database if exists ${database} with (force)`),
  };
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
