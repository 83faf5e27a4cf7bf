import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import type { PaymentOutcome, TransferOutcome } from '../outcomes.ts';
import type { PaymentProvider, ProviderReport } from './provider.ts';
import { paymentOutcomeOf, payoutOutcomeOf, type RowTimes } from './reconcile.ts';
import { holdMismatch } from './repository.ts';

/** A pending payment or payout (or refund) of ours that a live provider is asked about. */
export type ReportSubject = RowTimes & { id: string; amount: number; currency: string } & (
    | { kind: 'payment'; transactionId: string }
    | { kind: 'payout' }
  );

/**
 * What came of asking: `unasked` when the provider cannot be asked about such a row; `mismatched` when this call held
 * it for another amount or currency, `held` when it was held already; `applied` when this call applied the outcome,
 * `unapplied` when the outcome had been applied before; `pending` when the report means no outcome yet.
 */
export type ReportResult = 'unasked' | 'mismatched' | 'held' | 'applied' | 'unapplied' | 'pending';

/** Writes a provider's step on a payment's timeline. */
export type RecordStep = (
  collectionId: string,
  step: 'provider_answer' | 'callback',
  report: ProviderReport | null,
) => Promise<void>;

type Deps = {
  db: Kysely<Database>;
  /** Applies a payment's outcome exactly once (payments' settle); truthy when this call applied it. */
  settlePayment: (id: string, outcome: PaymentOutcome) => Promise<unknown>;
  /** Applies a payout's or refund's outcome exactly once (the transfers' reportDisbursement); truthy when it applied it. */
  reportDisbursement: (id: string, outcome: TransferOutcome) => Promise<unknown>;
  /**
   * Records a step on a payment's timeline (payments' recordProviderStep): what the provider said when asked, or null
   * when it could not be. The timeline is the payments domain's, which money does not import.
   */
  recordStep: RecordStep;
  logger: Logger;
};

const idField = (table: 'collections' | 'transfers') => (table === 'collections' ? 'collectionId' : 'transferId');

/**
 * The one way a live provider's word is taken, by the worker's reconciler and by the callbacks alike (decisions 032,
 * 040): ask the provider, record the step on a payment's timeline, hold a mismatch for the operator, apply the outcome
 * through the exactly-once settle or payout completion.
 */
export function createProviderReports({ db, settlePayment, reportDisbursement, recordStep, logger }: Deps) {
  /** The provider's current word on the row; null when it cannot be asked about such a row. */
  function ask(provider: PaymentProvider, subject: ReportSubject): Promise<ProviderReport> | null {
    const money = { amount: subject.amount, currency: subject.currency };
    if (subject.kind === 'payment') {
      return provider.paymentStatus
        ? provider.paymentStatus({ collectionId: subject.id, transactionId: subject.transactionId, ...money })
        : null;
    }
    return provider.payoutStatus ? provider.payoutStatus({ transferId: subject.id, ...money }) : null;
  }

  /**
   * A final answer whose amount or currency is not ours: never applied; the row is held for the operator
   * (`providers:mismatches`), logged at error, and the claims pass it over from now on. Answers whether this call held it.
   */
  async function hold(
    table: 'collections' | 'transfers',
    id: string,
    provider: string | null,
    report: Extract<ProviderReport, { status: 'mismatch' }>,
  ): Promise<boolean> {
    const held = await holdMismatch(db, table, id, `${report.reported}: ${report.detail}`);
    logger.error(
      { [idField(table)]: id, provider, reported: report.reported, mismatch: report.detail },
      'a provider reported an amount or currency not ours; not applied, held for the operator',
    );
    return held;
  }

  /**
   * Asks `provider` about `subject` and applies what it says at `now`. `step` is the payment timeline's entry: the
   * reconciler's `provider_answer`, or a `callback` (shown even when the provider cannot be asked). `believeUnknown`:
   * false for a callback, whose provider just called about the row, so its having no record of it is not believed and
   * the reconciler asks again. `now`: when the report is read (the worker's pass clock; the present by default).
   */
  async function applyProviderReport(
    provider: PaymentProvider,
    subject: ReportSubject,
    { step, believeUnknown, now }: { step: 'provider_answer' | 'callback'; believeUnknown: boolean; now?: Date },
  ): Promise<ReportResult> {
    const asked = ask(provider, subject);
    const report = asked ? await asked : null;
    if (subject.kind === 'payment' && (report || step === 'callback')) {
      await recordStep(subject.id, step, report);
    }
    if (!report) return 'unasked';
    if (report.status === 'unknown' && !believeUnknown) return 'pending';
    if (report.status === 'mismatch') {
      const table = subject.kind === 'payment' ? 'collections' : 'transfers';
      return (await hold(table, subject.id, provider.name, report)) ? 'mismatched' : 'held';
    }
    const at = now ?? new Date();
    if (subject.kind === 'payment') {
      const outcome = paymentOutcomeOf(report, subject, at);
      if (!outcome) return 'pending';
      return (await settlePayment(subject.id, outcome)) ? 'applied' : 'unapplied';
    }
    const outcome = payoutOutcomeOf(report, subject, at);
    if (!outcome) return 'pending';
    return (await reportDisbursement(subject.id, outcome)) ? 'applied' : 'unapplied';
  }

  return { applyProviderReport, ask, hold };
}

export type ProviderReports = ReturnType<typeof createProviderReports>;
