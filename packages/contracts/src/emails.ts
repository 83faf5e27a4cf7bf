/**
 * The words of the e-mails the server sends a member (every user-facing string lives in contracts). The server
 * puts them into the text and HTML bodies, escaping what a member typed.
 */
import { PRODUCT_NAME } from './constants.ts';

/** A one-time code's e-mail, by what the code is for. */
export const CODE_EMAILS = {
  verify_account: {
    subject: `Verify your ${PRODUCT_NAME} account`,
    intro: `Welcome to ${PRODUCT_NAME}. Use this code to verify your account:`,
  },
  login: { subject: `Your ${PRODUCT_NAME} sign-in code`, intro: `Use this code to finish signing in to ${PRODUCT_NAME}:` },
  password_reset: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: `Use this code to reset your ${PRODUCT_NAME} password:`,
  },
  wallet_pin_reset: {
    subject: `Reset your ${PRODUCT_NAME} wallet PIN`,
    intro: `Use this code to set a new wallet PIN for your transfers on ${PRODUCT_NAME}:`,
  },
} as const;

export const EMAIL_TEXTS = {
  hello: (name: string) => `Hello ${name},`,
  signature: PRODUCT_NAME,
  codeExpiry: 'It expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.',
  pinChangedSubject: `Your ${PRODUCT_NAME} wallet PIN was changed`,
  pinChanged: (accountName: string, how: 'changed' | 'reset') =>
    `The wallet PIN you use to confirm transfers from ${accountName} on ${PRODUCT_NAME} was ${how === 'changed' ? 'changed' : 'reset with a code sent to this address'}.`,
  pinChangedIfNotYou: 'If this was not you, reset your PIN from your profile and change your password now.',
  invitationSubject: (accountName: string) => `You are invited to ${accountName} on ${PRODUCT_NAME}`,
  invitation: (accountName: string, role: string) =>
    `You have been invited to join ${accountName} on ${PRODUCT_NAME} as ${role}.`,
  invitationNewMember: `New to ${PRODUCT_NAME}? Sign up with this e-mail address:`,
  invitationExistingMember: `Already on ${PRODUCT_NAME}? Sign in with this e-mail address:`,
  invitationJoins: (email: string, days: number) =>
    `You join the account once you have verified or signed in with ${email}. The invitation runs out after ${days} days.`,
} as const;

/** The payer's receipt for a collection. */
export const RECEIPT_EMAIL = {
  subject: (amount: string, merchant: string) => `Receipt: ${amount} to ${merchant}`,
  testMode: 'TEST MODE: no real money moved.',
  thanks: 'Thank you for your payment.',
  card: (last4: string) => `Card ending ${last4}`,
  labels: {
    paidTo: 'Paid to',
    for: 'For',
    amount: 'Amount',
    paidWith: 'Paid with',
    transactionId: 'Transaction ID',
    date: 'Date',
  },
  download: 'Download your purchase',
  validUntil: (when: string) => `valid until ${when}`,
  noteFrom: (merchant: string) => `A note from ${merchant}:`,
  viewReceipt: 'View, print or save your receipt',
  keep: 'Keep this e-mail as your receipt.',
} as const;

/** The payer's receipt of a refund, sent when the provider confirms it and the payer gave an e-mail. */
export const REFUND_EMAIL = {
  subject: (amount: string, merchant: string) => `Refund: ${amount} from ${merchant}`,
  refunded: (merchant: string) => `${merchant} has refunded your payment. The money has been sent back to you.`,
  labels: {
    refundedBy: 'Refunded by',
    amount: 'Refunded',
    of: 'Of your payment of',
    to: 'Sent to',
    transactionId: 'Transaction ID of your payment',
    reason: 'Reason',
    date: 'Date',
    receipt: 'Receipt',
  },
  viewReceipt: 'View your receipt',
  keep: 'Keep this e-mail as your record of the refund.',
  toCard: 'The card you paid with',
} as const;
