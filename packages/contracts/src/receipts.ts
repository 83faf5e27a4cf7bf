// The payer's receipt page (/r/:code), its PDF, and the SMS receipt: the words both apps and the server use.
// No zod here: the pay page reads these names and its bundle stays small (decision 050).

/** The two printed shapes of a receipt: an A4 sheet, and an 80 mm till slip (`?layout=slip`). */
export const RECEIPT_LAYOUTS = ['a4', 'slip'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

/** A receipt's lines, wherever they show: the page, the PDF, the pay page's success screen, the dashboard. */
export const RECEIPT_LABELS = {
  paidTo: 'Paid to',
  for: 'For',
  payer: 'Paid by',
  amount: 'Amount paid',
  paidWith: 'Paid with',
  date: 'Date and time',
  reference: 'Sente reference',
  providerId: "Provider's transaction ID",
  status: 'Status',
  refunded: 'Refunded',
} as const;

export const VIEW_RECEIPT = 'View receipt';

export const RECEIPT_PAGE = {
  title: (merchant: string) => `Receipt from ${merchant}`,
  heading: 'Payment receipt',
  testMode: 'TEST MODE: no real money moved.',
  notFoundTitle: 'Receipt not found',
  notFound: 'There is no receipt at this address. Check the link you were sent.',
  print: 'Print',
  pdf: 'Download PDF',
  slip: 'Till slip',
  a4: 'A4',
  labels: RECEIPT_LABELS,
  status: { paid: 'Paid', refunded: 'Refunded', partlyRefunded: 'Partly refunded' },
  refund: (amount: string, when: string) => `${amount} on ${when}`,
  keep: 'Keep this receipt as proof of your payment.',
} as const;

/** The SMS receipt: at most one GSM-7 message (160 characters), so it costs one SMS. */
export const SMS_RECEIPT_MAX = 160;
export const SMS_RECEIPT = {
  text: (amount: string, merchant: string, reference: string, url: string) =>
    `${amount} paid to ${merchant}. Ref ${reference}. Receipt: ${url}`,
  test: 'TEST: ',
} as const;

/** The account setting of SMS receipts (POST /api/sente-account/sms-receipts), and its card on Business Details. */
export const SMS_RECEIPTS_TEXT = {
  title: 'SMS receipts',
  label: 'Text each payer a receipt',
  description:
    'When a mobile money payment succeeds, the payer gets one SMS with the amount, your business name, the reference and a link to the receipt. Texts cost money, so this stays off until you turn it on.',
} as const;

export const SMS_RECEIPTS_MESSAGES = {
  on: 'Your payers now get an SMS receipt for each successful payment.',
  off: 'SMS receipts are off.',
} as const;
