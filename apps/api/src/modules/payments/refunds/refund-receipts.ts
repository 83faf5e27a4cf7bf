import { formatMoney } from '@sente/contracts/format';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { SmsSender } from '../../../sms/sms.ts';
import type { TransferRecord } from '../../money/tables.ts';
import { smsReceiptsSender } from '../receipts/sms-repository.ts';
import { smsRefundText } from '../receipts/sms-text.ts';
import { recordCollectionEvent } from '../timeline-repository.ts';
import { refundMail } from './receipt.ts';
import { receiptFacts, refundById } from './repository.ts';

/**
 * A paid refund's subscriber in the outbox (transfer.completed, decision 082), after its commit: the payer's receipt e-mail (when they gave an e-mail,
 * with the link to the payment's receipt page) and SMS (to a mobile-money payer, when the account has SMS receipts on).
 */
export function createRefundReceipts({
  db,
  mailer,
  sms,
  logger,
  receiptUrl,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  /** The address of a payment's receipt page by its code (decision 068). */
  receiptUrl: (code: string) => string;
}) {
  type Facts = NonNullable<Awaited<ReturnType<typeof receiptFacts>>>;

  async function sendReceipt(refund: TransferRecord, row: Facts) {
    if (!row.email) return;
    const collectionId = refund.collection_id!;
    let sent = true;
    try {
      await mailer.send(
        refundMail({
          to: row.email,
          merchant: row.account_name,
          payer: row.names,
          refund,
          collection: row,
          receiptUrl: receiptUrl(row.receipt_code),
        }),
      );
    } catch (error) {
      logger.error({ err: error, refundId: refund.id }, 'refund receipt e-mail failed');
      sent = false;
    }
    await recordCollectionEvent(db, { collectionId, kind: 'receipt_sent', detail: row.email, ok: sent });
  }

  /** Sent once: the completion that calls it leaves the refund pending once however often its outcome arrives. */
  async function sendSms(refund: TransferRecord, row: Facts) {
    if (!row.msisdn) return;
    const merchant = await smsReceiptsSender(db, row.account_id);
    if (merchant === undefined) return;
    const text = smsRefundText({
      amount: formatMoney(Number(refund.amount), row.currency),
      merchant,
      reference: row.transaction_id,
      url: receiptUrl(row.receipt_code),
      test: refund.environment === 'test',
    });
    try {
      await sms.send({ to: row.msisdn, text, purpose: 'transactional', accountId: row.account_id });
    } catch (error) {
      logger.error({ err: error, refundId: refund.id }, 'refund SMS failed');
    }
  }

  async function tellPayer(refund: TransferRecord) {
    const row = await receiptFacts(db, refund.collection_id!);
    if (!row) return;
    await Promise.all([sendReceipt(refund, row), sendSms(refund, row)]);
  }

  return {
    /** Tells the payer of a paid refund, once: a failure is logged and not tried again. */
    async sendReceipts(refundId: string): Promise<void> {
      const refund = await refundById(db, refundId);
      if (refund?.status !== 'successful') return;
      await tellPayer(refund).catch((error) => logger.error({ err: error, refundId }, 'refund receipt failed'));
    },
  };
}
