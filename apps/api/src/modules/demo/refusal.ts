/**
 * The demo merchant's password is published (README), so the seeder never runs in production: the answer when
 * NODE_ENV is production, given before any setting is read, any module of the app loaded or any database opened;
 * null elsewhere.
 */
export function refusedInProduction(env: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV !== 'production') return null;
  return 'seed:demo refuses to run in production (NODE_ENV=production): the demo merchant signs in with a published password. Nothing was written.';
}
