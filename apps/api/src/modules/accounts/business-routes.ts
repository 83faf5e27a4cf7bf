import { businessDetailsInput, type ComplianceFile, saveComplianceFilesInput } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { FilesService } from '../files/service.ts';
import type { AccountsService } from './service.ts';

/**
 * Spec §2 Business details and §7: saving is for owners and administrators (DESIGN §7 'business and bank details,
 * compliance'); every member may read the documents, through links signed for members only (decision 005).
 */
export async function businessRoutes(
  app: FastifyInstance,
  { accounts, files }: { accounts: AccountsService; files: FilesService },
) {
  /** The account's documents, each with a fresh members-only link. */
  async function complianceFiles(accountId: string): Promise<ComplianceFile[]> {
    const rows = await accounts.complianceFiles(accountId);
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        ...(await files.fileUrl(accountId, row.file_path)),
      })),
    );
  }

  app.post(
    '/api/user/update-business-details',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      const details = parseInput(businessDetailsInput, request.body);
      await accounts.updateBusinessDetails(request.account.id, details);
      return { status: 'success', message: B.detailsUpdated, data: details };
    },
  );

  app.post(
    '/api/sente-account/save-sente-files',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      const { files: saved } = parseInput(saveComplianceFilesInput, request.body);
      await accounts.saveComplianceFiles(request.account.id, request.auth.userId, saved);
      return { status: 'success', message: B.filesUpdated, data: await complianceFiles(request.account.id) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/sente-account/remove-sente-file/:id',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      await accounts.removeComplianceFile(request.account.id, request.params.id);
      return { status: 'success', message: B.fileRemoved, data: await complianceFiles(request.account.id) };
    },
  );

  app.get(
    '/api/sente-account/sente-files',
    { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } },
    async (request) => ({
      status: 'success',
      data: await complianceFiles(request.account.id),
    }),
  );
}
