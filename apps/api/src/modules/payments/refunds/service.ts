import type { Environment } from '@sente/contracts/constants';
import { API_ERROR_CODES, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import type { ApiRefund } from '@sente/contracts/merchant-api-objects';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { fieldError, HttpError } from '../../../lib/http-error.ts';
import { requestHash } from '../../../lib/idempotency.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { storedReason } from '../../../lib/stored-reason.ts';
import { type Authority, CARD_REFUND_NUMBER, type Disburse } from '../../money/disbursements.ts';
import type { PaymentProvider, ProviderRegistry } from '../../money/providers/provider.ts';
import { toApiRefund } from './public-object.ts';
import { findRefund, lockPayment, paidAndRefunded, refundableCollection, refundsOf } from './repository.ts';

/** What a payment's refunds paid back (successful) and will pay back once paid (pending). */
export type RefundedSoFar = { refunded: number; pending: number };

/** Why nothing is left to refund (refunded in full, or the rest pending), or null when something is. */
function nothingLeftToRefund(amount: number, { refunded, pending }: RefundedSoFar): string | null {
  if (refunded >= amount) return R.refundedInFull;
  return refunded + pending >= amount ? R.pendingCoversRest : null;
}

/** The facts of a payment a refund is decided on. */
export type RefundableCollection = {
  id: string;
  status: string;
  channel: string;
  msisdn: string | null;
  amount: number | string;
  environment: Environment;
};

/**
 * Which provider pays a payment back, or why none can: a mobile-money payment goes back to the
 * payer's number through the provider's disbursement (the simulator in test); a test card payment through the
 * simulator; a live card payment cannot be, for there is no card acquirer.
 */
function refundRail(
  providers: ProviderRegistry,
  collection: RefundableCollection,
): { provider: PaymentProvider } | { refused: string; code?: string } {
  if (collection.channel === 'CARD' || collection.msisdn === null) {
    if (collection.environment === 'production') return { refused: R.liveCard };
    const simulator = providers.forPayout('test', CARD_REFUND_NUMBER);
    return simulator ? { provider: simulator } : { refused: R.liveCard };
  }
  const provider = providers.forPayout(collection.environment, collection.msisdn);
  return provider ? { provider } : { refused: R.liveUnavailable, code: API_ERROR_CODES.liveUnavailable };
}

/**
 * Why no refund of this payment can be made now (null when one can), given what its refunds paid back and what those
 * not paid yet will (decision 073).
 */
export function refundBlock(
  providers: ProviderRegistry,
  collection: RefundableCollection,
  { refunded, pending }: RefundedSoFar,
): string | null {
  if (collection.status !== 'successful') return R.notSuccessful;
  const nothingLeft = nothingLeftToRefund(Number(collection.amount), { refunded, pending });
  if (nothingLeft) return nothingLeft;
  const rail = refundRail(providers, collection);
  return 'refused' in rail ? rail.refused : null;
}

type Options = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  /** The one money-out frame (transfers/disburse.ts): the hold, the rules, the approval, the row and the hand-over. */
  disburse: Disburse;
};

/** What a refund asks: the amount (everything left when absent, /v1 only) and why (optional on /v1). */
export type RefundAsk = { amount?: number | undefined; reason?: string | undefined };

/**
 * Refunds (decision 053): a payment paid back to its payer, in whole or in parts up to what was
 * paid, as a transfer of kind `refund` through the one money-out frame (transfers/disburse.ts, handed in as `disburse`).
 * In its transaction the PIN token is spent (an API key spends none), the payment's row is locked (so two refunds of it
 * are decided one after the other: of two refunds of the whole amount at once, one wins), what is left to refund is
 * checked, the amount is held from the merchant wallet of the payment's environment (refused when the balance cannot
 * cover it) and the refund written; its `transfer.pending` counts it pending on the payment and writes the timeline's
 * step (subscribers.ts). Then the provider is asked to pay; its refusal returns the money at once, its later failure
 * when it reports (transfers/completion.ts). The payment's fee is not returned.
 */
export function createRefunds({ db, providers, disburse }: Options) {
  async function refund(
    scope: MoneyScope,
    authority: Authority,
    collectionId: string,
    ask: RefundAsk,
    idempotencyKey: string | undefined,
    notFound: () => Error,
  ): Promise<{ refund: ApiRefund; replayed: boolean }> {
    if (!isUuid(collectionId)) throw notFound();
    const collection = await refundableCollection(db, scope, collectionId);
    if (!collection) throw notFound();
    if (collection.status !== 'successful') throw new HttpError(400, R.notSuccessful);
    const rail = refundRail(providers, collection);
    if ('refused' in rail) throw new HttpError(400, rail.refused, rail.code ? { code: rail.code } : {});
    // Cleaned as every reason is (lib/stored-reason.ts); absent (/v1 only) it is stored empty and answered null.
    const reason =
      ask.reason === undefined
        ? ''
        : storedReason(ask.reason, 'apiKey' in authority ? MERCHANT_API_MESSAGES.reasonWithoutText : R.reasonMissing);
    const hash = requestHash({
      kind: 'refund',
      collection: collectionId,
      amount: ask.amount ?? null,
      reason: ask.reason ?? null,
    });
    const moved = await disburse('refund', {
      scope,
      authority,
      idempotency: { key: idempotencyKey, hash },
      amount: (trx) => amountToRefund(trx, collectionId, ask.amount),
      reason,
      // A card refund has no number: the simulator pays it back to the card.
      to: { provider: rail.provider, msisdn: collection.msisdn },
      collectionId,
    });
    return { refund: toApiRefund((await findRefund(db, scope, moved.id))!), replayed: moved.replayed };
  }

  return {
    /**
     * A payment paid back to its payer: by a member with the wallet PIN's token, or with the API key (/v1).
     * `notFound` is the caller's own 404 for a payment not of the scope.
     */
    refund,

    /** Why a payment of the scope cannot be refunded now, given what is refunded and pending; null when it can. */
    refundBlock: (collection: RefundableCollection, soFar: RefundedSoFar) => refundBlock(providers, collection, soFar),

    /** One refund of the scope's account and environment, or undefined. */
    find: (scope: MoneyScope, id: string) => findRefund(db, scope, id),

    /** A payment's refunds, newest first. */
    of: (collectionId: string) => refundsOf(db, collectionId),
  };
}

export type RefundsService = ReturnType<typeof createRefunds>;

/**
 * Locks the payment's row and answers the amount this refund takes: `asked`, or all that is left when not asked;
 * refused when nothing is left or more is asked than is left. The lock is held to the transaction's end, so a second
 * refund of the same payment waits here and then counts this one.
 */
async function amountToRefund(trx: Transaction<Database>, collectionId: string, asked: number | undefined) {
  await lockPayment(trx, collectionId);
  // Counted in a statement of its own, after the lock: under READ COMMITTED a statement that waited for the lock still
  // reads with the snapshot it began with, so a sum in the locking statement would miss the refund that held it.
  const row = await paidAndRefunded(trx, collectionId);
  const soFar = { refunded: Number(row.amount_refunded), pending: Number(row.amount_refund_pending) };
  const nothingLeft = nothingLeftToRefund(Number(row.amount), soFar);
  if (nothingLeft) throw new HttpError(400, nothingLeft);
  const left = Number(row.amount) - soFar.refunded - soFar.pending;
  const amount = asked ?? left;
  if (amount > left) throw fieldError('amount', R.moreThanLeft(left));
  return amount;
}
