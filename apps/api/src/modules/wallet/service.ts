import type { Page } from '@sente/contracts/api';
import type { Environment } from '@sente/contracts/constants';
import { API_ERROR_CODES, API_KEY_CREATOR } from '@sente/contracts/merchant-api';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { formatLocalPhone, SIMULATOR } from '@sente/contracts/payments';
import {
  type BankDetails,
  WALLET_MESSAGES as M,
  maskBankAccountNumber,
  TRANSFER_ENV,
  type TransferCharges,
  type TransferKind,
  type TransferRow,
  type WalletSummary,
} from '@sente/contracts/wallet';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database, TransferRecord, TransfersTable } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { requestHash, requireSameRequest } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { sanitizeReason } from '../../lib/rich-text.ts';
import type { MoneyScope } from '../collections/repository.ts';
import { InsufficientFundsError, merchantBalances, postMovement, walletId } from '../ledger/ledger.ts';
import type { PinService } from './pins.ts';
import type { TransferListRecord, WalletRepository } from './repository.ts';
import { queueTransferEvent } from './transfer-events.ts';

/** Who is moving money: the caller's current account, its active environment, and the member. */
export type MoneyActor = MoneyScope & { userId: string };

/**
 * What allows a movement: a member's single-use PIN token (the dashboard), or the account's API key (issue 16), which
 * is itself the authority and is checked before the service is called.
 */
type Authority = { member: MoneyActor; pinToken: string } | { apiKey: true };

/** The reason a test payout to a number ending in the simulator's fail suffix fails. */
const SIMULATED_PAYOUT_FAILURE = 'The receiving mobile money account could not take the payment';
const PAYOUT_EXPIRED = 'The mobile money provider did not confirm the payout in time';

type Options = {
  db: Kysely<Database>;
  repo: WalletRepository;
  pins: PinService;
  charges: TransferCharges;
  logger: Logger;
  simulatorDelayMs: number;
  payoutExpirySeconds: number;
};

/** Raised inside a transaction to roll it back when a concurrent request with the same Idempotency-Key won. */
class Replayed extends Error {}

export function toTransferRow(row: TransferListRecord, accountId: string): TransferRow {
  const direction = row.account_id === accountId ? 'out' : 'in';
  let counterparty: string | null = null;
  if (row.kind === 'wallet_transfer') {
    counterparty =
      direction === 'out' ? `${row.recipient_name} (${row.recipient_number})` : `${row.sender_name} (${row.sender_number})`;
  } else if (row.kind === 'settlement' && row.bank_details) {
    counterparty = `${row.bank_details.bank_name} ${maskBankAccountNumber(row.bank_details.account_number)}`;
  } else if (row.kind === 'payout' && row.payout_msisdn) {
    counterparty = row.payout_msisdn.startsWith('256') ? formatLocalPhone(row.payout_msisdn) : row.payout_msisdn;
  }
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    direction,
    amount: Number(row.amount),
    // The charge is the sender's: a received transfer shows none.
    charge: direction === 'out' ? Number(row.charge) : 0,
    currency: 'UGX',
    creator:
      row.creator_firstname === null
        ? API_KEY_CREATOR
        : { firstname: row.creator_firstname, lastname: row.creator_lastname ?? '' },
    reason: row.reason,
    status: row.status,
    counterparty,
  };
}

/** The reason as stored: sanitised to the allow-list; one that was nothing but markup is missing. */
function storedReason(text: string): string {
  const reason = sanitizeReason(text);
  if (!reason) throw badRequest(M.reasonMissing);
  return reason;
}

