import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

// NOTE: count(*) and bigint columns arrive as strings from pg; money columns are read with Number()
// or BigInt() where they are used, so the default parser stays.

/** The contrib extensions the migrations create (pg_trgm: migration 031), loaded into every PGlite instance. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `loadDataDir`: start from a dumped data directory (the tests' migrated template) instead of an empty one. */
  | { kind: 'pglite'; dir: string | null; loadDataDir?: Blob };

export type DatabaseHandle = {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** Human-readable description for the start log line (never includes a password). */
  description: string;
  close: () => Promise<void>;
};

function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return target.dir ? `embedded PGlite in ${target.dir}` : 'embedded PGlite in memory';
  const url = new URL(target.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 20 });
    // NOTE: an idle client whose server connection drops (a restart, an administrator's terminate) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool drops the client and the
    // next query opens a new one, so there is nothing else to do here.
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (target.dir) fs.mkdirSync(path.dirname(target.dir), { recursive: true });
    const client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(target.dir ? { dataDir: target.dir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  }
  return { db, target, description: describeTarget(target), close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
