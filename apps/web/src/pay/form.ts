import { formatMoney } from '@sente/contracts/format';
import type { ExtraField } from '@sente/contracts/links';
import {
  PAYMENT_MESSAGES as M,
  type MobileMoneyChannel,
  networkOf,
  normalizeUgandanPhone,
  type PaymentChannel,
  type PayRequest,
  type PublicLink,
  SIMULATOR,
} from '@sente/contracts/payments';
import { cardCvcValid, cardDigits, cardExpiryValid, cardNumberValid } from './card.ts';
import { parseAmount } from './money.ts';

/** A checkbox field's answer is the options ticked; every other field's is one string. */
export type ExtraAnswer = string | string[];

export type PayFormValues = {
  amount: string;
  names: string;
  phone: string;
  email: string;
  channel: PaymentChannel | null;
  extra: ExtraAnswer[];
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};

export type FieldName =
  | 'amount'
  | 'names'
  | 'phone'
  | 'email'
  | 'channel'
  | 'cardNumber'
  | 'cardExpiry'
  | 'cardCvc'
  | `extra-${number}`;
export type FormErrors = Partial<Record<FieldName, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Donations and dynamic charges let the payer choose the amount; a fixed price is sent as shown. */
export const asksAmount = (link: PublicLink) => !link.fixed_amount;

/** The Pay button's words: 'Pay UGX 25,000' ('Donate …' for a donation), or just the verb until an amount is typed. */
export function payButtonLabel(link: PublicLink, amountInput: string): string {
  const verb = link.kind === 'donation_link' ? 'Donate' : 'Pay';
  const amount = asksAmount(link) ? parseAmount(amountInput) : { ok: true as const, amount: link.amount };
  return amount.ok ? `${verb} ${formatMoney(amount.amount)}` : verb;
}

export const extraFieldName = (index: number): FieldName => `extra-${index}`;

export function emptyValues(link: PublicLink): PayFormValues {
  return {
    amount: '',
    names: '',
    phone: '',
    email: '',
    channel: null,
    extra: link.extra_fields.map((field) => (field.type === 'checkbox' ? [] : '')),
    cardNumber: '',
    cardExpiry: '',
    cardCvc: '',
  };
}

/** The network of a complete Ugandan mobile number, so the matching channel can be chosen for the payer. */
export function channelForPhone(phone: string): MobileMoneyChannel | null {
  const msisdn = normalizeUgandanPhone(phone);
  return msisdn ? networkOf(msisdn) : null;
}

/** The channel after the payer edits the number: a recognised network's own, unless paying by card. */
export function channelAfterPhoneChange(current: PaymentChannel | null, phone: string): PaymentChannel | null {
  if (current === 'CARD') return current;
  return channelForPhone(phone) ?? current;
}

function answerText(field: ExtraField, answer: ExtraAnswer | undefined): string {
  if (Array.isArray(answer)) return field.options.filter((option) => answer.includes(option)).join(', ');
  return (answer ?? '').trim();
}

/** The extra answers as the API takes them: `{ label, value }` in the link's field order, checkboxes joined with ', '. */
export function buildExtraData(fields: ExtraField[], answers: ExtraAnswer[]) {
  return fields.map((field, index) => ({ label: field.label, value: answerText(field, answers[index]) }));
}

const isMobileMoney = (channel: PaymentChannel | null) => channel !== 'CARD';

/** A digital item's download link is also e-mailed, so the buyer who closes the page keeps it (decision 035). */
const emailRequired = (link: PublicLink, channel: PaymentChannel | null) => link.kind === 'digital_item' || channel === 'CARD';

function phoneError(channel: PaymentChannel | null, phone: string): string | undefined {
  if (phone.trim() === '') return M.phoneMissing;
  const msisdn = normalizeUgandanPhone(phone);
  if (!msisdn) return M.phoneInvalid;
  const network = networkOf(msisdn);
  if (channel === 'MTN_UG' && network !== 'MTN_UG') return M.notMtnNumber;
  if (channel === 'AIRTEL' && network !== 'AIRTEL') return M.notAirtelNumber;
  return undefined;
}

