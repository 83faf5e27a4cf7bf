// The receipt's words that every place showing one uses: the pay page's success screen, the dashboard, the server.
// Nothing else here: the pay page and the dashboard share this module, so each word added is downloaded by both.

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
