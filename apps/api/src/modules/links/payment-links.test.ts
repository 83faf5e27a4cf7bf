/** Payment links through HTTP: create, details, update, enable or disable, and what each refuses. */
import { MAX_LINK_AMOUNT } from '@sente/contracts/links';
import { LINK_MESSAGES as M, MESSAGES } from '@sente/contracts/messages';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, get, post } from '../../testing/http.ts';
import {
  expectRefused,
  ISO,
  linkRow,
  PAYMENT_LINK,
  REF,
  submitDonationLink,
  submitPaymentLink,
  UNKNOWN_ID,
  UUID,
} from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
/** Owns "Alpha Traders", where the payment links are made. */
let owner: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMerchant(t, 'Alpha Traders');
});
afterAll(() => t.close());

describe('payment links', () => {
  it('creates a fixed charge link, stores it, and answers the same from details', async () => {
    const res = await post(t, owner, '/api/payment-link/create', PAYMENT_LINK);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: M.paymentLinkSaved,
      data: {
        id: expect.stringMatching(UUID),
        ref: expect.stringMatching(REF),
        title: 'School fees',
        description: 'Term 1 fees',
        amount: 250000,
        fixed_amount: true,
        extra_fields: [
          { type: 'select', label: 'Class', options: ['P1', 'P2'] },
          { type: 'text', label: 'Pupil name', options: [] },
        ],
        redirect_url: 'https://school.example.com/confirm-payment',
        is_disabled: false,
        created_at: expect.stringMatching(ISO),
        collections_total: 0,
        attachments: [],
      },
    });
    const row = await linkRow(t, body.data.id);
    expect(row).toMatchObject({
      account_id: owner.accountId,
      kind: 'payment_link',
      ref: body.data.ref,
      title: 'School fees',
      fixed_amount: true,
      extra_fields: body.data.extra_fields,
      redirect_url: 'https://school.example.com/confirm-payment',
      is_disabled: false,
      is_hidden: false,
      created_by: owner.userId,
    });
    expect(Number(row.amount)).toBe(250000);

    const details = await get(t, owner, `/api/payment-link/details/${body.data.ref}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('stores amount 0 for a dynamic charge, whatever price was typed before switching', async () => {
    const link = await submitPaymentLink(t, owner, { title: 'Pay what you like', fixed_amount: false, amount: 7000 });
    expect(link).toMatchObject({ amount: 0, fixed_amount: false, description: null, redirect_url: null, extra_fields: [] });
    expect(Number((await linkRow(t, link.id)).amount)).toBe(0);
  });

  it.each([
    ['no title', { ...PAYMENT_LINK, title: undefined }, M.titleMissing],
    ['a blank title', { ...PAYMENT_LINK, title: '   ' }, M.titleMissing],
    // A 468-character title was once told "Title is missing".
    ['a title of 468 characters', { ...PAYMENT_LINK, title: 'T'.repeat(468) }, TEXT_LIMITS.linkTitle.tooLong],
    [
      'a description over 2,000 characters',
      { ...PAYMENT_LINK, description: 'd'.repeat(2001) },
      TEXT_LIMITS.linkDescription.tooLong,
    ],
    ['a fixed charge without a price', { ...PAYMENT_LINK, amount: '' }, M.priceMissing],
    ['a fixed charge of 0', { ...PAYMENT_LINK, amount: 0 }, M.priceMissing],
    ['a price with decimals', { ...PAYMENT_LINK, amount: '1500.50' }, M.amountWhole],
    ['a price that is not a number', { ...PAYMENT_LINK, amount: 'abc' }, M.amountInvalid],
    ['a negative price', { ...PAYMENT_LINK, amount: -100 }, M.amountNegative],
    ['a negative price typed as text', { ...PAYMENT_LINK, amount: '-1,500' }, M.amountNegative],
    ['a price with a minus inside', { ...PAYMENT_LINK, amount: '12-3' }, M.amountInvalid],
    ['a price above the limit', { ...PAYMENT_LINK, amount: MAX_LINK_AMOUNT + 1 }, M.amountTooLarge],
    ['a redirect URL without a scheme', { ...PAYMENT_LINK, redirect_url: 'shop.example.com/confirm' }, M.redirectUrlInvalid],
    ['a javascript: redirect URL', { ...PAYMENT_LINK, redirect_url: 'javascript:alert(1)' }, M.redirectUrlInvalid],
    ['an extra field without a label', { ...PAYMENT_LINK, extra_fields: [{ type: 'text', label: ' ' }] }, M.labelMissing],
    [
      'a select whose options are all empty',
      { ...PAYMENT_LINK, extra_fields: [{ type: 'select', label: 'Size', options: ['', '  '] }] },
      M.extraFieldOptionsMissing,
    ],
    [
      'a radio without options',
      { ...PAYMENT_LINK, extra_fields: [{ type: 'radio', label: 'Size' }] },
      M.extraFieldOptionsMissing,
    ],
    ['an unknown input type', { ...PAYMENT_LINK, extra_fields: [{ type: 'date', label: 'When' }] }, M.extraFieldTypeInvalid],
  ])('refuses %s', async (_, payload, message) => {
    await expectRefused(t, owner, '/api/payment-link/create', payload, message);
  });

  it('updates its own link under the same ref; a refused update changes nothing', async () => {
    const link = await submitPaymentLink(t, owner);
    const res = await post(t, owner, `/api/payment-link/update/${link.id}`, {
      title: 'School fees, term 2',
      fixed_amount: true,
      amount: 300000,
      extra_fields: [],
      redirect_url: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: M.paymentLinkUpdated,
      data: {
        ...link,
        title: 'School fees, term 2',
        description: null,
        amount: 300000,
        extra_fields: [],
        redirect_url: null,
      },
    });
    const row = await linkRow(t, link.id);
    expect(row).toMatchObject({ ref: link.ref, title: 'School fees, term 2', redirect_url: null, extra_fields: [] });
    expect(Number(row.amount)).toBe(300000);

    const refused = await post(t, owner, `/api/payment-link/update/${link.id}`, { title: '', amount: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: 'error',
      message: M.titleMissing,
      errors: [M.titleMissing],
      fields: { title: M.titleMissing },
    });
    expect(await linkRow(t, link.id)).toEqual(row);
  });

  it('disables and enables a link; the dashboard env changes nothing', async () => {
    // The answer is the link as the list shows it: without its attachments (attachments.test.ts).
    const { attachments: _, ...link } = await submitPaymentLink(t, owner);
    const disabled = await post(t, owner, `/api/payment-link/enable_or_disable/${link.id}`, { is_disabled: true, env: 'test' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({
      status: 'success',
      message: M.paymentLinkStatusUpdated,
      data: { ...link, is_disabled: true },
    });
    expect((await linkRow(t, link.id)).is_disabled).toBe(true);
    expect((await get(t, owner, `/api/payment-link/details/${link.ref}`)).json().data.is_disabled).toBe(true);

    const enabled = await post(t, owner, `/api/payment-link/enable_or_disable/${link.id}`, { is_disabled: false, env: 'prod' });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.is_disabled).toBe(false);
    expect((await linkRow(t, link.id)).is_disabled).toBe(false);

    for (const payload of [{}, { is_disabled: 'yes' }]) {
      const refused = await post(t, owner, `/api/payment-link/enable_or_disable/${link.id}`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.invalidRequest);
    }
    expect((await linkRow(t, link.id)).is_disabled).toBe(false);
  });

  it('answers 404 for an id or ref that names none of its payment links (malformed, unknown or of another kind)', async () => {
    const donation = await submitDonationLink(t, owner);
    const before = await linkRow(t, donation.id);
    for (const id of ['not-a-uuid', UNKNOWN_ID, donation.id]) {
      for (const url of [`/api/payment-link/update/${id}`, `/api/payment-link/enable_or_disable/${id}`]) {
        const res = await post(t, owner, url, { ...PAYMENT_LINK, is_disabled: true });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(error(M.linkNotFound));
      }
    }
    expect(await linkRow(t, donation.id)).toEqual(before);
    for (const ref of ['nope', donation.ref]) {
      const res = await get(t, owner, `/api/payment-link/details/${ref}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(error(M.linkNotFound));
    }
  });
});
