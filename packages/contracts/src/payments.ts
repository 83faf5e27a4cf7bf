/**
 * The customer side (docs/features.md#customers-pay): channels, phone rules, the public API's shapes and messages, and the
 * dashboard's collection and customer rows. No zod here, so the lean customer pages can import it whole;
 * the server's input schemas are in payments-input.ts.
 */
import type { z } from 'zod';
import type {
  collectionRow,
  customerRow,
  liveCollection,
  livePage,
  payAnswer,
  publicLink,
  publicPayment,
} from './payments-answers.ts';

export const PAYMENT_CHANNELS = ['MTN_UG', 'AIRTEL', 'CARD'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const MOBILE_MONEY_CHANNELS = ['MTN_UG', 'AIRTEL'] as const satisfies readonly PaymentChannel[];
export type MobileMoneyChannel = (typeof MOBILE_MONEY_CHANNELS)[number];
export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  MTN_UG: 'MTN Mobile Money',
  AIRTEL: 'Airtel Money',
  CARD: 'Card',
};

export const COLLECTION_STATUSES = ['pending', 'successful', 'failed'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** The largest single payment, in UGX (mobile money wallets in Uganda top out well below this). */
export const MAX_PAYMENT_AMOUNT = 20_000_000;

/** The numbers and cards of the test-mode simulator. */
export const SIMULATOR = {
  failSuffix: '0001',
  stayPendingSuffix: '0002',
  successCard: '4242424242424242',
  declinedCard: '4000000000000002',
  /**
   * The name check's test numbers (docs/features.md): the registered names of a few, one not registered for mobile
   * money, one barred, one whose look-up is unavailable. Any other number the rails take has a name made from its digits.
   */
  holders: {
    registered: {
      '256772000011': 'John Okello',
      '256752000012': 'Sarah Nakato',
      '256782000013': 'Joseph Mukasa',
      '256702000014': 'Grace Namubiru',
    },
    notRegistered: '256772000021',
    barred: '256752000022',
    unavailable: '256772000023',
  },
} as const;

const NETWORK_PREFIXES: Record<MobileMoneyChannel, readonly string[]> = {
  MTN_UG: ['76', '77', '78', '79'],
  AIRTEL: ['70', '74', '75'],
};

/** Luhn's check digit, which every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `07XXXXXXXX`, `2567XXXXXXXX` or `+2567XXXXXXXX` (spaces and dashes ignored) as `2567XXXXXXXX`, or null. */
export function normalizeUgandanPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = /^(?:\+?256|0)(7\d{8})$/.exec(compact);
  return match ? `256${match[1]}` : null;
}

/** The mobile money network of a `2567XXXXXXXX` number, from its prefix, or null for another network. */
export function networkOf(msisdn: string): MobileMoneyChannel | null {
  const prefix = msisdn.slice(3, 5);
  for (const channel of MOBILE_MONEY_CHANNELS) if (NETWORK_PREFIXES[channel].includes(prefix)) return channel;
  return null;
}

/**
 * The number a live mobile-money rail takes (MTN 076-079, Airtel 070, 074, 075, in Uganda) as `2567XXXXXXXX`, or null
 * for any other. Test mode applies the same rule, so the simulator is never asked what a live rail would refuse.
 */
export function mobileMoneyNumber(input: string): string | null {
  const msisdn = normalizeUgandanPhone(input);
  return msisdn && networkOf(msisdn) ? msisdn : null;
}

/**
 * A phone as the dashboard, the receipts and the alerts show it (decision 079): a Ugandan number, however it was typed
 * or stored (`0772111222`, `256772111222`, `+256 772-111-222`), as `+256 772 111 222`; any other number as `+` and its
 * digits; nothing as nothing.
 */
