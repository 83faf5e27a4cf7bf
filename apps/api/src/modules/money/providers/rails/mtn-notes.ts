/**
 * The texts MTN writes into each side's transaction history for a request to pay: `payerMessage` in the payer's,
 * `payeeNote` in ours (MoMo Open API, Collection `POST /requesttopay`, momodeveloper.mtn.com/api-documentation). They
 * are not the approval prompt, which MTN words itself (mtvbrianking/laravel-mtn-momo#69). What we keep to, from what
 * integrators report where MTN publishes no rule:
 * - neither may be empty (an empty one is answered 500, laravel-mtn-momo#69);
 * - "&" and other punctuation are refused by the network (sparkplug/momoapi-node#84), so only letters, digits,
 *   spaces and `.,-'` go, accents taken off;
 * - each is kept to MTN_NOTE_MAX characters, the SMS-sized limit SDKs apply, however long the merchant's name.
 */
export const MTN_NOTE_MAX = 160;
const MERCHANT_MAX = 60;

/** A merchant's name as the notes may carry it: plain letters and digits, shortened, never empty. */
export function plainName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 .,'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MERCHANT_MAX)
    .trim();
  return plain || 'Sente';
}

/** The payer reads who they paid and Sente's reference; we read the reference and whose payment it was. */
export function requestToPayNotes(merchantName: string, transactionId: string) {
  const merchant = plainName(merchantName);
  return {
    payerMessage: `${merchant} ${transactionId}`.slice(0, MTN_NOTE_MAX),
    payeeNote: `Sente ${transactionId} ${merchant}`.slice(0, MTN_NOTE_MAX),
  };
}
