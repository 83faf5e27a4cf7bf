import type { CreatedAt } from '../../db/columns.ts';

export interface ShortLinksTable {
  code: string;
  long_url: string;
  created_at: CreatedAt;
}
