import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate } from './database-template.ts';

/**
 * Vitest global setup of the API projects: migrates one template database for the whole run, on the
 * project's database kind, and hands it to every test file (`createTestDatabase` copies it).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const built =
    project.config.env.TEST_DB === 'postgres' && adminUrl ? await buildPostgresTemplate(adminUrl) : await buildPgliteTemplate();
  project.provide('databaseTemplate', built.template);
  return () => built.remove();
}
