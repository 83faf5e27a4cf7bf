// The payer's receipt page (/r/:code) and its PDF, rendered by the server (decision 068).
import { RECEIPT_LABELS } from './receipts.ts';

/** The two printed shapes of a receipt: an A4 sheet, and an 80 mm till slip (`?layout=slip`). */
export const RECEIPT_LAYOUTS = ['a4', 'slip'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

export const RECEIPT_PAGE = {
  title: (merchant: string) => `Receipt from ${merchant}`,
  heading: 'Payment receipt',
  testMode: 'TEST MODE: no real money moved.',
  notFound: 'There is no receipt at this address. Check the link you were sent.',
  pdf: 'Download PDF',
  slip: 'Till slip',
  a4: 'A4',
  labels: RECEIPT_LABELS,
  status: { paid: 'Paid', refunded: 'Refunded', partlyRefunded: 'Partly refunded', refundPending: 'Refund pending' },
  refund: (amount: string, when: string) => `${amount} on ${when}`,
  /** A refund not paid yet (decision 073): asked for then, not yet in the payer's hands. */
  refundPending: 'Refund pending',
  /** How the payer reaches the merchant: its business details' phone and e-mail. */
  merchantPhone: "Merchant's phone",
  merchantEmail: "Merchant's e-mail",
  keep: 'Keep this receipt as proof of your payment.',
} as const;
