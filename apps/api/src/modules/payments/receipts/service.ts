import { formatMoney } from '@sente/contracts/format';
import { RECEIPT_PAGE, type ReceiptLayout } from '@sente/contracts/receipt-page';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../lib/http-error.ts';
import type { SmsSender } from '../../../sms/sms.ts';
import type { FilesService } from '../../files/service.ts';
import type { CollectionRecord } from '../repository.ts';
import { receiptLines } from './lines.ts';
import { logoForPdf } from './logo.ts';
import { receiptPage } from './page.ts';
import { receiptPdf } from './pdf.ts';
import { findReceipt } from './repository.ts';
import { claimSmsReceipt, smsReceiptOutcome, smsReceiptsSender } from './sms-repository.ts';
import { smsReceiptText } from './sms-text.ts';

type Options = { db: Kysely<Database>; files: FilesService; sms: SmsSender; logger: Logger; publicUrl: string };

/** What the receipt route answers: the page or the PDF. */
export type ReceiptAnswer = { type: 'html'; body: string } | { type: 'pdf'; body: Buffer };

/** The payer's receipt (decision 068): its page and PDF by its unguessable code, its address, and its SMS. */
export function createReceipts({ db, files, sms, logger, publicUrl }: Options) {
  const receiptUrl = (code: string) => `${publicUrl}/r/${code}`;

  return {
    receiptUrl,

    async receipt(code: string, layout: ReceiptLayout, format: 'html' | 'pdf'): Promise<ReceiptAnswer> {
      const receipt = await findReceipt(db, code);
      // An unknown code, or a payment without a receipt: the public pages' not-found page (decision 076).
      if (!receipt) throw notFound(RECEIPT_PAGE.notFound);
      const lines = receiptLines(receipt);
      if (format === 'pdf') {
        const logo = await logoForPdf(files, receipt.account_id, receipt.company_logo);
        return { type: 'pdf', body: await receiptPdf(lines, layout, logo) };
      }
      return { type: 'html', body: receiptPage(lines, code, layout) };
    },

    /**
     * The SMS receipt of a successful mobile-money payment, when its account turned them on; sent after the payment's
     * commit. The step is recorded before the text goes (one per payment, a unique index), so however often this is
     * called for a payment, one SMS goes at most; a failed send is logged and recorded, never undoes the payment.
     */
    async sendSmsReceipt(collection: CollectionRecord): Promise<boolean> {
      if (collection.status !== 'successful' || !collection.msisdn) return false;
      const merchant = await smsReceiptsSender(db, collection.account_id);
      if (merchant === undefined) return false;
      const claimed = await claimSmsReceipt(db, collection.id, collection.msisdn);
      if (!claimed) return false;
      const text = smsReceiptText({
        amount: formatMoney(collection.amount, collection.currency),
        merchant,
        reference: collection.transaction_id,
        url: receiptUrl(collection.receipt_code),
        test: collection.environment === 'test',
      });
      let sent = true;
      try {
        await sms.send({ to: collection.msisdn, text, purpose: 'transactional', accountId: collection.account_id });
      } catch (error) {
        logger.error({ err: error, collectionId: collection.id }, 'SMS receipt failed');
        sent = false;
      }
      await smsReceiptOutcome(db, claimed, sent);
      return sent;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
