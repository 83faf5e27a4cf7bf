// The SMS receipt and the account's setting of it (decision 068): the server's text, the Business Details card.

/** The SMS receipt: at most one GSM-7 message (160 characters), so it costs one SMS. */
export const SMS_RECEIPT_MAX = 160;
export const SMS_RECEIPT = {
  text: (amount: string, merchant: string, reference: string, url: string) =>
    `${amount} paid to ${merchant}. Ref ${reference}. Receipt: ${url}`,
  /** A refund, once it is paid (decision 073): sent when the account has SMS receipts on. */
  refund: (amount: string, merchant: string, reference: string, url: string) =>
    `${amount} refunded to you by ${merchant}. Ref ${reference}. Receipt: ${url}`,
  test: 'TEST: ',
} as const;

/** The account setting of SMS receipts (POST /api/sente-account/sms-receipts), and its card on Business Details. */
export const SMS_RECEIPTS_TEXT = {
  title: 'SMS receipts',
  label: 'Text each payer a receipt',
  description:
    'When a mobile money payment succeeds, or a refund of it is paid, the payer gets one SMS with the amount, your business name, the reference and a link to the receipt. Texts cost money, so this stays off until you turn it on.',
} as const;

export const SMS_RECEIPTS_MESSAGES = {
  on: 'Your payers now get an SMS receipt for each successful payment.',
  off: 'SMS receipts are off.',
} as const;