export function formatPhone(phone: string): string {
  const ugandan = normalizeUgandanPhone(phone);
  if (ugandan) return `+256 ${ugandan.slice(3, 6)} ${ugandan.slice(6, 9)} ${ugandan.slice(9)}`;
  const digits = phone.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/**
 * A phone as the spreadsheets, the `/v1` answers and the webhook bodies have always published it (decisions 036, 079):
 * a Ugandan number as `0772 111 222`, any other as its digits. Never shown on a screen: that is `formatPhone`.
 */
export function formatExportPhone(phone: string): string {
  const ugandan = normalizeUgandanPhone(phone);
  if (!ugandan) return phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  const local = `0${ugandan.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** The public routes' answers: their schemas are in payments-answers.ts (zod stays out of this file). */
export type PublicLink = z.output<typeof publicLink>;
export type PayAnswer = z.output<typeof payAnswer>;
export type PublicPayment = z.output<typeof publicPayment>;

export type ExtraDataEntry = { label: string; value: string };

/** POST /api/public/links/:ref/pay. Card fields only with channel CARD; card details are never stored. */
export type PayRequest = {
  names: string;
  phone?: string;
  email?: string;
  amount?: number;
  channel: PaymentChannel;
  extra_data: ExtraDataEntry[];
  card_number?: string;
  card_expiry?: string;
  card_cvc?: string;
};

/** The collection and customer rows: their schemas are in payments-answers.ts (zod stays out of this file). */
export type CollectionRow = z.output<typeof collectionRow>;
export type LiveCollection = z.output<typeof liveCollection>;
export type LivePage = z.output<typeof livePage>;

/** How many of a customer's earlier names the customers list carries (decision 036); `other_names_total` counts them all. */
export const OTHER_NAMES_SHOWN = 5;

export type CustomerRow = z.output<typeof customerRow>;

/** Messages of the customer pages and the public API (ours: the spec has none for this side). */
/** What a provider's callback to /api/callbacks/:provider is answered when it is not taken. */
export const CALLBACK_MESSAGES = {
  wrongSecret: 'This callback URL is not valid',
  unknownProvider: 'No live provider of that name is configured',
  notACallback: "The body is not this provider's callback",
  unknownReference: 'No payment or payout of this provider has that reference',
} as const;

export const PAYMENT_MESSAGES = {
  linkNotFound: 'This payment page does not exist. Check the link you were sent.',
  linkUnavailable: 'This payment page is not taking payments right now. Please contact the merchant.',
  paymentNotFound: 'Payment not found',
  namesMissing: 'Enter your name',
  phoneMissing: 'Enter your mobile money number',
  phoneInvalid: 'Enter a valid Ugandan mobile number, e.g. 0772 123 456',
  notMtnNumber: 'This is not an MTN number. Choose Airtel Money or use an MTN number.',
  notAirtelNumber: 'This is not an Airtel number. Choose MTN Mobile Money or use an Airtel number.',
  emailInvalid: 'Enter a valid e-mail address',
  emailRequiredForCard: 'Enter your e-mail address for the card receipt',
  emailRequiredForDownload: 'Enter your e-mail address: the download link is sent there',
  channelInvalid: 'Choose how to pay: MTN Mobile Money, Airtel Money or Card',
  amountMissing: 'Enter an amount of at least UGX 1',
  amountWhole: 'Amounts are in whole Uganda shillings',
  amountTooLarge: 'The largest payment is UGX 20,000,000',
  amountNotChangeable: 'This link has a fixed price',
  extraDataInvalid: 'The extra details are not valid',
  priceChanged: 'The price of this page has changed. Reload the page to see the new price.',
  testCardOnly: 'In test mode, pay with the test card 4242 4242 4242 4242.',
  extraFieldMissing: (label: string) => `Fill in "${label}"`,
  extraFieldOption: (label: string) => `Choose one of the options for "${label}"`,
  cardNumberInvalid: 'Enter a valid card number',
  cardExpiryInvalid: 'Enter the card expiry as MM/YY',
  cardCvcInvalid: 'Enter the 3 or 4 digit security code',
  cardDeclined: 'Your card was declined. No money was taken.',
  insufficientBalance: 'Payment failed: not enough money on the mobile money account. No money was taken.',
  expired: 'The payment was not approved in time. No money was taken.',
  cancelled: 'You cancelled this payment. No money was taken.',
  liveUnavailable: 'This merchant cannot take live payments yet. No money was taken; please contact the merchant.',
  providerUnavailable: 'The payment provider could not be reached. No money was taken; please try again.',
  awaitingApproval: 'Check your phone and enter your PIN to approve the payment.',
  cardProcessing: 'Confirming your card payment.',
  paymentSuccessful: 'Payment received. Thank you!',
  downloadExpired: 'This download link has expired. Open the payment page again for a new one.',
  tooManyRequests: 'Too many attempts. Wait a minute and try again.',
  // A live provider's reasons, as the payer reads them.
  declinedOnPhone: 'You declined the payment on your phone. No money was taken.',
  notRegistered: 'This number is not registered for mobile money. No money was taken.',
  limitReached: "This payment is over the mobile money account's limit. No money was taken.",
  wrongPin: 'The mobile money PIN was wrong. No money was taken; please try again.',
  providerDeclined: 'The mobile money provider declined the payment. No money was taken.',
  providerLost: 'The mobile money provider has no record of this payment. No money was taken; please try again.',
} as const;

/** A live provider's reasons for a payout it did not make, as the merchant reads them on the transfer. */
export const PAYOUT_FAILURES = {
  notRegistered: 'The receiving number is not registered for mobile money',
  limitReached: 'The receiving mobile money account cannot take this amount',
  refused: 'The mobile money provider refused the payout',
  floatLow: 'The mobile money provider could not pay out now (its payout account is low); try again later',
  lost: 'The mobile money provider has no record of the payout',
  fundsOrLimit:
    'The mobile money provider could not pay out this amount now (its payout account is low, or the receiving account is at its limit); try again later',
} as const;
