import type { BusinessDetails, ComplianceFile, ComplianceFileValues } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberActor } from '../../lib/actor.ts';
import { badRequest, fieldError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import * as businessRepo from './business-repository.ts';

type ComplianceRow = Omit<ComplianceFile, 'url' | 'expires_at' | 'created_at'> & { created_at: Date | string };

/**
 * The Business Details page (docs/features.md#business-details): the details and the compliance documents of an
 * account (spread into the accounts service). Like links (decision 016), they may point only at the account's own
 * uploads to `certificates`.
 */
export function createBusinessService({ db }: { db: Kysely<Database> }) {
  return {
    async updateBusinessDetails(accountId: string, details: BusinessDetails): Promise<void> {
      const path = details.certificate_url;
      if (path && !(await businessRepo.ownCertificatePaths(db, accountId, [path])).has(path)) {
        throw badRequest(B.certificateNotUploaded, [B.certificateNotUploaded]);
      }
      await businessRepo.setBusinessDetails(db, accountId, details);
    },

    /** Adds the documents; every file must be the account's own certificate upload, else none is saved. */
    async saveComplianceFiles(accountId: string, actor: MemberActor, files: ComplianceFileValues[]): Promise<void> {
      const paths = files.map((file) => file.file_path);
      const own = await businessRepo.ownCertificatePaths(db, accountId, paths);
      // The first row whose file is not the account's own upload is named, so the form shows it under that row.
      const foreign = paths.findIndex((path) => !own.has(path));
      if (foreign !== -1) throw fieldError(`files.${foreign}.file_path`, B.documentNotUploaded);
      await businessRepo.saveComplianceFiles(
        db,
        accountId,
        actor.userId,
        files.map((file) => ({
          document: file.file_name,
          file_name: file.file_name === 'Other' ? (file.other_name ?? '') : file.file_name,
          file_path: file.file_path,
        })),
      );
    },

    /** A document saved by mistake, or one being replaced by a newer file: removed from the account's list. */
    async removeComplianceFile(accountId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await businessRepo.removeComplianceFile(db, accountId, id))) throw notFound(B.fileNotFound);
    },

    complianceFiles: (accountId: string): Promise<ComplianceRow[]> => businessRepo.listComplianceFiles(db, accountId),
  };
}
