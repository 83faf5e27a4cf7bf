import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_001_foundation.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_001_foundation': foundation,
};
