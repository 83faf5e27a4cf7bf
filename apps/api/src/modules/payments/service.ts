import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SmsSender } from '../../sms/sms.ts';
import type { Outbox } from '../events/outbox.ts';
import type { FilesService } from '../files/service.ts';
import type { FeeSchedule } from '../money/fees.ts';
import type { ProviderRegistry } from '../money/providers/provider.ts';
import type { RecordStep } from '../money/providers/report.ts';
import { createCharges } from './charge.ts';
import { createDownloads } from './downloads.ts';
import { createPayments } from './pay.ts';
import { createPayerReceipts } from './payer-receipts.ts';
import { createPublicLinks } from './public-link.ts';
import { createPublicPayments } from './public-payment.ts';
import { createReceipts } from './receipts/service.ts';
import { createSettlement } from './settle.ts';
import { recordProviderStep } from './timeline.ts';

type Options = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  fees: FeeSchedule;
  files: FilesService;
  mailer: Mailer;
  /** The payers' SMS receipts, when their account turned them on (decision 068). */
  sms: SmsSender;
  logger: Logger;
  /** The accounts' encryption keys, which sign the redirect after a payment (docs/redirects.md). */
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  publicUrl: string;
  downloadSecret: string;
  expirySeconds: number;
  /** A live provider's payment is first asked about this long after it accepted (the reconciler, decision 032). */
  pollAfterMs: number;
  downloadTtlHours: number;
  /** The receipt's download link lives longer: the buyer may open the e-mail days after closing the page (decision 035). */
  emailedDownloadTtlDays: number;
  /** The outbox of domain events, which sends a settled payment's receipts (decision 082). */
  outbox: Pick<Outbox, 'dispatch' | 'settled'>;
};

/** The payments module: the pay page's link and payment, payments asked through /v1, their hand-over and outcome. */
export function createPaymentsService(options: Options) {
  const { download, downloadLink } = createDownloads(options);
  const receipts = createReceipts(options);
  const { sendReceipt, sendReceipts } = createPayerReceipts({ ...options, downloadLink, receipts });
  const { receiptsSent, settle } = createSettlement(options);
  const charges = createCharges({ ...options, settle });
  const { findPublicPage, publicLink, attachment } = createPublicLinks(options);
  const { pay, collect } = createPayments({ ...options, charges });
  const { payment, cancel } = createPublicPayments({ ...options, downloadLink, settle, receipts });

  return {
    receiptsSent,
    settle,
    sendReceipts,
    handOver: charges.handOver,
    sendReceipt,
    findPublicPage,
    publicLink,
    attachment,
    pay,
    collect,
    payment,
    cancel,
    download,
    receipt: receipts.receipt,
    receiptUrl: receipts.receiptUrl,
    /** A live provider's word on a payment, on its timeline: handed to the callbacks and the worker (money's reports). */
    recordProviderStep: ((collectionId, step, report) =>
      recordProviderStep(options.db, collectionId, step, report)) satisfies RecordStep,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
