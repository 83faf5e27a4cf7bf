import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { buildPgliteTemplate, buildPostgresTemplate } from './database-template.ts';

/**
 * Vitest global setup of the API projects: migrates one template database for the whole run, on the
 * project's database kind, and hands it to every test file (`createTestDatabase` copies it). On PostgreSQL it also
 * compiles the server when its sources changed, for the files that run it as separate processes (testing/replicas.ts).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB === 'postgres') {
    const buildApi = path.resolve(import.meta.dirname, '../../../../scripts/build-api.mjs');
    execFileSync(process.execPath, [buildApi, '--if-stale'], { stdio: 'inherit' });
  }
  const built =
    project.config.env.TEST_DB === 'postgres' && adminUrl ? await buildPostgresTemplate(adminUrl) : await buildPgliteTemplate();
  project.provide('databaseTemplate', built.template);
  return () => built.remove();
}
