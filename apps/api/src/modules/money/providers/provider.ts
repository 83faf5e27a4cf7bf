import { randomUUID } from 'node:crypto';
import type { Currency, Environment } from '@sente/contracts/constants';
import { type MobileMoneyChannel, networkOf, PAYMENT_MESSAGES, type PaymentChannel, SIMULATOR } from '@sente/contracts/payments';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { HttpError } from '../../../lib/http-error.ts';
import { simulatedHolder } from './simulated-holder.ts';

/** What a provider is asked to collect. Card details live only for this call; they are never stored. */
export type ChargeRequest = {
  collectionId: string;
  transactionId: string;
  /** The merchant's name, where the network writes it into the payer's history (MTN's payerMessage, rails/mtn-notes.ts). */
  merchantName: string;
  channel: PaymentChannel;
  msisdn: string | null;
  amount: number;
  card: { number: string; expiry: string; cvc: string } | null;
};

/**
 * A provider accepts a charge and reports its outcome later. A live adapter (MTN MoMo, Airtel Money) reports
 * through its callback, which calls PaymentsService.settle; the simulator instead returns its decision, which the
 * payment worker applies at `settleAt` through the same settle. `settleAt: null` means the payment stays pending
 * until it expires.
 */
export type ChargeAccepted = {
  providerReference: string;
  /**
   * A live adapter accepted the request although the provider answered with this code: a duplicate (our earlier
   * attempt got through), an ambiguous or an unknown code, or `http_<status>` for an answer it could not read. The
   * status check decides; the code goes to the log at warn.
   */
  providerCode?: string;
  simulated?:
    | { outcome: 'successful' | 'failed'; message: string | null; settleAt: Date }
    | { outcome: null; message: null; settleAt: null };
};

/** What a provider is asked to pay out: a transfer's amount to a mobile money number. */
type PayoutRequest = { transferId: string; msisdn: string; amount: number; currency: Currency };

/** The simulator's decision on a payout, applied by the worker at `settleAt`, as ChargeAccepted's is. */
export type PayoutAccepted = ChargeAccepted;

/**
 * A live provider's word on a payment or payout (decision 032): still pending, final, or `unknown` when the provider has
 * no record of it (yet: MTN may answer 404 for a while after it accepted a request, decision 040). `message` is the
 * mapped reason the payer (payments) or the merchant (payouts) reads. `mismatch`: a final answer whose amount or
 * currency is not ours (`detail` says how, mismatchOf); it is never applied, only held for the operator.
 */
export type ProviderReport =
  | { status: 'pending' }
  | { status: 'successful'; providerReference?: string }
  | { status: 'failed'; message: string; providerCode?: string }
  | { status: 'unknown' }
  | { status: 'mismatch'; reported: 'successful' | 'failed'; detail: string };

/** An amount in whole units and its ISO 4217 currency, as we asked for it or as a provider reports it. */
export type Money = { amount: number; currency: string };

/**
 * How a provider's status answer differs from what we asked for (decision 040): null when its amount and currency are
 * ours, or when it leaves one out (then nothing is compared for it); else a short description for the operator. The
 * currency is compared as the provider was sent it (MTN's sandbox takes EUR for our UGX rows).
 */
export function mismatchOf(ours: Money, theirs: Partial<Money>): string | null {
  const differences: string[] = [];
  if (theirs.amount !== undefined && theirs.amount !== ours.amount) {
    differences.push(`amount ${theirs.amount} where ours is ${ours.amount}`);
  }
  if (theirs.currency !== undefined && theirs.currency.toUpperCase() !== ours.currency.toUpperCase()) {
    differences.push(`currency ${theirs.currency} where ours is ${ours.currency}`);
  }
  return differences.length > 0 ? `the provider reports ${differences.join(' and ')}` : null;
}

/**
 * The provider's own code for a refusal or failure (MTN's `NOT_ENOUGH_FUNDS`, Airtel's `DP00800001007`), kept for the
 * operator's log only: a short token, or nothing when the provider sent something else.
 */
export function providerCodeOf(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(value));
}

/**
 * What a live provider is asked about: a payment by our ids, as its adapter sent them, with the amount and currency
 * of our row, which the adapter compares with its provider's answer (mismatchOf).
 */
type PaymentSubject = { collectionId: string; transactionId: string } & Money;

/** What a live provider is asked about a payout: our transfer's id, amount and currency. */
type PayoutSubject = { transferId: string } & Money;

/**
 * A provider's definitive refusal of a charge or payout: nothing was taken, and the message says why to the person who
 * asked. Anything else an adapter throws means the provider was not reached, and nothing was taken either.
 */
export class ProviderRefused extends HttpError {
  constructor(
    message: string,
    /** The provider's own code, for the operator's log (providerCodeOf); the message is what people read. */
    readonly providerCode?: string,
  ) {
    super(400, message);
  }
}

/**
 * A provider's refusal that says our own setup is wrong, not the payer's or the receiver's account (MTN's 500 with
 * NOT_ALLOWED, INVALID_CURRENCY…, decision 040): final, nothing was taken. Its message names the call and the code for
 * the operator's log; the payer or merchant reads the usual "could not be reached" message.
 */
export class ProviderSetupError extends Error {
  readonly kind = 'setup';
  constructor(
    call: string,
    readonly providerCode: string,
  ) {
    super(`${call}: refused because of our setup with the provider (${providerCode})`);
  }
}

