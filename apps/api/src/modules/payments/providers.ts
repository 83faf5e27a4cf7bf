import { randomUUID } from 'node:crypto';
import type { Currency, Environment } from '@sente/contracts/constants';
import { networkOf, PAYMENT_MESSAGES, type PaymentChannel, SIMULATOR } from '@sente/contracts/payments';

/** What a provider is asked to collect. Card details live only for this call; they are never stored. */
export type ChargeRequest = {
  collectionId: string;
  transactionId: string;
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
  simulated?:
    | { outcome: 'successful' | 'failed'; message: string | null; settleAt: Date }
    | { outcome: null; message: null; settleAt: null };
};

/** What a provider is asked to pay out: a transfer's amount to a mobile money number. */
export type PayoutRequest = { transferId: string; msisdn: string; amount: number; currency: Currency };

/** The simulator's decision on a payout, applied by the worker at `settleAt`, as ChargeAccepted's is. */
export type PayoutAccepted = ChargeAccepted;

/** A rail that collects from payers and pays out to them: the simulator in test, MTN MoMo and Airtel Money live. */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeAccepted>;
  payout(request: PayoutRequest): Promise<PayoutAccepted>;
}

/** The reason a test payout to a number ending in the simulator's fail suffix fails. */
export const SIMULATED_PAYOUT_FAILURE = 'The receiving mobile money account could not take the payment';

/** DESIGN §5: the test-mode simulator, deciding by the payer's number or card. */
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
        return { providerReference, simulated: { outcome: 'failed', message: SIMULATED_PAYOUT_FAILURE, settleAt } };
      }
      return { providerReference, simulated: { outcome: 'successful', message: null, settleAt } };
    },
  };
}

/** Which provider takes a payment: the simulator in test; in production the configured live adapter, if any. */
export type ProviderRegistry = {
  forPayment(environment: Environment, channel: PaymentChannel): PaymentProvider | null;
  /** Which provider pays out to a mobile money number: the simulator in test; live, the number's network's adapter. */
  forPayout(environment: Environment, msisdn: string): PaymentProvider | null;
};

export function createProviderRegistry(options: {
  simulator: PaymentProvider;
  live: Partial<Record<PaymentChannel, PaymentProvider>>;
}): ProviderRegistry {
  return {
    forPayment: (environment, channel) => (environment === 'test' ? options.simulator : (options.live[channel] ?? null)),
    forPayout: (environment, msisdn) => {
      if (environment === 'test') return options.simulator;
      const network = networkOf(msisdn);
      return network ? (options.live[network] ?? null) : null;
    },
  };
}
