import { PAYMENT_MESSAGES as M, type PublicLink, SIMULATOR } from '@sente/contracts/payments';
import { describe, expect, it } from 'vitest';
import { publicLink } from '../testing/public-link.ts';
import {
  buildExtraData,
  buildPayRequest,
  channelAfterPhoneChange,
  channelForPhone,
  emptyValues,
  type PayFormValues,
  payButtonLabel,
  placeServerMessages,
  validatePayForm,
} from './form.ts';

const link = (overrides: Partial<PublicLink> = {}) =>
  publicLink({ ref: 'ref1', merchant: { name: 'Acme', logo_url: null }, ...overrides });

const fields: PublicLink['extra_fields'] = [
  { type: 'text', label: 'Student', options: [] },
  { type: 'multi-text', label: 'Notes', options: [] },
  { type: 'select', label: 'Class', options: ['P1', 'P2'] },
  { type: 'checkbox', label: 'Extras', options: ['Lunch', 'Bus', 'Books'] },
  { type: 'radio', label: 'Term', options: ['One', 'Two'] },
];

const filled = (base: PublicLink, overrides: Partial<PayFormValues> = {}): PayFormValues => ({
  ...emptyValues(base),
  names: ' Jane Doe ',
  phone: '0772 123 456',
  channel: 'MTN_UG',
  ...overrides,
});

describe('choosing the channel from the number', () => {
  it('knows MTN and Airtel numbers in every accepted shape', () => {
    expect(channelForPhone('0772123456')).toBe('MTN_UG');
    expect(channelForPhone('+256 701 234 567')).toBe('AIRTEL');
    expect(channelForPhone('256751234567')).toBe('AIRTEL');
    expect(channelForPhone('0712345678')).toBeNull();
    expect(channelForPhone('0772')).toBeNull();
  });

  it("follows the number's network unless the payer pays by card", () => {
    expect(channelAfterPhoneChange(null, '0772123456')).toBe('MTN_UG');
    expect(channelAfterPhoneChange('MTN_UG', '0752123456')).toBe('AIRTEL');
    expect(channelAfterPhoneChange('AIRTEL', '077')).toBe('AIRTEL');
    expect(channelAfterPhoneChange('CARD', '0772123456')).toBe('CARD');
  });
});

describe('extra data', () => {
  it('sends every field in the link order, checkboxes joined in option order', () => {
    expect(buildExtraData(fields, [' S1 ', 'n', 'P2', ['Books', 'Lunch'], 'Two'])).toEqual([
      { label: 'Student', value: 'S1' },
      { label: 'Notes', value: 'n' },
      { label: 'Class', value: 'P2' },
      { label: 'Extras', value: 'Lunch, Books' },
      { label: 'Term', value: 'Two' },
    ]);
  });

  it('requires every field, a checkbox at least one option', () => {
    const withFields = link({ extra_fields: fields });
    const errors = validatePayForm(withFields, filled(withFields));
    expect(errors).toMatchObject({
      'extra-0': M.extraFieldMissing('Student'),
      'extra-1': M.extraFieldMissing('Notes'),
      'extra-2': M.extraFieldOption('Class'),
      'extra-3': M.extraFieldOption('Extras'),
      'extra-4': M.extraFieldOption('Term'),
    });
    expect(validatePayForm(withFields, filled(withFields, { extra: ['a', 'b', 'P1', ['Bus'], 'One'] }))).toEqual({});
  });
});

