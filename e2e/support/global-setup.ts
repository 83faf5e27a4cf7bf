import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from '../../apps/api/src/testing/database-template.ts';
import { startServer } from './server.ts';

/**
 * The run's migrated embedded database, which every end-to-end server starts from a copy of, and one server
 * shared by the journeys that need no settings of their own (`sharedServer()`). Its sign-in rate limit is
 * raised because those journeys all sign in from 127.0.0.1 within the same minutes.
 */
export default async function setup(project: TestProject) {
  const built = await buildPgliteTemplate();
  project.provide('databaseTemplate', built.template);
  const shared = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, undefined, built.template);
  project.provide('sharedServer', { url: shared.url, dataDir: shared.dataDir });
  return async () => {
    await shared.stop();
    built.remove();
  };
}
