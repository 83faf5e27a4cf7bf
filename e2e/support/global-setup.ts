import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from '../../apps/api/src/testing/database-template.ts';

/** The run's migrated embedded database; every end-to-end server starts from a copy of it. */
export default async function setup(project: TestProject) {
  const built = await buildPgliteTemplate();
  project.provide('databaseTemplate', built.template);
  return () => built.remove();
}