function cardErrors(link: PublicLink, values: PayFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!cardNumberValid(values.cardNumber)) errors.cardNumber = M.cardNumberInvalid;
  else if (
    link.environment === 'test' &&
    ![SIMULATOR.successCard, SIMULATOR.declinedCard].includes(cardDigits(values.cardNumber) as never)
  )
    errors.cardNumber = M.testCardOnly;
  if (!cardExpiryValid(values.cardExpiry)) errors.cardExpiry = M.cardExpiryInvalid;
  if (!cardCvcValid(values.cardCvc)) errors.cardCvc = M.cardCvcInvalid;
  return errors;
}

/** The same rules as the API's, checked before anything is sent; each message belongs beside its field. */
export function validatePayForm(link: PublicLink, values: PayFormValues): FormErrors {
  const errors: FormErrors = {};
  if (asksAmount(link)) {
    const amount = parseAmount(values.amount);
    if (!amount.ok) errors.amount = amount.error;
  }
  link.extra_fields.forEach((field, index) => {
    if (answerText(field, values.extra[index]) !== '') return;
    errors[extraFieldName(index)] =
      field.type === 'text' || field.type === 'multi-text' ? M.extraFieldMissing(field.label) : M.extraFieldOption(field.label);
  });
  if (values.names.trim() === '') errors.names = M.namesMissing;
  if (values.channel === null) errors.channel = M.channelInvalid;
  if (isMobileMoney(values.channel)) {
    const phone = phoneError(values.channel, values.phone);
    if (phone) errors.phone = phone;
  }
  const email = values.email.trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) errors.email = M.emailInvalid;
  if (email === '' && emailRequired(link, values.channel)) {
    errors.email = link.kind === 'digital_item' ? M.emailRequiredForDownload : M.emailRequiredForCard;
  }
  if (values.channel === 'CARD') Object.assign(errors, cardErrors(link, values));
  return errors;
}

/** The body of POST /api/public/links/:ref/pay from values that passed validatePayForm. */
export function buildPayRequest(link: PublicLink, values: PayFormValues): PayRequest {
  const channel = values.channel!;
  const amount = parseAmount(values.amount);
  const email = values.email.trim();
  return {
    names: values.names.trim(),
    channel,
    // A fixed price goes back as shown, so a price changed since the page loaded is refused, not charged.
    amount: asksAmount(link) ? (amount.ok ? amount.amount : 0) : link.amount,
    extra_data: buildExtraData(link.extra_fields, values.extra),
    ...(email ? { email } : {}),
    ...(channel === 'CARD'
      ? { card_number: cardDigits(values.cardNumber), card_expiry: values.cardExpiry.trim(), card_cvc: values.cardCvc.trim() }
      : { phone: normalizeUgandanPhone(values.phone) ?? values.phone.trim() }),
  };
}

/** The pay request's fields (PayRequest) as the form names them; `extra_data.<n>` is the link's n-th extra field. */
const FORM_FIELD_OF: Record<string, FieldName> = {
  names: 'names',
  phone: 'phone',
  email: 'email',
  channel: 'channel',
  amount: 'amount',
  card_number: 'cardNumber',
  card_expiry: 'cardExpiry',
  card_cvc: 'cardCvc',
};

function formFieldOf(link: PublicLink, path: string): FieldName | undefined {
  const [first, index] = path.split('.');
  if (first === 'extra_data')
    return index !== undefined && link.extra_fields[Number(index)] ? extraFieldName(Number(index)) : undefined;
  const field = first === undefined ? undefined : FORM_FIELD_OF[first];
  // A fixed price shows no amount field: a refusal of it is said above the button.
  return field === 'amount' && !asksAmount(link) ? undefined : field;
}

/**
 * A refused payment's messages: beside the fields the server names (`fields` of its answer, decision 048), the
 * rest above the Pay button.
 */
export function placeServerMessages(
  link: PublicLink,
  refusal: { messages: string[]; fields: Record<string, string> },
): { fields: FormErrors; general: string[] } {
  const fields: FormErrors = {};
  const placed = new Set<string>();
  for (const [path, message] of Object.entries(refusal.fields)) {
    const field = formFieldOf(link, path);
    if (!field) continue;
    fields[field] ??= message;
    placed.add(message);
  }
  const general = [...new Set(refusal.messages.filter((message) => !placed.has(message)))];
  return { fields, general };
}
