import { SMS_RECEIPT, SMS_RECEIPT_MAX } from '@sente/contracts/sms-receipts';

// The GSM 03.38 default alphabet (3GPP TS 23.038 §6.2.1) and its extension table, whose characters take two septets.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Characters a phone would otherwise receive as UCS-2 (70 to a message), written in their nearest GSM-7 form. */
const NEAREST: Record<string, string> = { '’': "'", '‘': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...' };

/** Septets the text takes in GSM-7; null when a character is outside it. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** The text in GSM-7: accents taken off where the alphabet lacks them, other characters left out. */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    const nearest = NEAREST[char] ?? char;
    if (gsm7Length(nearest) !== null) out += nearest;
    else {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (gsm7Length(plain) !== null) out += plain;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

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