export function createWalletService({ db, repo, pins, charges, logger, simulatorDelayMs, payoutExpirySeconds }: Options) {
  const key = (environment: Environment) => ({ currency: 'UGX' as const, environment });
  const merchantWallet = (trx: Transaction<Database>, accountId: string, environment: Environment) =>
    walletId(trx, { ...key(environment), accountId, kind: 'merchant' });
  const platformWallet = (
    trx: Transaction<Database>,
    environment: Environment,
    kind: 'platform_fee' | 'provider_clearing' | 'settlement_hold',
  ) => walletId(trx, { ...key(environment), accountId: null, kind });

  /**
   * The frame of every money movement out of a wallet (DESIGN §3, §6): a retry with the same Idempotency-Key
   * answers the first transfer and moves nothing; otherwise, in one transaction, the PIN token is spent (an API
   * key spends none), the transfer row written and the ledger moved. A wallet that would go below zero is 'Invalid
   * Amount' and nothing is written. `asked` is what the request asks (no PIN token): the same key asking otherwise is a 409.
   */
  async function moveOut(
    kind: TransferKind,
    actor: MoneyScope,
    authority: Authority,
    idempotency: { key: string | undefined; hash: string },
    work: (trx: Transaction<Database>) => Promise<string | null>,
  ): Promise<{ row: TransferRow; replayed: boolean }> {
    /** The transfer an earlier request with this key made, if any; a key used for another kind or request is refused. */
    const earlier = async () => {
      if (!idempotency.key) return undefined;
      const found = await repo.findByIdempotencyKey(actor, idempotency.key);
      if (found && found.kind !== kind) {
        throw new HttpError(400, M.idempotencyKeyReused, { code: API_ERROR_CODES.idempotencyKeyReused });
      }
      if (found) requireSameRequest(found.request_hash, idempotency.hash);
      return found;
    };
    const answer = async (id: string, replayed: boolean) => ({
      row: toTransferRow(await repo.listRecord(id), actor.accountId),
      replayed,
    });
    const first = await earlier();
    if (first) return answer(first.id, true);
    try {
      const id = await db.transaction().execute(async (trx) => {
        if ('pinToken' in authority) await pins.spend(trx, authority.member, authority.pinToken);
        const created = await work(trx);
        if (!created) throw new Replayed();
        return created;
      });
      return answer(id, false);
    } catch (error) {
      // A double submit: the twin request with the same key committed while this one waited on the PIN token
      // or the key's row, so this one failed; it answers the twin's transfer, as a later retry would.
      const twin = await earlier();
      if (twin) return answer(twin.id, true);
      if (error instanceof InsufficientFundsError) {
        throw new HttpError(400, M.invalidAmount, { code: API_ERROR_CODES.insufficientBalance });
      }
      throw error;
    }
  }

  /** Writes the transfer row; null when a concurrent request with the same Idempotency-Key already did. */
  async function insertTransfer(trx: Transaction<Database>, values: Insertable<TransfersTable>): Promise<TransferRecord | null> {
    const row = await trx
      .insertInto('transfers')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['account_id', 'environment', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Moves the held amount and charge of a settlement or payout out (paid) or back to the wallet (refused). */
  async function finish(
    id: string,
    kind: 'settlement' | 'payout',
    outcome: { paid: true } | { paid: false; reason: string },
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const transfer = await trx
        .updateTable('transfers')
        .set({
          status: outcome.paid ? 'successful' : 'rejected',
          failure_reason: outcome.paid ? null : outcome.reason,
          completed_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!transfer) return false;
      await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
      const amount = Number(transfer.amount);
      const charge = Number(transfer.charge);
      const hold = await platformWallet(trx, transfer.environment, 'settlement_hold');
      const postings = outcome.paid
        ? [
            { walletId: hold, amount: -(amount + charge) },
            { walletId: await platformWallet(trx, transfer.environment, 'provider_clearing'), amount },
            { walletId: await platformWallet(trx, transfer.environment, 'platform_fee'), amount: charge },
          ]
        : [
            { walletId: hold, amount: -(amount + charge) },
            { walletId: await merchantWallet(trx, transfer.account_id, transfer.environment), amount: amount + charge },
          ];
      await postMovement(trx, {
        kind: `${kind}_${outcome.paid ? 'paid' : 'returned'}`,
        environment: transfer.environment,
        referenceId: transfer.id,
        postings,
      });
      return true;
    });
  }

  /** Holds amount + charge from the merchant wallet for a settlement or payout. */
  async function hold(trx: Transaction<Database>, actor: MoneyScope, id: string, kind: string, total: number) {
    await postMovement(trx, {
      kind: `${kind}_hold`,
      environment: actor.environment,
      referenceId: id,
      postings: [
        { walletId: await merchantWallet(trx, actor.accountId, actor.environment), amount: -total },
        { walletId: await platformWallet(trx, actor.environment, 'settlement_hold'), amount: total },
      ],
    });
  }

  /** A mobile-money payout (DESIGN §6): debited and held now, paid out or returned when the provider reports. */
  async function startPayout(
    actor: MoneyScope,
    authority: Authority,
    input: { amount: number; account: string; narrative: string },
    idempotencyKey: string | undefined,
  ) {
    if (actor.environment !== 'test') {
      throw new HttpError(400, M.liveUnavailable, { code: API_ERROR_CODES.liveUnavailable });
    }
    const charge = charges.payout;
    const now = Date.now();
    const fails = input.account.endsWith(SIMULATOR.failSuffix);
    const staysPending = input.account.endsWith(SIMULATOR.stayPendingSuffix);
    const reason = storedReason(input.narrative);
    const hash = requestHash({ kind: 'payout', amount: input.amount, phone: input.account, narrative: input.narrative });
    return moveOut('payout', actor, authority, { key: idempotencyKey, hash }, async (trx) => {
      const transfer = await insertTransfer(trx, {
        account_id: actor.accountId,
        environment: actor.environment,
        kind: 'payout',
        amount: input.amount,
        charge,
        reason,
        status: 'pending',
        creator_id: 'member' in authority ? authority.member.userId : null,
        payout_msisdn: input.account,
        simulated_outcome: staysPending ? null : fails ? 'failed' : 'successful',
        settle_at: staysPending ? null : new Date(now + simulatorDelayMs),
        expires_at: new Date(now + payoutExpirySeconds * 1000),
        idempotency_key: idempotencyKey ?? null,
        request_hash: hash,
      });
      if (!transfer) return null;
      await hold(trx, actor, transfer.id, 'payout', input.amount + charge);
      await queueTransferEvent(trx, transfer, { accountId: actor.accountId, direction: 'out' });
      return transfer.id;
    });
  }

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

    /** spec §7 verify_sente_acc_number: another account's id by its number; one's own is refused. */
    async accountByNumber(actor: MoneyActor, accountNumber: string) {
      const account = await repo.accountByNumber(accountNumber.replace(/\s/g, ''));
      if (!account) throw notFound(M.noAccountFound);
      if (account.id === actor.accountId) throw badRequest(M.sameAccount);
      return account;
    },

    /** spec §7 user_with_sente: the holder of an account, to show at the PIN step. */
    async holder(accountId: string) {
      const account = isUuid(accountId) ? await repo.accountById(accountId) : undefined;
      if (!account) throw notFound(M.noAccountFound);
      return account;
    },

    async setBankDetails(accountId: string, details: BankDetails): Promise<void> {
      await repo.setBankDetails(accountId, details);
    },

    /** Spec §7 wallet transfer: amount to the recipient, the charge to the platform, both from the sender, at once. */
    async p2p(
      actor: MoneyActor,
      input: { recipientAccountId: string; amount: number; reason: string; pin_token: string },
      idempotencyKey?: string,
    ) {
      const recipient = isUuid(input.recipientAccountId) ? await repo.accountById(input.recipientAccountId) : undefined;
      if (!recipient) throw notFound(M.noAccountFound);
      if (recipient.id === actor.accountId) throw badRequest(M.sameAccount);
      const charge = charges.wallet_transfer;
      const reason = storedReason(input.reason);
      const hash = requestHash({ kind: 'wallet_transfer', to: recipient.id, amount: input.amount, reason: input.reason });
      const sender = await repo.accountById(actor.accountId);
      return moveOut(
        'wallet_transfer',
        actor,
        { member: actor, pinToken: input.pin_token },
        { key: idempotencyKey, hash },
        async (trx) => {
          const transfer = await insertTransfer(trx, {
            account_id: actor.accountId,
            environment: actor.environment,
            kind: 'wallet_transfer',
            amount: input.amount,
            charge,
            reason,
            status: 'successful',
            creator_id: actor.userId,
            recipient_account_id: recipient.id,
            idempotency_key: idempotencyKey ?? null,
            request_hash: hash,
            completed_at: new Date(),
          });
          if (!transfer) return null;
          await postMovement(trx, {
            kind: 'wallet_transfer',
            environment: actor.environment,
            referenceId: transfer.id,
            postings: [
              { walletId: await merchantWallet(trx, actor.accountId, actor.environment), amount: -(input.amount + charge) },
              { walletId: await merchantWallet(trx, recipient.id, actor.environment), amount: input.amount },
              { walletId: await platformWallet(trx, actor.environment, 'platform_fee'), amount: charge },
            ],
          });
          await queueTransferEvent(trx, transfer, { accountId: actor.accountId, direction: 'out', other: recipient });
          await queueTransferEvent(trx, transfer, {
            accountId: recipient.id,
            direction: 'in',
            ...(sender ? { other: sender } : {}),
          });
          return transfer.id;
        },
      );
    },

    /** Request Transfer: holds the amount and charge at once; an operator pays or rejects it later. */
    async requestSettlement(
      actor: MoneyActor,
      input: { amount: number; reason: string; pin_token: string },
      idempotencyKey?: string,
    ) {
      const account = await repo.accountById(actor.accountId);
      if (!account?.bank_details) throw badRequest(M.bankDetailsMissing);
      const bank = account.bank_details;
      const charge = charges.settlement;
      const reason = storedReason(input.reason);
      const hash = requestHash({ kind: 'settlement', amount: input.amount, reason: input.reason });
      return moveOut(
        'settlement',
        actor,
        { member: actor, pinToken: input.pin_token },
        { key: idempotencyKey, hash },
        async (trx) => {
          const transfer = await insertTransfer(trx, {
            account_id: actor.accountId,
            environment: actor.environment,
            kind: 'settlement',
            amount: input.amount,
            charge,
            reason,
            status: 'pending',
            creator_id: actor.userId,
            bank_details: JSON.stringify(bank),
            idempotency_key: idempotencyKey ?? null,
            request_hash: hash,
          });
          if (!transfer) return null;
          await hold(trx, actor, transfer.id, 'settlement', input.amount + charge);
          await queueTransferEvent(trx, transfer, { accountId: actor.accountId, direction: 'out' });
          return transfer.id;
        },
      );
    },

    /** Mobile-money payout: debited and held now, paid out or returned when the provider reports. */
    payout: (
      actor: MoneyActor,
      input: { amount: number; account: string; narrative: string; pin_token: string },
      idempotencyKey?: string,
    ) => startPayout(actor, { member: actor, pinToken: input.pin_token }, input, idempotencyKey),

    /** Issue 16: a payout asked for with an API key, which stands for the PIN; no member is its creator. */
    payoutWithApiKey: (
      scope: MoneyScope,
      input: { amount: number; msisdn: string; reason: string },
      idempotencyKey: string | undefined,
    ) =>
      startPayout(
        scope,
        { apiKey: true },
        { amount: input.amount, account: input.msisdn, narrative: input.reason },
        idempotencyKey,
      ),

    /** Operator: the settlement was paid to the bank. */
    approveSettlement: (id: string) => (isUuid(id) ? finish(id, 'settlement', { paid: true }) : Promise.resolve(false)),

    /** Operator: the settlement was refused; the held amount and charge go back to the wallet. */
    rejectSettlement: (id: string, reason = 'Rejected by Sente') =>
      isUuid(id) ? finish(id, 'settlement', { paid: false, reason }) : Promise.resolve(false),

    pendingSettlements: () => repo.pendingSettlements(),

    /** A provider's report on a payout, applied once however often it arrives. */
    reportPayout: (id: string, outcome: { paid: true } | { paid: false; reason: string }) => finish(id, 'payout', outcome),

    /** Applies due simulated payout reports and returns expired ones to their wallets (the payment worker calls it). */
    async sweep(now = new Date()): Promise<number> {
      let done = 0;
      for (const payout of await repo.duePayouts(now)) {
        const due = payout.settle_at !== null && payout.settle_at <= now && payout.simulated_outcome !== null;
        const outcome = due
          ? payout.simulated_outcome === 'successful'
            ? ({ paid: true } as const)
            : ({ paid: false, reason: SIMULATED_PAYOUT_FAILURE } as const)
          : ({ paid: false, reason: PAYOUT_EXPIRED } as const);
        try {
          if (await finish(payout.id, 'payout', outcome)) done += 1;
        } catch (error) {
          logger.error({ err: error, transferId: payout.id }, 'payout report failed');
        }
      }
      return done;
    },

    async list(scope: MoneyScope, cursorValue: string | undefined): Promise<Page<TransferRow>> {
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      // Cursors carry their list's name, so a collections cursor is refused here.
      if (cursor && cursor.scope !== 'transfers') throw badRequest(LINK_MESSAGES.invalidCursor);
      const [rows, total] = await Promise.all([repo.transfersPage(scope, cursor), repo.countTransfers(scope)]);
      return toPage(rows, total, 'transfers', (row) => toTransferRow(row, scope.accountId));
    },

    /** Spec §7: the environment a transfer names must be the account's active one. */
    assertEnvironment(actor: MoneyActor, env: string | undefined) {
      if (env === undefined) return;
      const expected = TRANSFER_ENV[actor.environment];
      if (env !== expected && env !== actor.environment) throw badRequest(M.envMismatch);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
