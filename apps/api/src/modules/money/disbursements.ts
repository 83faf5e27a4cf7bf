import type { Currency } from '@sente/contracts/constants';
import { REFUND_MESSAGES } from '@sente/contracts/refunds';
import { type TransferCharges, type TransferKind, type TransferRow, WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { BankDetails } from '@sente/contracts/transfers-input';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyActor, MemberInScope } from '../../lib/actor.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { TransferOutKind } from './movements.ts';
import type { PaymentProvider } from './providers/provider.ts';

/**
 * What a kind of money out of a merchant wallet is, said once (decision 087). A kind missing from OUT_KINDS fails the
 * type-check, and so does one missing from the subscribers' registry (subscribers.ts: what follows its request, its
 * completion and its money's release), so a new kind cannot compile until each of its behaviours is given.
 */
export type OutKind = {
  /**
   * How the money leaves: handed to a provider's disbursement to a mobile-money number (the hand-over, the worker, the
   * reconciler, callbacks and expiry carry it), or paid to a bank by an operator who then approves or rejects it.
   */
  rail: 'provider' | 'operator';
  /** Held by its own request (transfers/disburse.ts), or with its batch when the batch is approved (decision 066). */
  heldBy: 'itself' | 'batch';
  /**
   * Whether the payout rules' cap per payout applies (decision 065); the daily caps count every kind. A refund pays a
   * payer back at most what they paid, so the cap per payout does not apply to it.
   */
  perPayoutCap: boolean;
  /** Its charge from the fee schedule (a refund has none: the payment's fee is not returned either). */
  charge: (charges: TransferCharges) => number;
  /** What its request is told when the wallet cannot cover it. */
  balanceTooLow: string;
  /**
   * The subject of its webhook events for the account's Payments URL (`payout.successful`...), or null when its
   * feature sends its own (a refund's `refund.*`, payments/subscribers.ts).
   */
  webhook: 'payout' | 'settlement' | null;
  /** A mobile-money payout to a receiver: listed by `/v1/payouts`, counted as paid out in the daily summary. */
  payout: boolean;
};

export const OUT_KINDS = {
  settlement: {
    rail: 'operator',
    heldBy: 'itself',
    perPayoutCap: true,
    charge: (charges) => charges.settlement,
    balanceTooLow: WALLET_MESSAGES.invalidAmount,
    webhook: 'settlement',
    payout: false,
  },
  payout: {
    rail: 'provider',
    heldBy: 'itself',
    perPayoutCap: true,
    charge: (charges) => charges.payout,
    balanceTooLow: WALLET_MESSAGES.invalidAmount,
    webhook: 'payout',
    payout: true,
  },
  refund: {
    rail: 'provider',
    heldBy: 'itself',
    perPayoutCap: false,
    charge: () => 0,
    balanceTooLow: REFUND_MESSAGES.balanceTooLow,
    webhook: null,
    payout: false,
  },
  batch_payout: {
    rail: 'provider',
    heldBy: 'batch',
    perPayoutCap: true,
    charge: (charges) => charges.payout,
    balanceTooLow: WALLET_MESSAGES.invalidAmount,
    webhook: 'payout',
    payout: true,
  },
} as const satisfies Record<TransferOutKind, OutKind>;

/** The kinds whose record's `field` is `value`. */
type KindsWith<F extends keyof OutKind, V> = {
  [K in TransferOutKind]: (typeof OUT_KINDS)[K][F] extends V ? K : never;
}[TransferOutKind];

/** The kinds of money out whose record says `which`. */
export const outKindsWhere = (which: (kind: OutKind) => boolean): TransferOutKind[] =>
  (Object.keys(OUT_KINDS) as TransferOutKind[]).filter((kind) => which(OUT_KINDS[kind] satisfies OutKind));

/** Whether a transfer's kind is a kind of money out (a wallet transfer is not: it stays inside Sente). */
export const isOutKind = (kind: TransferKind | string): kind is TransferOutKind => Object.hasOwn(OUT_KINDS, kind);

/** The kinds paid out through a provider's disbursement to a mobile-money number (or a test card refund's simulator). */
export const DISBURSEMENT_KINDS = outKindsWhere((kind) => kind.rail === 'provider');

export type DisbursementKind = KindsWith<'rail', 'provider'>;

/** Whether a transfer of this kind is paid out through a provider's disbursement. */
export const isDisbursement = (kind: string): kind is DisbursementKind => isOutKind(kind) && OUT_KINDS[kind].rail === 'provider';

/** The mobile-money payouts to receivers (a batch's rows included): `/v1/payouts` and the daily summary's paid out. */
export const PAYOUT_KINDS = outKindsWhere((kind) => kind.payout);

/** A list of kinds as SQL, for `kind in ${kindsSql(...)}` in a raw query. */
export const kindsSql = (kinds: readonly string[]): RawBuilder<unknown> => sql`(${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

/** DISBURSEMENT_KINDS as SQL. */
export const DISBURSEMENT_KINDS_SQL = kindsSql(DISBURSEMENT_KINDS);

/**
 * What allows a movement: a member's single-use PIN token (the dashboard), or the account's API key, which is itself
 * the authority and is checked before the service is called.
 */
export type Authority = { member: MemberInScope; pinToken: string } | { apiKey: ApiKeyActor };

/** What a disbursement's request is told apart by: its Idempotency-Key (if any) and the hash of what it asked. */
export type Idempotency = { key: string | undefined; hash: string };

/** Where the money of a new movement out goes. */
export type Destination =
  /** A mobile-money number through `provider`, handed over after the commit; null: a test card payment's refund. */
  | { provider: PaymentProvider; msisdn: string | null }
  /** The account's bank, paid by an operator (a settlement). */
  | { bank: BankDetails };

/** What a new movement out of `kind` asks, besides its kind. */
export type DisbursementAsk = {
  scope: MoneyScope;
  authority: Authority;
  idempotency: Idempotency;
  /**
   * The amount; or, read in the movement's transaction before its money is held, how it is found (a refund's: what is
   * left of its payment, whose row it locks first so two refunds of one payment are decided one after the other).
   */
  amount: number | ((trx: Transaction<Database>) => Promise<number>);
  reason: string;
  to: Destination;
  /** The payment a refund pays back. */
  collectionId?: string;
};

/** A movement out as its request answers it: the transfer as the list shows it, and whether an earlier request made it. */
export type Disbursed = { id: string; row: TransferRow; replayed: boolean };

/**
 * The one money-out frame (transfers/disburse.ts): in one transaction the PIN token spent, the amount held, the payout
 * rules and the approval threshold checked, the row written and `transfer.pending` emitted; then, after the commit, the
 * hand-over to its provider (a retry with the same Idempotency-Key answers the first and hands it over if that request
 * died first). Handed to payments/refunds where the services are put together, so payments never imports transfers.
 */
export type Disburse = (kind: HeldByItself, ask: DisbursementAsk) => Promise<Disbursed>;

/** The kinds held by their own request (a batch's rows are held with their batch). */
export type HeldByItself = KindsWith<'heldBy', 'itself'>;

/** The number a card payment's refund is paid to through the simulator, which has none of the payer's. */
export const CARD_REFUND_NUMBER = 'card';

/** A payout as a provider is asked to pay it. */
export type PayoutOrder = { id: string; account: string; amount: number; currency: Currency };
