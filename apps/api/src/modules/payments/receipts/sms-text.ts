import { SMS_RECEIPT, SMS_RECEIPT_MAX } from '@sente/contracts/sms-receipts';
import { gsm7Length, toGsm7 } from '../../../sms/gsm7.ts';

/** Kept here for the receipt's own tests; they live in `sms/gsm7.ts`, shared with the merchant alerts. */
export { gsm7Length, toGsm7 };

type SmsReceiptInput = { amount: string; merchant: string; reference: string; url: string; test: boolean };

/**
 * The SMS receipt: amount, merchant, Sente's reference and the receipt's link, in one GSM-7 message of at most 160
 * characters. The merchant's name is what gives way: shortened with "..." so the rest always fits.
 */
export function smsReceiptText(input: SmsReceiptInput) {
  return fitted(input, SMS_RECEIPT.text);
}

/** The SMS of a refund paid: as the SMS receipt, in one GSM-7 message, the merchant's name giving way. */
export function smsRefundText(input: SmsReceiptInput) {
  return fitted(input, SMS_RECEIPT.refund);
}

function fitted(input: SmsReceiptInput, text: (amount: string, merchant: string, reference: string, url: string) => string) {
  const prefix = input.test ? SMS_RECEIPT.test : '';
  const build = (merchant: string) => prefix + text(input.amount, merchant, input.reference, input.url);
  let merchant = toGsm7(input.merchant);
  const fits = (text: string) => (gsm7Length(text) ?? Number.POSITIVE_INFINITY) <= SMS_RECEIPT_MAX;
  while (!fits(build(merchant)) && merchant.length > 0) {
    merchant = merchant.slice(0, -4).trimEnd();
    merchant = merchant ? `${merchant}...` : '';
    if (merchant === '...') merchant = '';
  }
  return build(merchant);
}
