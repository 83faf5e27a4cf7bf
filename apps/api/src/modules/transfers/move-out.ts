import { randomUUID } from 'node:crypto';
import type { Currency, Environment } from '@sente/contracts/constants';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { WALLET_MESSAGES as M, type TransferKind, type TransferRow } from '@sente/contracts/transfers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireSameRequest } from '../../lib/idempotency.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { Authority } from '../money/disbursements.ts';
import { InsufficientFundsError, postMovement } from '../money/ledger.ts';
import { type TransferOutKind, transferHeld } from '../money/movements.ts';
import type { PinService } from './pins.ts';
import { findByIdempotencyKey, listRecord } from './repository.ts';
import { toTransferRow } from './transfer-row.ts';

/** Raised inside a transaction to roll it back when a concurrent request with the same Idempotency-Key won. */
class Replayed extends Error {}

/** The answer of a movement out: the transfer as the list shows it, and whether it was an earlier request's. */
export type MovedOut = { row: TransferRow; replayed: boolean };

/**
 * The frame of a settlement or payout: a retry with the same Idempotency-Key answers the first
 * transfer and moves nothing; otherwise, in one transaction, the PIN token is spent (an API key spends none), the
 * transfer row written and its amount and charge held. A wallet that would go below zero is 'Invalid Amount' and
 * nothing is written. (A wallet transfer takes its own one-statement path: p2p.ts.)
 */
export function createMoveOut({ db, pins }: { db: Kysely<Database>; pins: PinService }) {
  /** The transfer an earlier request with this key made, if any; a key used for another kind or request is refused. */
  async function earlier(kind: TransferKind, scope: MoneyScope, idempotency: { key: string | undefined; hash: string }) {
    if (!idempotency.key) return undefined;
    const found = await findByIdempotencyKey(db, scope, idempotency.key);
    if (found && found.kind !== kind) {
      throw new HttpError(400, M.idempotencyKeyReused, { code: API_ERROR_CODES.idempotencyKeyReused });
    }
    if (found) requireSameRequest(found.request_hash, idempotency.hash);
    return found;
  }

  const answer = async (id: string, accountId: string, replayed: boolean): Promise<MovedOut> => ({
    row: toTransferRow(await listRecord(db, id), accountId),
    replayed,
  });

  /**
   * `asked` is what the request asks (no PIN token): the same key asking otherwise is a 409. `work` writes the
   * transfer and its movement and answers its id, or null when a concurrent request with the same key already did.
   */
  async function moveOut(
    kind: TransferKind,
    scope: MoneyScope,
    authority: Authority,
    idempotency: { key: string | undefined; hash: string },
    work: (trx: Transaction<Database>) => Promise<string | null>,
  ): Promise<MovedOut & { id: string }> {
    const first = await earlier(kind, scope, idempotency);
    if (first) return { id: first.id, ...(await answer(first.id, scope.accountId, true)) };
    try {
      const id = await db.transaction().execute(async (trx) => {
        if ('pinToken' in authority) await pins.spend(trx, authority.member, authority.pinToken);
        const created = await work(trx);
        if (!created) throw new Replayed();
        return created;
      });
      return { id, ...(await answer(id, scope.accountId, false)) };
    } catch (error) {
      // A double submit: the twin request with the same key committed while this one waited on the PIN token
      // or the key's row, so this one failed; it answers the twin's transfer, as a later retry would.
      const twin = await earlier(kind, scope, idempotency);
      if (twin) return { id: twin.id, ...(await answer(twin.id, scope.accountId, true)) };
      if (error instanceof InsufficientFundsError) {
        throw new HttpError(400, M.invalidAmount, { code: API_ERROR_CODES.insufficientBalance });
      }
      throw error;
    }
  }

  return { moveOut, earlier, answer };
}

export type MoveOut = ReturnType<typeof createMoveOut>;

/** A settlement or payout about to be written, with the id it will have. */
export type HeldTransfer = {
  id: string;
  kind: TransferOutKind;
  account_id: string;
  environment: Environment;
  currency: Currency;
  amount: number;
  charge: number;
};

/**
 * Holds amount + charge of a new settlement or payout of the account from its merchant wallet (UGX: the only currency
 * money leaves a wallet in today), under an id made here, and answers the transfer's fields so far. Called before the
 * transfer row is inserted, so every transaction takes its wallet rows before the transfer counters (migration 019).
 */
export async function holdNew(
  trx: Transaction<Database>,
  kind: HeldTransfer['kind'],
  scope: MoneyScope,
  amounts: { amount: number; charge: number },
): Promise<HeldTransfer> {
  const held: HeldTransfer = {
    id: randomUUID(),
    kind,
    account_id: scope.accountId,
    environment: scope.environment,
    currency: 'UGX',
    ...amounts,
  };
  await postMovement(trx, transferHeld(held, kind, { ...amounts, id: held.id, accountId: scope.accountId }));
  return held;
}
