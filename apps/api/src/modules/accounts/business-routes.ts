import type { ComplianceFile } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { FilesService } from '../files/service.ts';
import type { AccountsService } from './service.ts';

/**
 * Business details: saving is for owners and administrators (the right to 'team, business and bank details,
 * compliance', docs/features.md#roles); every member may read the documents, through links signed for members only
 * (decision 005).
 */
export const businessRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; files: FilesService }> = async (
  app,
  { accounts, files: stored },
) => {
  /** The account's documents, each with a fresh members-only link. */
  async function complianceFiles(accountId: string): Promise<ComplianceFile[]> {
    const rows = await accounts.complianceFiles(accountId);
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        ...(await stored.fileUrl(accountId, row.file_path)),
      })),
    );
  }
  const manager = { access: { account: 'manageAccount' }, rateClass: 'write' } as const;

  route(app, 'POST /api/user/update-business-details', manager, async (request) => {
    await accounts.updateBusinessDetails(request.account.id, request.body);
    return answer(request.body, B.detailsUpdated);
  });

  route(app, 'POST /api/sente-account/save-sente-files', manager, async (request) => {
    await accounts.saveComplianceFiles(request.account.id, request.actor, request.body.files);
    return answer(await complianceFiles(request.account.id), B.filesUpdated);
  });

  route(app, 'POST /api/sente-account/remove-sente-file/:id', manager, async (request) => {
    await accounts.removeComplianceFile(request.account.id, request.params.id);
    return answer(await complianceFiles(request.account.id), B.fileRemoved);
  });

  route(
    app,
    'GET /api/sente-account/sente-files',
    {
      access: { account: 'view' },
      rateClass: 'read',
    },
    async (request) => answer(await complianceFiles(request.account.id)),
  );
};
