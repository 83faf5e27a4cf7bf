// Business details and compliance documents of an account (read and written by business-service.ts).
import type { BusinessDetails, ComplianceDocumentName } from '@sente/contracts/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changedBy } from '../../lib/request-context.ts';

/** A compliance document to record: the list's choice, the name shown, and the account's own certificate upload. */
export type NewComplianceFile = { document: ComplianceDocumentName; file_name: string; file_path: string };

/** The paths among `paths` that this account uploaded to its members-only certificates folder. */
export async function ownCertificatePaths(db: Kysely<Database>, accountId: string, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('path')
    .where('account_id', '=', accountId)
    .where('folder', '=', 'certificates')
    .where('visibility', '=', 'members')
    .where('path', 'in', paths)
    .execute();
  return new Set(rows.map((row) => row.path));
}

export function setBusinessDetails(db: Kysely<Database>, accountId: string, details: BusinessDetails) {
  return db
    .updateTable('accounts')
    .set({ business_details: JSON.stringify(details), settings_changed_by: changedBy(), updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}

/** Adds the documents; a file saved again keeps one row, under its latest name. */
export function saveComplianceFiles(db: Kysely<Database>, accountId: string, userId: string, files: NewComplianceFile[]) {
  return db
    .insertInto('compliance_files')
    .values(files.map((file) => ({ ...file, account_id: accountId, created_by: userId })))
    .onConflict((oc) =>
      oc.columns(['account_id', 'file_path']).doUpdateSet((eb) => ({
        document: eb.ref('excluded.document'),
        file_name: eb.ref('excluded.file_name'),
        updated_at: new Date(),
      })),
    )
    .execute();
}

/** Removes one of the account's documents (the upload itself stays, members-only); answers whether it was there. */
export async function removeComplianceFile(db: Kysely<Database>, accountId: string, id: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('compliance_files')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

/** The account's compliance documents, oldest first. */
export function listComplianceFiles(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('compliance_files')
    .select(['id', 'document', 'file_name', 'file_path', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('position')
    .execute();
}
