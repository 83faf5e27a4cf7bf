import type { Currency } from '@sente/contracts/constants';
import type { TransferRow } from '@sente/contracts/transfers';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyActor, MemberInScope } from '../../lib/actor.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { TransferOutKind } from './movements.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { TransferRecord } from './tables.ts';

/**
 * The kinds paid out through a provider's disbursement to a mobile-money number (or, for a test card refund, the
 * simulator's): the payout machinery (hand-over, worker, reconciler, callbacks, expiry) carries them all. A new
 * disbursement kind joins here (decision 053: one constant serves).
 */
export const DISBURSEMENT_KINDS = ['payout', 'refund', 'batch_payout'] as const satisfies readonly TransferOutKind[];

export type DisbursementKind = (typeof DISBURSEMENT_KINDS)[number];

/** Whether a transfer of this kind is paid out through a provider's disbursement. */
export const isDisbursement = (kind: string): kind is DisbursementKind =>
  (DISBURSEMENT_KINDS as readonly string[]).includes(kind);

/** The same list as SQL, for `kind in ${DISBURSEMENT_KINDS_SQL}` in a raw query. */
export const DISBURSEMENT_KINDS_SQL = sql`(${sql.join(DISBURSEMENT_KINDS.map((kind) => sql.lit(kind)))})`;

/**
 * What allows a movement: a member's single-use PIN token (the dashboard), or the account's API key, which is itself
 * the authority and is checked before the service is called.
 */
export type Authority = { member: MemberInScope; pinToken: string } | { apiKey: ApiKeyActor };

/** What a disbursement's request is told apart by: its Idempotency-Key (if any) and the hash of what it asked. */
export type Idempotency = { key: string | undefined; hash: string };

/**
 * What a refund (payments/refunds) borrows from the transfers' money-out machinery, handed to it where the services
 * are put together, so payments and transfers never import each other: the move-out frame (idempotency, PIN token,
 * one transaction), the hold and row of a new refund inside it, and the provider's hand-over after it.
 */
export type RefundMoneyOut = {
  moveOut(
    scope: MoneyScope,
    authority: Authority,
    idempotency: Idempotency,
    write: (trx: Transaction<Database>) => Promise<string | null>,
  ): Promise<{ id: string; row: TransferRow; replayed: boolean }>;
  /** Holds the amount from the merchant wallet (InsufficientFundsError when it cannot) and writes the pending refund. */
  holdRefund(
    trx: Transaction<Database>,
    scope: MoneyScope,
    authority: Authority,
    refund: { amount: number; reason: string; msisdn: string | null; collectionId: string; provider: string },
    idempotency: Idempotency,
  ): Promise<TransferRecord | null>;
  send(
    provider: PaymentProvider,
    payout: { id: string; account: string; amount: number; currency: Currency },
    now: Date,
  ): Promise<boolean>;
  handOver(id: string): Promise<unknown>;
};
