import type { Page } from '@sente/contracts/api';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { APPROVAL_MESSAGES } from '@sente/contracts/movement-approvals';
import type { PayoutRulesSettings } from '@sente/contracts/payout-rules';
import {
  WALLET_MESSAGES as M,
  TRANSFER_ENV,
  type TransferCharges,
  type TransferRow,
  type TransfersFilter,
  type WalletSummary,
} from '@sente/contracts/transfers';
import type { BankDetails } from '@sente/contracts/transfers-input';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { ApiKeyActor, MemberActor, MemberInScope } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { requestHash } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { storedReason } from '../../lib/stored-reason.ts';
import type { Outbox } from '../events/outbox.ts';
import { DISBURSEMENT_KINDS } from '../money/disbursements.ts';
import { merchantBalances } from '../money/ledger.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import type { ProviderRegistry } from '../money/providers/provider.ts';
import { assertApproversForThreshold } from './approvals/approvers.ts';
import { createCompletion } from './completion.ts';
import { createDisburse } from './disburse.ts';
import { streamTransfersWorkbook } from './export.ts';
import { createWalletTransfers } from './p2p.ts';
import { readPayoutAllowance, readPayoutRules, savePayoutRules } from './payout-rules.ts';
import { createPayouts } from './payouts.ts';
import type { PinService } from './pins.ts';
import * as walletRepo from './repository.ts';
import { createStatementService } from './statement.ts';
import { toTransferRow } from './transfer-row.ts';

type Options = {
  db: Kysely<Database>;
  pins: PinService;
  providers: ProviderRegistry;
  charges: TransferCharges;
  logger: Logger;
  payoutExpirySeconds: number;
  /** A live payout is first asked about this long after its provider accepted it. */
  pollAfterMs: number;
  /** Runs what a completion left in the outbox (a paid refund's receipt) as soon as it commits. */
  outbox: Pick<Outbox, 'dispatch'>;
};

/**
 * The wallet (docs/features.md#money-out): balances, the account look-ups of a transfer, and the ways money leaves a
 * wallet: a wallet transfer (p2p.ts), and a settlement to the bank, a mobile-money payout (payouts.ts) or a refund
 * (payments/refunds), each through the one money-out frame (disburse.ts); completion.ts applies their outcomes.
 */
