import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { WALLET_MESSAGES as M, type TransferCharges } from '@sente/contracts/transfers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberInScope } from '../../lib/actor.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { requestHash } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { storedReason } from '../../lib/stored-reason.ts';
import type { Disbursed } from '../money/disbursements.ts';
import { InsufficientFundsError, postMovement } from '../money/ledger.ts';
import { walletTransferHeld, walletTransferred } from '../money/movements.ts';
import { walletTransfer } from '../money/wallet-transfer.ts';
import { approvalColumns } from './approvals/movement.ts';
import type { DisburseFrame } from './disburse.ts';
import { checkPayoutRules, hasCaps, needsApproval, readPayoutRules } from './payout-rules.ts';
import { pinTokenHash } from './pins.ts';
import { accountById, insertTransfer, type TransferListRecord } from './repository.ts';
import { type EventTransfer, type Party, transferEvent } from './transfer-events.ts';
import { toTransferRow } from './transfer-row.ts';

type Options = { db: Kysely<Database>; frame: DisburseFrame; charges: TransferCharges };

/** Raised to roll back a wallet transfer's transaction in which its statement wrote nothing. */
class NothingWritten extends Error {}

/**
 * A wallet transfer of an account with payout rules: its one statement, then the rules, in one transaction. The
 * statement locks the sender's wallet as it moves the money, so the rules see every movement before it, and a
 * transfer they refuse rolls back whole (its PIN token too). Answers undefined when the statement wrote nothing.
 */
async function withinRules<Row>(
  db: Kysely<Database>,
  actor: MemberInScope,
  amount: number,
  id: string,
  send: (executor: Kysely<Database>) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const record = await send(trx);
      if (!record) throw new NothingWritten();
      await checkPayoutRules(trx, actor, actor.userId, amount, { written: id });
      return record;
    });
  } catch (error) {
    if (error instanceof NothingWritten) return undefined;
    throw error;
  }
}

/**
 * A wallet transfer: the amount to the recipient and the charge to the platform, both from the sender, at once,
 * in one statement (money/wallet-transfer.ts, decision 030). Only when that statement wrote nothing are the recipient
 * and the Idempotency-Key looked up, to answer the earlier transfer or say why (a missing recipient spends no token).
 */
export function createWalletTransfers({ db, frame, charges }: Options) {
  return async function p2p(
    actor: MemberInScope & { party?: Party },
    input: { recipientAccountId: string; amount: number; reason: string; pin_token: string },
    idempotencyKey?: string,
  ): Promise<Disbursed> {
    if (!isUuid(input.recipientAccountId)) throw notFound(M.noAccountFound);
    // As PostgreSQL reads a uuid: an upper-case spelling of one's own id is still one's own account.
    const recipientId = input.recipientAccountId.toLowerCase();
    if (recipientId === actor.accountId) throw badRequest(M.sameAccount);
    // The sender's name for the recipient's event: the route passes the signed-in account's; other callers are looked up.
    const sender = actor.party ?? (await accountById(db, actor.accountId));
    // An account without caps keeps the one statement; one with caps checks them in its transaction.
    const rules = await readPayoutRules(db, actor.accountId);
    const capped = hasCaps(rules);
    const charge = charges.wallet_transfer;
    const reason = storedReason(input.reason);
    const hash = requestHash({ kind: 'wallet_transfer', to: recipientId, amount: input.amount, reason: input.reason });
    const idempotency = { key: idempotencyKey, hash };
    const currency = 'UGX' as const;
    const at = new Date();
    const transfer: EventTransfer = {
      id: randomUUID(),
      kind: 'wallet_transfer',
      status: 'successful',
      amount: String(input.amount),
      charge: String(charge),
      currency,
      reason,
      failure_reason: null,
      environment: actor.environment,
      created_at: at,
      completed_at: at,
      bank_details: null,
      payout_msisdn: null,
      batch_id: null,
    };
    const key = { currency, environment: actor.environment };
    if (needsApproval(rules, input.amount)) {
      // Above the approval threshold (decision 067): held from the sender, credited when a second member approves it.
      const authority = { member: actor, pinToken: input.pin_token };
      return frame.moveOut('wallet_transfer', actor, authority, idempotency, M.invalidAmount, async (trx) => {
        if (!(await accountById(trx, recipientId))) throw notFound(M.noAccountFound);
        const amounts = { amount: input.amount, charge };
        await postMovement(trx, walletTransferHeld(key, { id: transfer.id, fromAccountId: actor.accountId, ...amounts }));
        await checkPayoutRules(trx, actor, actor.userId, input.amount);
        const row = await insertTransfer(trx, {
          id: transfer.id,
          account_id: actor.accountId,
          environment: actor.environment,
          kind: 'wallet_transfer',
          currency,
          ...amounts,
          reason,
          status: 'pending',
          creator_id: actor.userId,
          recipient_account_id: recipientId,
          idempotency_key: idempotencyKey ?? null,
          request_hash: hash,
          ...(await approvalColumns(trx, {
            accountId: actor.accountId,
            environment: actor.environment,
            kind: 'wallet_transfer',
            amount: input.amount,
            makerId: actor.userId,
          })),
        });
        return row?.id ?? null;
      });
    }
    const send = (executor: Kysely<Database>) =>
      walletTransfer<TransferListRecord>(executor, {
        id: transfer.id,
        at,
        accountId: actor.accountId,
        environment: actor.environment,
        currency,
        userId: actor.userId,
        pinTokenHash: pinTokenHash(input.pin_token),
        recipientAccountId: recipientId,
        amount: input.amount,
        charge,
        reason,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        movement: walletTransferred(key, {
          id: transfer.id,
          fromAccountId: actor.accountId,
          toAccountId: recipientId,
          amount: input.amount,
          charge,
        }),
        events: [
          // The recipient's name goes into the sender's event in the statement, which finds the recipient.
          transferEvent(transfer, { accountId: actor.accountId, direction: 'out' }),
          transferEvent(transfer, { accountId: recipientId, direction: 'in', ...(sender ? { other: sender } : {}) }),
        ],
      });
    let record: TransferListRecord | undefined;
    try {
      record = capped ? await withinRules(db, actor, input.amount, transfer.id, send) : await send(db);
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      const twin = await frame.earlier('wallet_transfer', actor, idempotency);
      if (twin) return frame.answer(twin.id, actor.accountId, true);
      throw new HttpError(400, M.invalidAmount, { code: API_ERROR_CODES.insufficientBalance });
    }
    if (record) return { id: record.id, row: toTransferRow(record, actor.accountId), replayed: false };
    // Nothing written: no such recipient (404), an earlier request holds the key (a replay, or a 409 for another
    // request), else the token was unusable.
    if (!(await accountById(db, recipientId))) throw notFound(M.noAccountFound);
    const earlier = await frame.earlier('wallet_transfer', actor, idempotency);
    if (earlier) return frame.answer(earlier.id, actor.accountId, true);
    throw badRequest(M.pinTokenInvalid);
  };
}
