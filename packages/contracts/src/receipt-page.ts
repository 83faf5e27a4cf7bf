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
  status: { paid: 'Paid', refunded: 'Refunded', partlyRefunded: 'Partly refunded' },
  refund: (amount: string, when: string) => `${amount} on ${when}`,
  keep: 'Keep this receipt as proof of your payment.',
} as const;