/**
 * Who holds a mobile money number, as its provider says: the name registered behind it, or that it is not registered for
 * mobile money, barred, or that the provider could not say (a timeout, an error, an answer we cannot read).
 */
export type AccountHolder = { status: 'registered'; name: string } | { status: 'not_registered' | 'barred' | 'unavailable' };

/** A rail that collects from payers and pays out to them: the simulator in test, MTN MoMo and Airtel Money live. */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Asks the payer to approve a charge. A live adapter sends our own ids as the provider's reference, so a retry reuses
   * them and never charges twice; when it cannot tell whether the provider took the request (a timeout), it answers
   * accepted, and the reconciler's status check settles it (`unknown` then fails it).
   */
  charge(request: ChargeRequest): Promise<ChargeAccepted>;
  payout(request: PayoutRequest): Promise<PayoutAccepted>;
  /** Live adapters: the provider's current word on a payment (the reconciler's poll, a callback's confirmation). */
  paymentStatus?(payment: PaymentSubject): Promise<ProviderReport>;
  /** Live adapters: the provider's current word on a payout. */
  payoutStatus?(payout: PayoutSubject): Promise<ProviderReport>;
  /**
   * Live adapters: the reference of ours a callback body names (a collection id or transaction id, or a transfer id),
   * or null when the body is not the provider's callback shape. The body itself is never trusted for the outcome.
   */
  callbackReference?(body: unknown): string | null;
  /**
   * Live adapters: asks the provider for a new token with the configured credentials (each product's, where they
   * differ), and throws an error naming what failed, never a secret. `providers:status --check` calls it.
   */
  checkCredentials?(): Promise<void>;
  /**
   * The holder of a `2567XXXXXXXX` number the provider pays out to (the payout's name check). Never throws: whatever
   * goes wrong answers `unavailable`.
   */
  accountHolder?(msisdn: string): Promise<AccountHolder>;
}

/** The test-mode simulator, deciding by the payer's number or card (docs/features.md#customers-pay). */
export function createSimulator(delayMs: number): PaymentProvider {
  return {
    name: 'simulator',
    async charge(request) {
      const providerReference = `sim_${randomUUID()}`;
      const settleAt = new Date(Date.now() + delayMs);
      if (request.channel === 'CARD') {
        const declined = request.card?.number === SIMULATOR.declinedCard;
        return {
          providerReference,
          simulated: declined
            ? { outcome: 'failed', message: PAYMENT_MESSAGES.cardDeclined, settleAt }
            : { outcome: 'successful', message: null, settleAt },
        };
      }
      const suffix = request.msisdn?.slice(-4);
      if (suffix === SIMULATOR.stayPendingSuffix)
        return { providerReference, simulated: { outcome: null, message: null, settleAt: null } };
      if (suffix === SIMULATOR.failSuffix) {
        return { providerReference, simulated: { outcome: 'failed', message: PAYMENT_MESSAGES.insufficientBalance, settleAt } };
      }
      return { providerReference, simulated: { outcome: 'successful', message: null, settleAt } };
    },
    async payout(request) {
      const providerReference = `sim_${randomUUID()}`;
      const suffix = request.msisdn.slice(-4);
      if (suffix === SIMULATOR.stayPendingSuffix) {
        return { providerReference, simulated: { outcome: null, message: null, settleAt: null } };
      }
      const settleAt = new Date(Date.now() + delayMs);
      if (suffix === SIMULATOR.failSuffix) {
        return { providerReference, simulated: { outcome: 'failed', message: WALLET_MESSAGES.simulatedPayoutFailure, settleAt } };
      }
      return { providerReference, simulated: { outcome: 'successful', message: null, settleAt } };
    },
    accountHolder: async (msisdn) => simulatedHolder(msisdn),
  };
}

/** Which provider takes a payment: the simulator in test; in production the configured live adapter, if any. */
export type ProviderRegistry = {
  forPayment(environment: Environment, channel: PaymentChannel): PaymentProvider | null;
  /** Which provider pays out to a mobile money number: the simulator in test; live, the number's network's adapter. */
  forPayout(environment: Environment, msisdn: string): PaymentProvider | null;
  /** The provider a row names (its `provider` column), to ask it about the row or read its callback; null if not configured. */
  named(name: string): PaymentProvider | null;
};

/** The live adapters configured: which takes each channel's collections and each network's payouts. */
export type LiveProviders = {
  collections: Partial<Record<PaymentChannel, PaymentProvider>>;
  payouts: Partial<Record<MobileMoneyChannel, PaymentProvider>>;
};

export function createProviderRegistry(options: { simulator: PaymentProvider; live: LiveProviders }): ProviderRegistry {
  const byName = new Map<string, PaymentProvider>([[options.simulator.name, options.simulator]]);
  for (const provider of [...Object.values(options.live.collections), ...Object.values(options.live.payouts)]) {
    if (provider) byName.set(provider.name, provider);
  }
  return {
    forPayment: (environment, channel) =>
      environment === 'test' ? options.simulator : (options.live.collections[channel] ?? null),
    forPayout: (environment, msisdn) => {
      if (environment === 'test') return options.simulator;
      const network = networkOf(msisdn);
      return network ? (options.live.payouts[network] ?? null) : null;
    },
    named: (name) => byName.get(name) ?? null,
  };
}
