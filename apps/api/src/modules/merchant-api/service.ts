import type { Page } from '@sente/contracts/api';
import {
  API_ERROR_CODES,
  type CollectionRequest,
  type CollectionsQuery,
  MERCHANT_API_MESSAGES as M,
  type PayoutRequest,
  type RefundRequest,
} from '@sente/contracts/merchant-api';
import type { PayoutBatchRequest } from '@sente/contracts/merchant-api-batches';
import type { ApiBalance, ApiCollection, ApiPayout, ApiRefund } from '@sente/contracts/merchant-api-objects';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyActor } from '../../lib/actor.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { apiKeyId, findAccountByApiKey } from '../developers/api-keys.ts';
import { merchantBalances } from '../money/ledger.ts';
import * as collectionsRepo from '../payments/list-repository.ts';
import { toApiCollection } from '../payments/public-object.ts';
import { toApiRefund } from '../payments/refunds/public-object.ts';
import type { RefundsService } from '../payments/refunds/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { ApiBatches } from '../transfers/batches/api-batches.ts';
import { toApiPayout } from '../transfers/public-object.ts';
import type { TransferService } from '../transfers/service.ts';
import { collectionsPage, countMatching, findCollection, findPayout, isApproved } from './repository.ts';

/** Whose money a call to /v1 acts on: the key's account, in the key's environment; and which key acts. */
export type KeyScope = ApiKeyActor;

type Deps = {
  db: Kysely<Database>;
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  payments: PaymentsService;
  transfers: TransferService;
  refunds: RefundsService;
  batches: ApiBatches;
};

/**
 * Decision 026: the merchant REST API's rules over the services that move money. The key is the authority: no PIN, but
 * the same provider, balance checks, charges and ledger postings as the dashboard and the pay pages. Every read is
 * scoped to the key's account and environment, so another account's ids, or the other environment's, are not found.
 */
export function createMerchantApiService({ db, secrets, payments, transfers, refunds, batches }: Deps) {
  /** Live money needs an approved account, as the dashboard's switch to live mode does. */
  async function requireApprovedForLive(scope: KeyScope) {
    if (scope.environment === 'production' && !(await isApproved(db, scope.accountId))) {
      throw new HttpError(403, M.notApproved, { code: API_ERROR_CODES.accountNotApproved });
    }
  }

  async function collection(scope: KeyScope, id: string): Promise<ApiCollection> {
    const row = isUuid(id) ? await findCollection(db, scope, id) : undefined;
    if (!row) throw notFound(M.collectionNotFound);
    return toApiCollection(row);
  }

  async function payout(scope: KeyScope, id: string): Promise<ApiPayout> {
    const row = isUuid(id) ? await findPayout(db, scope, id) : undefined;
    if (!row) throw notFound(M.payoutNotFound);
    return toApiPayout(row);
  }

  return {
    /** The account and environment of a presented key; undefined for a wrong, malformed or replaced key. */
    /** The actor of a /v1 call (the API key guard's, built nowhere else): the key's account, environment and id. */
    async authenticate(presentedKey: string): Promise<ApiKeyActor | undefined> {
      const scope = await findAccountByApiKey(db, secrets, presentedKey);
      return scope && { kind: 'apiKey', keyId: apiKeyId(secrets, presentedKey), ...scope };
    },

    async createCollection(scope: KeyScope, input: CollectionRequest, idempotencyKey: string | undefined) {
      await requireApprovedForLive(scope);
      const { id, replayed } = await payments.collect(scope, input, idempotencyKey);
      return { collection: await collection(scope, id), replayed };
    },

    collection,

    async collections(scope: KeyScope, { cursor: cursorValue, ...filters }: CollectionsQuery): Promise<Page<ApiCollection>> {
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      if (cursor && cursor.scope !== 'collections') throw badRequest(LINK_MESSAGES.invalidCursor);
      const filtered = Object.values(filters).some((value) => value !== undefined);
      // Unfiltered, the total is the counter the dashboard reads (decision 022); filtered, the matches are counted.
      const [rows, total] = await Promise.all([
        collectionsPage(db, scope, filters, cursor),
        filtered ? countMatching(db, scope, filters) : collectionsRepo.countCollections(db, scope),
      ]);
      return toPage(rows, total, 'collections', toApiCollection);
    },

    async createPayout(scope: KeyScope, input: PayoutRequest, idempotencyKey: string | undefined) {
      await requireApprovedForLive(scope);
      try {
        const { row, replayed } = await transfers.payoutWithApiKey(scope, input, idempotencyKey);
        return { payout: await payout(scope, row.id), replayed };
      } catch (error) {
        if (error instanceof HttpError && error.details.code === API_ERROR_CODES.insufficientBalance) {
          throw new HttpError(400, M.insufficientBalance, { code: API_ERROR_CODES.insufficientBalance });
        }
        throw error;
      }
    },

    payout,

    /** POST /v1/refunds (decision 053): the key is the authority, as for a payout; the answer is the refund object. */
    async createRefund(scope: KeyScope, input: RefundRequest, idempotencyKey: string | undefined) {
      await requireApprovedForLive(scope);
      const { collection_id: collectionId, ...ask } = input;
      return refunds.refund(scope, { apiKey: scope }, collectionId, ask, idempotencyKey, () => notFound(M.collectionNotFound));
    },

    async refund(scope: KeyScope, id: string): Promise<ApiRefund> {
      const row = isUuid(id) ? await refunds.find(scope, id) : undefined;
      if (!row) throw notFound(M.refundNotFound);
      return toApiRefund(row);
    },

    /** POST /v1/payout-batches: the key proposes; a member approves in the dashboard. Live needs an approved account. */
    async createPayoutBatch(scope: KeyScope, input: PayoutBatchRequest, idempotencyKey: string) {
      await requireApprovedForLive(scope);
      return batches.propose(scope, input, idempotencyKey);
    },

    payoutBatch: (scope: KeyScope, id: string) => batches.batch(scope, id),

    payoutBatchRows: (scope: KeyScope, id: string, cursor: string | undefined) => batches.rows(scope, id, cursor),

    async balance(scope: KeyScope): Promise<ApiBalance> {
      const { UGX } = await merchantBalances(db, scope.accountId);
      return { environment: scope.environment, currency: 'UGX', available: UGX[scope.environment] };
    },
  };
}

export type MerchantApiService = ReturnType<typeof createMerchantApiService>;
