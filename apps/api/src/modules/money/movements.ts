import type { Currency, Environment } from '@sente/contracts/constants';
import type { WalletKind } from './tables.ts';

/**
 * Every kind of money movement the ledger knows: a collection, and for each kind of money out of a wallet (and a wallet
 * transfer held for a second member) its hold, its payment and its return. A new kind of movement is added here, with its
 * builder below: the only place postings are written (money/boundary.unit.test.ts keeps it so).
 */
export type MovementKind =
  | 'collection'
  | 'wallet_transfer'
  | `${TransferOutKind | 'wallet_transfer'}_${'hold' | 'paid' | 'returned'}`;

type WalletKey = { accountId: string | null; kind: WalletKind; currency: Currency; environment: Environment };
/**
 * `shardKey`: the reference whose shard a platform posting books into when it is not the movement's own (ledger.ts
 * shardOf): a batch row's share leaves the hold its batch's approval put it in.
 */
export type Posting = { wallet: WalletKey; amount: number; shardKey?: string };
/** Only this file has it, so a movement written as an object literal elsewhere is a type error. */
declare const catalogued: unique symbol;

/** One balanced set of postings under one reference; built only by the functions below, posted by ledger.ts. */
export type Movement = {
  kind: MovementKind;
  environment: Environment;
  referenceId: string;
  postings: Posting[];
  readonly [catalogued]: true;
};

/**
 * Money that leaves a merchant wallet through a provider: a settlement to a bank, a payout to mobile money, or a
 * refund of a payment to its payer (decision 053; its charge is 0: the payment's fee is not returned either), or one row
 * of a payout batch (decision 066: held with its batch, released on its own as a payout's is).
 */
export type TransferOutKind = 'settlement' | 'payout' | 'refund' | 'batch_payout';

type Where = { currency: Currency; environment: Environment };

const merchant = (where: Where, accountId: string): WalletKey => ({ ...where, accountId, kind: 'merchant' });
const platform = (where: Where, kind: 'provider_clearing' | 'platform_fee' | 'settlement_hold'): WalletKey => ({
  ...where,
  accountId: null,
  kind,
});

function movement(kind: MovementKind, where: Where, referenceId: string, postings: Posting[]): Movement {
  return { kind, environment: where.environment, referenceId, postings } as Movement;
}

/** A successful collection: the provider owes the amount; the merchant gets it less the fee, the platform the fee. */
export function collectionSettled(
  where: Where,
  collection: { id: string; accountId: string; amount: number; fee: number },
): Movement {
  return movement('collection', where, collection.id, [
    { wallet: platform(where, 'provider_clearing'), amount: -collection.amount },
    { wallet: merchant(where, collection.accountId), amount: collection.amount - collection.fee },
    { wallet: platform(where, 'platform_fee'), amount: collection.fee },
  ]);
}

/** A settlement or payout starts: its amount and charge leave the merchant wallet and wait in the hold. */
export function transferHeld(
  where: Where,
  kind: TransferOutKind,
  transfer: { id: string; accountId: string; amount: number; charge: number },
): Movement {
  const total = transfer.amount + transfer.charge;
  return movement(`${kind}_hold`, where, transfer.id, [
    { wallet: merchant(where, transfer.accountId), amount: -total },
    { wallet: platform(where, 'settlement_hold'), amount: total },
  ]);
}

/**
 * A payout batch is approved: the total of its rows with their charges leaves the merchant wallet at once and waits in
 * the hold, under the batch's id; each row's transfer then releases its own share (holdReleased, kind batch_payout).
 */
export function batchHeld(where: Where, batch: { id: string; accountId: string; total: number }): Movement {
  return movement('batch_payout_hold', where, batch.id, [
    { wallet: merchant(where, batch.accountId), amount: -batch.total },
    { wallet: platform(where, 'settlement_hold'), amount: batch.total },
  ]);
}

/**
 * A held settlement or payout ends: paid, the amount goes to the provider's clearing and the charge to the platform;
 * returned, both go back to the merchant wallet. `heldUnder`: the reference it was held under, when not its own (a
 * batch row: its batch's id).
 */
export function holdReleased(
  where: Where,
  kind: TransferOutKind,
  transfer: { id: string; accountId: string; amount: number; charge: number; heldUnder?: string },
  paid: boolean,
): Movement {
  const total = transfer.amount + transfer.charge;
  const held: Posting = { wallet: platform(where, 'settlement_hold'), amount: -total, shardKey: transfer.heldUnder };
  return paid
    ? movement(`${kind}_paid`, where, transfer.id, [
        held,
        { wallet: platform(where, 'provider_clearing'), amount: transfer.amount },
        { wallet: platform(where, 'platform_fee'), amount: transfer.charge },
      ])
    : movement(`${kind}_returned`, where, transfer.id, [held, { wallet: merchant(where, transfer.accountId), amount: total }]);
}

/** Money from one Sente account to another: the sender pays the amount and the charge, the platform keeps the charge. */
export function walletTransferred(
  where: Where,
  transfer: { id: string; fromAccountId: string; toAccountId: string; amount: number; charge: number },
): Movement {
  return movement('wallet_transfer', where, transfer.id, [
    { wallet: merchant(where, transfer.fromAccountId), amount: -(transfer.amount + transfer.charge) },
    { wallet: merchant(where, transfer.toAccountId), amount: transfer.amount },
    { wallet: platform(where, 'platform_fee'), amount: transfer.charge },
  ]);
}

/**
 * A wallet transfer above the account's approval threshold (decision 067) is held first: the amount and charge leave
 * the sender for the hold, under the transfer's id, until a second member answers it.
 */
export function walletTransferHeld(
  where: Where,
  transfer: { id: string; fromAccountId: string; amount: number; charge: number },
): Movement {
  const total = transfer.amount + transfer.charge;
  return movement('wallet_transfer_hold', where, transfer.id, [
    { wallet: merchant(where, transfer.fromAccountId), amount: -total },
    { wallet: platform(where, 'settlement_hold'), amount: total },
  ]);
}

/** A held wallet transfer is answered: approved, the recipient gets the amount and the platform the charge; else both return. */
export function walletTransferReleased(
  where: Where,
  transfer: { id: string; fromAccountId: string; toAccountId: string; amount: number; charge: number },
  paid: boolean,
): Movement {
  const total = transfer.amount + transfer.charge;
  const held = { wallet: platform(where, 'settlement_hold'), amount: -total };
  return paid
    ? movement('wallet_transfer_paid', where, transfer.id, [
        held,
        { wallet: merchant(where, transfer.toAccountId), amount: transfer.amount },
        { wallet: platform(where, 'platform_fee'), amount: transfer.charge },
      ])
    : movement('wallet_transfer_returned', where, transfer.id, [
        held,
        { wallet: merchant(where, transfer.fromAccountId), amount: total },
      ]);
}