describe('validating the form', () => {
  it('accepts a filled mobile money payment', () => {
    expect(validatePayForm(link(), filled(link()))).toEqual({});
  });

  it('asks for a name, a channel and a number of the right network', () => {
    const base = link();
    expect(validatePayForm(base, emptyValues(base))).toEqual({
      names: M.namesMissing,
      channel: M.channelInvalid,
      phone: M.phoneMissing,
    });
    expect(validatePayForm(base, filled(base, { phone: '12345' })).phone).toBe(M.phoneInvalid);
    expect(validatePayForm(base, filled(base, { phone: '0701234567' })).phone).toBe(M.notMtnNumber);
    expect(validatePayForm(base, filled(base, { channel: 'AIRTEL' })).phone).toBe(M.notAirtelNumber);
    expect(validatePayForm(base, filled(base, { email: 'nope' })).email).toBe(M.emailInvalid);
  });

  it('asks for an amount only where the payer chooses it', () => {
    const donation = link({ kind: 'donation_link', fixed_amount: false, amount: 0, raised: 0, target: 0 });
    expect(validatePayForm(donation, filled(donation)).amount).toBe(M.amountMissing);
    expect(validatePayForm(donation, filled(donation, { amount: '1.5' })).amount).toBe(M.amountWhole);
    expect(validatePayForm(donation, filled(donation, { amount: '10,000' }))).toEqual({});
  });

  it('needs an e-mail and the card details for a card, and a test card in test mode', () => {
    const base = link();
    const card = filled(base, { channel: 'CARD', phone: '' });
    expect(validatePayForm(base, card)).toEqual({
      email: M.emailRequiredForCard,
      cardNumber: M.cardNumberInvalid,
      cardExpiry: M.cardExpiryInvalid,
      cardCvc: M.cardCvcInvalid,
    });
    const details = { email: 'jane@example.com', cardExpiry: '12/30', cardCvc: '123' };
    expect(validatePayForm(base, { ...card, ...details, cardNumber: '4111 1111 1111 1111' }).cardNumber).toBe(M.testCardOnly);
    expect(validatePayForm(base, { ...card, ...details, cardNumber: '4242 4242 4242 4242' })).toEqual({});
    const live = link({ environment: 'production' });
    expect(validatePayForm(live, { ...card, ...details, cardNumber: '4111 1111 1111 1111' })).toEqual({});
  });

  it('needs an e-mail for a digital item however it is paid, the download link is sent there', () => {
    const item = link({ kind: 'digital_item' });
    expect(validatePayForm(item, filled(item))).toEqual({ email: M.emailRequiredForDownload });
    const card = filled(item, {
      channel: 'CARD',
      phone: '',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/30',
      cardCvc: '123',
    });
    expect(validatePayForm(item, card)).toEqual({ email: M.emailRequiredForDownload });
    expect(validatePayForm(item, filled(item, { email: 'jane@example.com' }))).toEqual({});
  });
});

describe('the pay request', () => {
  it('sends the fixed price as shown and the number as 2567XXXXXXXX', () => {
    const base = link();
    expect(buildPayRequest(base, filled(base))).toEqual({
      names: 'Jane Doe',
      channel: 'MTN_UG',
      amount: 25_000,
      phone: '256772123456',
      extra_data: [],
    });
  });

  it('sends the typed amount, the e-mail and the card without a phone', () => {
    const dynamic = link({ fixed_amount: false, amount: 0 });
    const values = filled(dynamic, {
      amount: '12,500',
      channel: 'CARD',
      email: ' jane@example.com ',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/30',
      cardCvc: '123',
    });
    expect(buildPayRequest(dynamic, values)).toEqual({
      names: 'Jane Doe',
      channel: 'CARD',
      amount: 12_500,
      email: 'jane@example.com',
      extra_data: [],
      card_number: SIMULATOR.successCard,
      card_expiry: '12/30',
      card_cvc: '123',
    });
  });
});

describe("the server's messages", () => {
  it('go beside the fields the server names, the rest above the button', () => {
    const base = link({ extra_fields: fields });
    const refusal = {
      messages: [M.notMtnNumber, M.extraFieldOption('Class'), M.priceChanged, M.amountMissing],
      fields: { phone: M.notMtnNumber, 'extra_data.2': M.extraFieldOption('Class'), amount: M.amountMissing },
    };
    // A fixed price has no amount field to show it under.
    expect(placeServerMessages(base, refusal)).toEqual({
      fields: { phone: M.notMtnNumber, 'extra-2': M.extraFieldOption('Class') },
      general: [M.priceChanged, M.amountMissing],
    });
    const email = { messages: [M.emailRequiredForDownload], fields: { email: M.emailRequiredForDownload } };
    expect(placeServerMessages(base, email).fields).toEqual({ email: M.emailRequiredForDownload });
  });

  it('place nothing by its words alone: a message the server ties to no field stays above the button', () => {
    const refusal = { messages: [M.notMtnNumber], fields: {} };
    expect(placeServerMessages(link(), refusal)).toEqual({ fields: {}, general: [M.notMtnNumber] });
  });
});

describe('the Pay button', () => {
  it('names the amount to pay', () => {
    expect(payButtonLabel(link(), '')).toBe('Pay UGX 25,000');
    const donation = link({ kind: 'donation_link', fixed_amount: false, amount: 0 });
    expect(payButtonLabel(donation, '')).toBe('Donate');
    expect(payButtonLabel(donation, '10000')).toBe('Donate UGX 10,000');
  });
});
