import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

export type FileVisibility = 'public' | 'members' | 'private';

export interface FilesTable {
  id: Generated<string>;
  account_id: string;
  folder: string;
  path: string;
  visibility: FileVisibility;
  original_name: string;
  mime_type: string;
  size_bytes: ColumnType<string, number, never>;
  created_by: string;
  created_at: CreatedAt;
}