export function createTransferService({
  db,
  pins,
  providers,
  charges,
  logger,
  payoutExpirySeconds,
  pollAfterMs,
  outbox,
}: Options) {
  const complete = createCompletion(db, outbox);
  const frame = createDisburse({
    db,
    pins,
    providers,
    complete,
    charges,
    expirySeconds: payoutExpirySeconds,
    pollAfterMs,
    logger,
  });
  const { disburse, send, handOver } = frame;
  const p2p = createWalletTransfers({ db, frame, charges });
  const startPayout = createPayouts({ disburse, providers });

  return {
    charges: (): TransferCharges => charges,

    async summary(scope: MoneyScope): Promise<WalletSummary> {
      const { UGX } = await merchantBalances(db, scope.accountId);
      return { charges, current_balance: UGX.production, current_balance_sand_box: UGX.test };
    },

    async usd(accountId: string) {
      const { USD } = await merchantBalances(db, accountId);
      return { current_balance: USD.production, current_balance_sand_box: USD.test };
    },

    /** verify_sente_acc_number: another account's id by its number; one's own is refused. */
    async accountByNumber(actor: MemberInScope, accountNumber: string) {
      const account = await walletRepo.accountByNumber(db, accountNumber.replace(/\s/g, ''));
      if (!account) throw notFound(M.noAccountFound);
      if (account.id === actor.accountId) throw badRequest(M.sameAccount);
      return account;
    },

    /** user_with_sente: the holder of an account, to show at the PIN step. */
    async holder(accountId: string) {
      const account = isUuid(accountId) ? await walletRepo.accountById(db, accountId) : undefined;
      if (!account) throw notFound(M.noAccountFound);
      return account;
    },

    async setBankDetails(accountId: string, details: BankDetails): Promise<void> {
      await walletRepo.setBankDetails(db, accountId, details);
    },

    /** A wallet transfer to another Sente account (p2p.ts). */
    p2p,

    /** The account's payout rules (payout-rules.ts, decision 065): read by every member, set by owners and administrators. */
    payoutRules: (accountId: string) => readPayoutRules(db, accountId),
    async setPayoutRules(accountId: string, actor: MemberActor, settings: PayoutRulesSettings) {
      if (settings.approval_threshold) await assertApproversForThreshold(db, accountId);
      return savePayoutRules(db, accountId, actor.userId, settings);
    },
    /** What the member may still send today under those rules, in the active environment. */
    payoutAllowance: (actor: MemberInScope) => readPayoutAllowance(db, actor, actor.userId),

    /** Request Transfer: holds the amount and charge at once; an operator pays or rejects it later. */
    async requestSettlement(
      actor: MemberInScope,
      input: { amount: number; reason: string; pin_token: string },
      idempotencyKey?: string,
    ) {
      const account = await walletRepo.accountById(db, actor.accountId);
      if (!account?.bank_details) throw badRequest(M.bankDetailsMissing);
      const hash = requestHash({ kind: 'settlement', amount: input.amount, reason: input.reason });
      return disburse('settlement', {
        scope: actor,
        authority: { member: actor, pinToken: input.pin_token },
        idempotency: { key: idempotencyKey, hash },
        amount: input.amount,
        reason: storedReason(input.reason),
        to: { bank: account.bank_details },
      });
    },

    /** Mobile-money payout: debited and held now, paid out or returned when the provider reports. */
    payout: (
      actor: MemberInScope,
      input: { amount: number; account: string; narrative: string; pin_token: string },
      idempotencyKey?: string,
    ) => startPayout(actor, { member: actor, pinToken: input.pin_token }, input, idempotencyKey),

    /** A payout asked for with an API key, which stands for the PIN; no member is its creator. */
    payoutWithApiKey: (
      key: ApiKeyActor,
      input: { amount: number; msisdn: string; reason: string },
      idempotencyKey: string | undefined,
    ) =>
      startPayout(key, { apiKey: key }, { amount: input.amount, account: input.msisdn, narrative: input.reason }, idempotencyKey),

    /**
     * The worker's hand-over of a live payout its request committed but never handed to the provider (decision 041);
     * the caller holds the row (the worker's claim).
     */
    handOverPayout: handOver,

    /** Operator: the settlement was paid to the bank. */
    approveSettlement: (id: string) => (isUuid(id) ? complete(id, ['settlement'], { paid: true }) : Promise.resolve(false)),

    /** Operator: the settlement was refused; the held amount and charge go back to the wallet. */
    rejectSettlement: (id: string, reason: string = M.settlementRejected) =>
      isUuid(id) ? complete(id, ['settlement'], { paid: false, reason }) : Promise.resolve(false),

    pendingSettlements: () => walletRepo.pendingSettlements(db),

    /**
     * A disbursement's outcome (a payout, a batch row's payout or a refund), applied once however often it arrives. A
     * provider reporting paid one already returned to the wallet (it expired in test, or the provider first reported it
     * failed) is not applied twice: it is logged for the operator, who recovers the money from the provider or the
     * merchant.
     */
    async reportDisbursement(id: string, outcome: TransferOutcome): Promise<boolean> {
      const done = await complete(id, DISBURSEMENT_KINDS, outcome);
      if (!done && outcome.paid) {
        const row = await walletRepo.transferStatus(db, id);
        if (row?.status === 'rejected') {
          logger.error(
            { transferId: id, environment: row.environment },
            'a payout reported paid had already been returned to the wallet',
          );
        }
      }
      return done;
    },

    /** A page of the transfers that match the filters (decision 051), with their count; a cursor is a place, as in collections. */
    async list(scope: MoneyScope, { cursor: cursorValue, ...where }: TransfersFilter): Promise<Page<TransferRow>> {
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      // Cursors carry their list's name, so a collections cursor is refused here.
      if (cursor && cursor.scope !== 'transfers') throw badRequest(LINK_MESSAGES.invalidCursor);
      const filtered = Object.values(where).some((value) => value !== undefined);
      const [rows, total] = await Promise.all([
        walletRepo.transfersPage(db, scope, cursor, undefined, where),
        filtered ? walletRepo.countFilteredTransfers(db, scope, where) : walletRepo.countTransfers(db, scope),
      ]);
      return toPage(rows, total, 'transfers', (row) => toTransferRow(row, scope.accountId));
    },

    /** One transfer of the scope as the list shows it (after a second member answered it). */
    async transferRow(scope: MoneyScope, id: string): Promise<TransferRow> {
      const found = await walletRepo.transferIdOfAccount(db, scope.accountId, id);
      if (!found) throw notFound(APPROVAL_MESSAGES.notFound);
      return toTransferRow(await walletRepo.listRecord(db, found.id), scope.accountId);
    },

    /** The settlements spreadsheet of the account (export.ts) under the list's filters, streamed as it is read. */
    exportTransfers: (scope: MoneyScope, where: Omit<TransfersFilter, 'cursor'>, log: FastifyBaseLogger) =>
      streamTransfersWorkbook(db, scope, where, log),

    /** The money-out frame a refund (payments/refunds) moves its money through: its one crossing of the wall. */
    disburse,

    /** What a payout batch's rows (batches/) and an approved movement (approvals/) are completed and handed over by. */
    batchMoneyOut: { complete, send },

    /** The wallet statement and its spreadsheet (statement.ts, decision 052). */
    statement: createStatementService(db),

    /** The environment a transfer names must be the account's active one. */
    assertEnvironment(actor: MemberInScope, env: string | undefined) {
      if (env === undefined) return;
      const expected = TRANSFER_ENV[actor.environment];
      if (env !== expected && env !== actor.environment) throw badRequest(M.envMismatch);
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
