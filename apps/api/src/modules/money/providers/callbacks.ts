import { CALLBACK_MESSAGES } from '@sente/contracts/payments';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/ids.ts';
import { safeEqual } from '../../../lib/secrets.ts';
import type { PaymentOutcome, TransferOutcome } from '../outcomes.ts';
import type { PaymentProvider, ProviderRegistry } from './provider.ts';
import { createProviderReports, type RecordStep, type ReportSubject } from './report.ts';
import { disbursementOfProvider, paymentOfProvider } from './repository.ts';

/** The payment or payout of ours a callback names: only a row that went to that provider (never a test row). */
type Subject = ReportSubject & { status: string };

async function findSubject(db: Kysely<Database>, provider: string, reference: string): Promise<Subject | null> {
  const byId = isUuid(reference);
  const payment = await paymentOfProvider(db, provider, reference, byId);
  if (payment) {
    const { transaction_id: transactionId, amount, ...rest } = payment;
    return { kind: 'payment', transactionId, amount: Number(amount), ...rest };
  }
  if (!byId) return null;
  // A refund is paid out through the provider's disbursement as a payout is (decision 053).
  const payout = await disbursementOfProvider(db, provider, reference);
  return payout ? { kind: 'payout', ...payout, amount: Number(payout.amount) } : null;
}

const idField = (subject: Subject) => (subject.kind === 'payment' ? 'collectionId' : 'transferId');

type Deps = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  /** The secret path segment every callback URL carries (Secrets.callbackSecret). */
  secret: string;
  settlePayment: (id: string, outcome: PaymentOutcome) => Promise<unknown>;
  reportDisbursement: (id: string, outcome: TransferOutcome) => Promise<unknown>;
  /** Records the callback on the payment's timeline (payments' recordProviderStep). */
  recordStep: RecordStep;
  logger: Logger;
};

/**
 * The providers' callbacks (decision 032). A callback is a hint, never the outcome: its secret path segment
 * is checked in constant time, the row it names is found among that provider's rows, the caller is answered at once,
 * and then the provider itself is asked for the row's status, whose report is applied by the reconciler's own
 * applyProviderReport (report.ts), through the same exactly-once settle (or payout completion) as the simulator's.
 * So a forged body cannot credit anyone, a duplicate or late callback changes nothing, and a lost one is made up by the
 * reconciler's next poll.
 */
export function createProviderCallbacks({ db, providers, secret, settlePayment, reportDisbursement, recordStep, logger }: Deps) {
  const confirming = new Set<Promise<void>>();
  const { applyProviderReport } = createProviderReports({ db, settlePayment, reportDisbursement, recordStep, logger });

  async function confirm(provider: PaymentProvider, subject: Subject) {
    try {
      // The payment's timeline shows the callback with what the provider says when asked (a callback's body is never
      // trusted); a provider that just called about it but has no record of it is not believed: the reconciler asks again.
      await applyProviderReport(provider, subject, { step: 'callback', believeUnknown: false });
    } catch (error) {
      logger.error(
        { err: error, provider: provider.name, [idField(subject)]: subject.id },
        'confirming a provider callback failed; the reconciler asks again',
      );
    }
  }

  return {
    /** Checks a callback and starts its confirmation; throws the refusal (403, 404, 400) the provider is answered. */
    async receive(providerName: string, givenSecret: string, body: unknown): Promise<void> {
      if (!safeEqual(givenSecret, secret)) {
        logger.warn({ provider: providerName.slice(0, 40) }, 'provider callback with a wrong secret refused');
        throw new HttpError(403, CALLBACK_MESSAGES.wrongSecret);
      }
      const provider = providerName === 'simulator' ? null : providers.named(providerName);
      if (!provider?.callbackReference) throw notFound(CALLBACK_MESSAGES.unknownProvider);
      const reference = provider.callbackReference(body);
      if (!reference) throw badRequest(CALLBACK_MESSAGES.notACallback);
      const subject = await findSubject(db, provider.name, reference);
      if (!subject) {
        logger.warn(
          { provider: provider.name, reference: reference.slice(0, 100) },
          'provider callback for an unknown reference refused',
        );
        throw notFound(CALLBACK_MESSAGES.unknownReference);
      }
      // Already applied: a duplicate callback, answered as received and changing nothing. A failed or returned row is
      // still asked about, so that a provider's late success is logged for the operator (settle and reportDisbursement).
      if (subject.status === 'successful') {
        if (subject.kind === 'payment') await recordStep(subject.id, 'callback', null);
        return;
      }
      const pass = confirm(provider, subject).finally(() => confirming.delete(pass));
      confirming.add(pass);
    },

    /** Resolves when every confirmation started so far has ended (the server's close, and tests). */
    async idle(): Promise<void> {
      await Promise.all([...confirming]);
    },
  };
}

export type ProviderCallbacks = ReturnType<typeof createProviderCallbacks>;
