import { randomUUID } from 'node:crypto';
import { DIGITAL_ITEM_CATEGORIES, MAX_LINK_AMOUNT } from '@sente/contracts/links';
import { LINK_MESSAGES as M, MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkKind } from '../../db/database.ts';
import { encodeCursor } from '../../lib/pagination.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addMember, bearer, createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';
import { generateRef } from './repository.ts';

let t: TestApp;
/** Owns "Alpha Traders", where most links are made. */
let owner: SignedInUser;
let ownerAccountId: string;
/** Owns "Beta Shop"; must never reach Alpha's links, nor Alpha theirs. */
let other: SignedInUser;
/** A 'developer' member of Alpha Traders: may look, may not change. */
let developer: SignedInUser;
/** Owns "Paged Goods", filled with rows inserted directly for the paging tests. */
let pager: SignedInUser;
let pagerAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, developer, pager] = await Promise.all([
    createSignedInUser(t, { firstname: 'Olivia' }),
    createSignedInUser(t, { firstname: 'Brian' }),
    createSignedInUser(t, { firstname: 'Dev' }),
    createSignedInUser(t, { firstname: 'Paula' }),
  ]);
  [ownerAccountId, , pagerAccountId] = await Promise.all([
    createAccount(t, owner.accessToken, 'Alpha Traders'),
    createAccount(t, other.accessToken, 'Beta Shop'),
    createAccount(t, pager.accessToken, 'Paged Goods'),
  ]);
  await addMember(t, ownerAccountId, developer, 'developer', owner.userId);
  const switched = await post('/api/sente-account/switch-account', developer, { sente_account_id: ownerAccountId });
  expect(switched.statusCode).toBe(200);
});
afterAll(() => t.close());

function post(url: string, user: SignedInUser, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(user.accessToken), payload });
}
const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
const linkRow = (id: string) => t.database.db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const linkCount = async (accountId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const error = (message: string) => ({ status: 'error', message });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REF = /^[a-z0-9]{10}$/;
const UNKNOWN_ID = '5f0c2a7e-1b2c-4d3e-8f40-123456789abc';

const PAYMENT_LINK = {
  title: '  School fees  ',
  description: 'Term 1 fees',
  fixed_amount: true,
  amount: '250,000',
  extra_fields: [
    { type: 'select', label: 'Class', options: ['P1', '', 'P2'] },
    { type: 'text', label: 'Pupil name', options: ['ignored'] },
  ],
  redirect_url: 'https://school.example.com/confirm-payment',
};
const DONATION_LINK = {
  title: 'Clean water for Gulu',
  description: 'Two boreholes',
  beneficiary: 'Gulu villages',
  type: 'private',
  target: '5,000,000',
  image: 'certificates/borehole.jpg',
  extra_fields: [{ type: 'radio', label: 'Show my name', options: ['Yes', 'No', ''] }],
};
const DIGITAL_ITEM = {
  title: 'Budget planner',
  description: 'A 12-month household planner',
  type: 'public',
  category: DIGITAL_ITEM_CATEGORIES[4],
  price: '15,000',
  original_price: 20000,
  image: 'uploads/planner.png',
  file: 'uploads/planner.pdf',
  extra_fields: [{ type: 'multi-text', label: 'Dedication' }],
  seller_note: 'Thank you!',
  buyer_note: 'Print on A4',
};

/** Posts a create that must succeed and answers its data. */
async function create(url: string, user: SignedInUser, payload: object) {
  const res = await post(url, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const createPaymentLink = (user: SignedInUser, payload: object = PAYMENT_LINK) =>
  create('/api/payment-link/create', user, payload);
const createDonationLink = (user: SignedInUser, payload: object = DONATION_LINK) =>
  create('/api/donation-link/create', user, payload);
const createDigitalItem = (user: SignedInUser, payload: object = DIGITAL_ITEM) =>
  create('/api/donation-link/create_digital_item', user, payload);

/** A refused write: 400 with the message first, and no row added to the account. */
async function expectRefused(url: string, payload: object, message: string) {
  const before = await linkCount(ownerAccountId);
  const res = await post(url, owner, payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ status: 'error', message });
  expect(res.json().errors).toContain(message);
  expect(await linkCount(ownerAccountId)).toBe(before);
}

describe('payment links', () => {
  it('creates a fixed charge link, stores it, and answers the same from details', async () => {
    const res = await post('/api/payment-link/create', owner, PAYMENT_LINK);
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
      },
    });
    const row = await linkRow(body.data.id);
    expect(row).toMatchObject({
      account_id: ownerAccountId,
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

    const details = await get(`/api/payment-link/details/${body.data.ref}`, owner);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('stores amount 0 for a dynamic charge, whatever price was typed before switching', async () => {
    const link = await createPaymentLink(owner, { title: 'Pay what you like', fixed_amount: false, amount: 7000 });
    expect(link).toMatchObject({ amount: 0, fixed_amount: false, description: null, redirect_url: null, extra_fields: [] });
    expect(Number((await linkRow(link.id)).amount)).toBe(0);
  });

  it.each([
    ['no title', { ...PAYMENT_LINK, title: undefined }, M.titleMissing],
    ['a blank title', { ...PAYMENT_LINK, title: '   ' }, M.titleMissing],
    ['a fixed charge without a price', { ...PAYMENT_LINK, amount: '' }, M.priceMissing],
    ['a fixed charge of 0', { ...PAYMENT_LINK, amount: 0 }, M.priceMissing],
    ['a price with decimals', { ...PAYMENT_LINK, amount: '1500.50' }, M.amountWhole],
    ['a price that is not a number', { ...PAYMENT_LINK, amount: 'abc' }, M.amountInvalid],
    ['a negative price', { ...PAYMENT_LINK, amount: -100 }, M.amountInvalid],
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
    await expectRefused('/api/payment-link/create', payload, message);
  });

  it('updates its own link under the same ref; a refused update changes nothing', async () => {
    const link = await createPaymentLink(owner);
    const res = await post(`/api/payment-link/update/${link.id}`, owner, {
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
    const row = await linkRow(link.id);
    expect(row).toMatchObject({ ref: link.ref, title: 'School fees, term 2', redirect_url: null, extra_fields: [] });
    expect(Number(row.amount)).toBe(300000);

    const refused = await post(`/api/payment-link/update/${link.id}`, owner, { title: '', amount: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 'error', message: M.titleMissing, errors: [M.titleMissing] });
    expect(await linkRow(link.id)).toEqual(row);
  });

  it('disables and enables a link; the dashboard env changes nothing', async () => {
    const link = await createPaymentLink(owner);
    const disabled = await post(`/api/payment-link/enable_or_disable/${link.id}`, owner, { is_disabled: true, env: 'test' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({
      status: 'success',
      message: M.paymentLinkStatusUpdated,
      data: { ...link, is_disabled: true },
    });
    expect((await linkRow(link.id)).is_disabled).toBe(true);
    expect((await get(`/api/payment-link/details/${link.ref}`, owner)).json().data.is_disabled).toBe(true);

    const enabled = await post(`/api/payment-link/enable_or_disable/${link.id}`, owner, { is_disabled: false, env: 'prod' });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.is_disabled).toBe(false);
    expect((await linkRow(link.id)).is_disabled).toBe(false);

    for (const payload of [{}, { is_disabled: 'yes' }]) {
      const refused = await post(`/api/payment-link/enable_or_disable/${link.id}`, owner, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.invalidRequest);
    }
    expect((await linkRow(link.id)).is_disabled).toBe(false);
  });

  it('answers 404 for an id or ref that names none of its payment links (malformed, unknown or of another kind)', async () => {
    const donation = await createDonationLink(owner);
    const before = await linkRow(donation.id);
    for (const id of ['not-a-uuid', UNKNOWN_ID, donation.id]) {
      for (const url of [`/api/payment-link/update/${id}`, `/api/payment-link/enable_or_disable/${id}`]) {
        const res = await post(url, owner, { ...PAYMENT_LINK, is_disabled: true });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(error(M.linkNotFound));
      }
    }
    expect(await linkRow(donation.id)).toEqual(before);
    for (const ref of ['nope', donation.ref]) {
      const res = await get(`/api/payment-link/details/${ref}`, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(error(M.linkNotFound));
    }
  });
});

describe('donation links', () => {
  it('creates a donation link, stores it, and answers the same from details', async () => {
    const res = await post('/api/donation-link/create', owner, DONATION_LINK);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: M.donationLinkSaved,
      data: {
        id: expect.stringMatching(UUID),
        ref: expect.stringMatching(REF),
        title: 'Clean water for Gulu',
        description: 'Two boreholes',
        beneficiary: 'Gulu villages',
        type: 'private',
        target: 5000000,
        image: 'certificates/borehole.jpg',
        extra_fields: [{ type: 'radio', label: 'Show my name', options: ['Yes', 'No'] }],
        created_at: expect.stringMatching(ISO),
        collections_total: 0,
      },
    });
    const row = await linkRow(body.data.id);
    expect(row).toMatchObject({
      account_id: ownerAccountId,
      kind: 'donation_link',
      type: 'private',
      beneficiary: 'Gulu villages',
      image: 'certificates/borehole.jpg',
      created_by: owner.userId,
    });
    expect(Number(row.amount)).toBe(5000000);

    const details = await get(`/api/donation-link/details/${body.data.ref}`, owner);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('defaults to a public link without target or image (an empty upload reads as none)', async () => {
    const link = await createDonationLink(owner, { title: 'Open fund', image: '', target: '' });
    expect(link).toMatchObject({ type: 'public', target: 0, image: null, beneficiary: null, extra_fields: [] });
  });

  it.each([
    ['no title', { ...DONATION_LINK, title: '' }, M.titleMissing],
    ['a target with decimals', { ...DONATION_LINK, target: 10.5 }, M.amountWhole],
    ['a target that is not a number', { ...DONATION_LINK, target: 'lots' }, M.amountInvalid],
    ['an unknown type', { ...DONATION_LINK, type: 'secret' }, M.visibilityInvalid],
    ['an image that is a URL', { ...DONATION_LINK, image: 'https://evil.example.com/a.jpg' }, M.invalidFilePath],
    ['an image path climbing out of storage', { ...DONATION_LINK, image: 'uploads/../../secrets.json' }, M.invalidFilePath],
    ['an extra field without a label', { ...DONATION_LINK, extra_fields: [{ type: 'text' }] }, M.labelMissing],
  ])('refuses %s', async (_, payload, message) => {
    await expectRefused('/api/donation-link/create', payload, message);
  });

  it('updates its own link; an unknown or malformed id, or a payment link id, is 404', async () => {
    const link = await createDonationLink(owner);
    const res = await post(`/api/donation-link/update/${link.id}`, owner, {
      ...DONATION_LINK,
      title: 'Three boreholes',
      type: 'public',
      target: 7500000,
      image: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: M.donationLinkUpdated,
      data: { ...link, title: 'Three boreholes', type: 'public', target: 7500000, image: null },
    });
    expect(await linkRow(link.id)).toMatchObject({ title: 'Three boreholes', type: 'public', image: null });

    const payment = await createPaymentLink(owner);
    for (const id of ['42', UNKNOWN_ID, payment.id]) {
      const missing = await post(`/api/donation-link/update/${id}`, owner, DONATION_LINK);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.linkNotFound));
    }
    expect((await linkRow(payment.id)).title).toBe('School fees');
  });
});

describe('digital items', () => {
  it('creates an item, stores it, and answers the same from details_degital_item', async () => {
    const res = await post('/api/donation-link/create_digital_item', owner, DIGITAL_ITEM);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: M.itemAdded,
      data: {
        id: expect.stringMatching(UUID),
        ref: expect.stringMatching(REF),
        title: 'Budget planner',
        description: 'A 12-month household planner',
        type: 'public',
        category: DIGITAL_ITEM_CATEGORIES[4],
        price: 15000,
        original_price: 20000,
        image: 'uploads/planner.png',
        file: 'uploads/planner.pdf',
        extra_fields: [{ type: 'multi-text', label: 'Dedication', options: [] }],
        seller_note: 'Thank you!',
        buyer_note: 'Print on A4',
        created_at: expect.stringMatching(ISO),
        collections_total: 0,
      },
    });
    const row = await linkRow(body.data.id);
    expect(row).toMatchObject({
      account_id: ownerAccountId,
      kind: 'digital_item',
      category: DIGITAL_ITEM_CATEGORIES[4],
      image: 'uploads/planner.png',
      file: 'uploads/planner.pdf',
      is_hidden: false,
      created_by: owner.userId,
    });
    expect([Number(row.amount), Number(row.original_price)]).toEqual([15000, 20000]);

    const details = await get(`/api/donation-link/details_degital_item/${body.data.ref}`, owner);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('sells for free at price 0, with the first category by default and no original price', async () => {
    const item = await createDigitalItem(owner, { ...DIGITAL_ITEM, price: 0, category: undefined, original_price: '' });
    expect(item).toMatchObject({ price: 0, category: DIGITAL_ITEM_CATEGORIES[0], original_price: null });
  });

  it('answers every missing field of an empty form, in the form order', async () => {
    const res = await post('/api/donation-link/create_digital_item', owner, {});
    expect(res.statusCode).toBe(400);
    const missing = [
      M.productTitleMissing,
      M.productDescriptionMissing,
      M.productPriceMissing,
      M.productImageMissing,
      M.productFileMissing,
    ];
    expect(res.json()).toEqual({ status: 'error', message: M.productTitleMissing, errors: missing });
  });

  it.each([
    ['a blank title', { title: '  ' }, M.productTitleMissing],
    ['no description', { description: '' }, M.productDescriptionMissing],
    ['no price', { price: undefined }, M.productPriceMissing],
    ['an empty price', { price: '' }, M.productPriceMissing],
    ['a price that is not a number', { price: 'free' }, M.productPriceMissing],
    ['a price with decimals', { price: '999.99' }, M.amountWhole],
    ['no image', { image: undefined }, M.productImageMissing],
    ['an empty image', { image: '' }, M.productImageMissing],
    ['an image that is a PDF', { image: 'uploads/planner.pdf' }, M.invalidImageType],
    ['an SVG image (not allowed at save)', { image: 'uploads/logo.svg' }, M.invalidImageType],
    ['no file', { file: undefined }, M.productFileMissing],
    ['an empty file', { file: ' ' }, M.productFileMissing],
    ['a file that is a URL', { file: 'https://files.example.com/planner.pdf' }, M.invalidFilePath],
    ['an unknown category', { category: 'Music' }, M.categoryInvalid],
    ['an unknown type', { type: 'hidden' }, M.visibilityInvalid],
  ])('refuses a new item with %s', async (_, change, message) => {
    await expectRefused('/api/donation-link/create_digital_item', { ...DIGITAL_ITEM, ...change }, message);
  });

  it('updates an item: without an image it keeps the stored one, with one it replaces it', async () => {
    const item = await createDigitalItem(owner);
    const url = `/api/donation-link/update_digital_item/${item.id}`;

    const kept = await post(url, owner, { ...DIGITAL_ITEM, title: 'Budget planner 2027', image: undefined, price: 12000 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({
      status: 'success',
      message: M.itemUpdated,
      data: { ...item, title: 'Budget planner 2027', price: 12000 },
    });
    expect((await post(url, owner, { ...DIGITAL_ITEM, image: '' })).json().data.image).toBe('uploads/planner.png');
    expect((await linkRow(item.id)).image).toBe('uploads/planner.png');

    const replaced = await post(url, owner, { ...DIGITAL_ITEM, image: 'uploads/cover.webp', file: 'uploads/planner.zip' });
    expect(replaced.json().data).toMatchObject({ image: 'uploads/cover.webp', file: 'uploads/planner.zip' });
    expect(await linkRow(item.id)).toMatchObject({ image: 'uploads/cover.webp', file: 'uploads/planner.zip' });

    const before = await linkRow(item.id);
    for (const [change, message] of [
      [{ image: 'uploads/cover.txt' }, M.invalidImageType],
      [{ file: undefined }, M.productFileMissing],
      [{ description: '   ' }, M.productDescriptionMissing],
    ] as const) {
      const refused = await post(url, owner, { ...DIGITAL_ITEM, ...change });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await linkRow(item.id)).toEqual(before);

    for (const id of ['x', UNKNOWN_ID]) {
      const missing = await post(`/api/donation-link/update_digital_item/${id}`, owner, DIGITAL_ITEM);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.itemNotFound));
    }
  });

  it('hides an item (the spec delete): it leaves the list and its details; shouldHide false brings it back', async () => {
    const item = await createDigitalItem(owner);
    const hide = (shouldHide: unknown) =>
      post(`/api/donation-link/hide_digital_item/${item.id}`, owner, { senteDigitalItemId: item.id, shouldHide, env: 'test' });
    const listIds = async () =>
      (await get('/api/donation-link/get_digital_items', owner)).json().data.items.map((i: { id: string }) => i.id);
    expect(await listIds()).toContain(item.id);

    const res = await hide(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.productDeleted, data: { id: item.id, hidden: true } });
    expect(await linkRow(item.id)).toMatchObject({ is_hidden: true, title: 'Budget planner' });
    expect(await listIds()).not.toContain(item.id);
    const details = await get(`/api/donation-link/details_degital_item/${item.ref}`, owner);
    expect(details.statusCode).toBe(404);
    expect(details.json()).toEqual(error(M.itemNotFound));
    const update = await post(`/api/donation-link/update_digital_item/${item.id}`, owner, DIGITAL_ITEM);
    expect(update.statusCode).toBe(404);

    expect((await hide('yes')).statusCode).toBe(400);
    const shown = await hide(false);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().message).toBe(M.itemUpdated);
    expect((await get(`/api/donation-link/details_degital_item/${item.ref}`, owner)).statusCode).toBe(200);
    expect(await listIds()).toContain(item.id);

    for (const id of ['not-a-uuid', UNKNOWN_ID, (await createPaymentLink(owner)).id]) {
      const missing = await post(`/api/donation-link/hide_digital_item/${id}`, owner, { shouldHide: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.itemNotFound));
    }
  });
});

describe('lists', () => {
  type Seed = { id: string; createdAt: string };
  let seq = 0;
  /** A donation link seeded among the payment links, to prove the kinds stay apart. */
  let earlyDonations: Seed[] = [];

  /** Inserts rows of one kind into Paged Goods at these PostgreSQL timestamps (UTC, microseconds). */
  async function seed(kind: LinkKind, timestamps: string[], hidden = false): Promise<Seed[]> {
    const rows = timestamps.map((createdAt) => ({ id: randomUUID(), createdAt }));
    await t.database.db
      .insertInto('links')
      .values(
        rows.map(({ id, createdAt }) => ({
          id,
          account_id: pagerAccountId,
          kind,
          ref: `seed${String(++seq).padStart(6, '0')}`,
          title: `${kind} ${seq}`,
          amount: seq,
          file: kind === 'digital_item' ? 'uploads/seed.pdf' : null,
          extra_fields: '[]',
          is_hidden: hidden,
          created_by: pager.userId,
          created_at: `${createdAt}+00`,
        })),
      )
      .execute();
    return rows;
  }
  /** The order the lists promise: newest first, ties broken by id, both descending. */
  const newestFirst = (rows: Seed[]) =>
    [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((row) => row.id);
  const minutes = (hour: string, count: number) =>
    Array.from({ length: count }, (_, i) => `2026-03-01 ${hour}:${String(i).padStart(2, '0')}:00.000000`);

  /** Follows nextCursor from a first page to the end, from `firstUrl` and then `nextUrl?cursor=`. */
  async function walk(firstUrl: string, nextUrl: string, user: SignedInUser = pager) {
    const pages = [];
    let res = await get(firstUrl, user);
    for (;;) {
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      pages.push(page);
      if (!page.nextCursor) return pages;
      res = await get(`${nextUrl}?cursor=${page.nextCursor}`, user);
    }
  }

  it('pages 45 payment links newest first across 3 pages, through ties on created_at and microseconds', async () => {
    const empty = await get('/api/payment-link', pager);
    expect(empty.json()).toEqual({
      status: 'success',
      data: { items: [], lastCursor: null, nextCursor: null, totalItems: 0, totalPages: 0 },
    });

    const rows = [
      ...(await seed('payment_link', minutes('13', 10))),
      // 15 rows at one instant: the page boundary after row 20 falls inside them, so only the id tells them apart.
      ...(await seed('payment_link', Array(15).fill('2026-03-01 12:00:00.000000'))),
      ...(await seed('payment_link', minutes('11', 10))),
      // 10 rows within one millisecond (a JavaScript Date cannot tell them apart), across the boundary after row 40.
      ...(await seed(
        'payment_link',
        Array.from({ length: 10 }, (_, i) => `2026-03-01 10:00:00.123${String(101 + i)}`),
      )),
    ];
    await seed('payment_link', ['2026-03-01 14:00:00.000000', '2026-03-01 12:00:00.000000'], true);
    earlyDonations = await seed('donation_link', ['2026-03-01 15:00:00.000000']);

    const pages = await walk('/api/payment-link', '/api/payment-link');
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 5]);
    for (const page of pages) expect(page).toMatchObject({ totalItems: 45, totalPages: 3, lastCursor: expect.any(String) });
    expect(pages.map((page) => page.nextCursor)).toEqual([pages[0].lastCursor, pages[1].lastCursor, null]);

    // The first page replaces, later pages append: together they are every visible row, once, in order.
    const ids = pages.flatMap((page) => page.items.map((item: { id: string }) => item.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(newestFirst(rows));
    expect(pages[0].items[0]).toMatchObject({ fixed_amount: true, is_disabled: false, collections_total: 0 });
  });

  it('continues the digital items list on /api/donation-link, and donation links there too', async () => {
    const items = [
      ...(await seed('digital_item', Array(8).fill('2026-02-01 09:30:00.000000'))),
      ...(await seed('digital_item', minutes('08', 17))),
    ];
    await seed('digital_item', ['2026-02-02 00:00:00.000000'], true);
    const first = (await get('/api/donation-link/get_digital_items', pager)).json().data;
    expect(first).toMatchObject({ totalItems: 25, totalPages: 2, nextCursor: expect.any(String) });
    expect(first.items).toHaveLength(20);

    const next = await get(`/api/donation-link?cursor=${first.nextCursor}`, pager);
    expect(next.statusCode).toBe(200);
    const second = next.json().data;
    expect(second).toMatchObject({ totalItems: 25, totalPages: 2, nextCursor: null });
    expect(second.items).toHaveLength(5);
    expect(second.items[0]).toMatchObject({ price: expect.any(Number), file: 'uploads/seed.pdf', category: expect.any(String) });
    expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(newestFirst(items));

    // Donation links: one seeded earlier, 20 more, so their second page comes from the same URL.
    const donations = [...earlyDonations, ...(await seed('donation_link', minutes('07', 20)))];
    const pages = await walk('/api/donation-link', '/api/donation-link');
    expect(pages.map((page) => page.items.length)).toEqual([20, 1]);
    for (const page of pages) expect(page).toMatchObject({ totalItems: 21, totalPages: 2 });
    expect(pages[0].items[0]).toMatchObject({ target: expect.any(Number), type: 'public' });
    expect(pages[0].items[0]).not.toHaveProperty('file');
    expect(pages.flatMap((page) => page.items.map((item: { id: string }) => item.id))).toEqual(newestFirst(donations));

    // Each list's cursor belongs to its list: a digital items cursor is refused on payment links, and the reverse.
    const wrong = [
      `/api/payment-link?cursor=${first.nextCursor}`,
      `/api/donation-link/get_digital_items?cursor=${pages[0].nextCursor}`,
    ];
    for (const url of wrong) {
      const res = await get(url, pager);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(error(M.invalidCursor));
    }
  });

  it.each([
    ['not base64 JSON', 'abc'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad timestamp', encodeCursor({ scope: 'payment_link', createdAt: 'yesterday', id: UNKNOWN_ID })],
    ['a bad id', encodeCursor({ scope: 'payment_link', createdAt: '2026-03-01 12:00:00+00', id: "1' or 1=1" })],
    ['an unknown list', encodeCursor({ scope: 'collections', createdAt: '2026-03-01 12:00:00+00', id: UNKNOWN_ID })],
  ])('answers 400 to a cursor that is %s', async (_, cursor) => {
    const res = await get(`/api/payment-link?cursor=${encodeURIComponent(cursor)}`, pager);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(M.invalidCursor));
  });

  it('reads an empty ?cursor= as the first page', async () => {
    const res = await get('/api/payment-link?cursor=', pager);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalItems: 45, lastCursor: expect.any(String) });
    expect(res.json().data.items).toHaveLength(20);
  });
});

describe('isolation between accounts', () => {
  it("never answers, changes or lists another account's links", async () => {
    const [payment, donation, item] = await Promise.all([
      createPaymentLink(other),
      createDonationLink(other),
      createDigitalItem(other),
    ]);
    const before = await Promise.all([payment, donation, item].map((link) => linkRow(link.id)));

    const reads: [string, string][] = [
      [`/api/payment-link/details/${payment.ref}`, M.linkNotFound],
      [`/api/donation-link/details/${donation.ref}`, M.linkNotFound],
      [`/api/donation-link/details_degital_item/${item.ref}`, M.itemNotFound],
    ];
    for (const [url, message] of reads) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(error(message));
    }
    const writes: [string, object, string][] = [
      [`/api/payment-link/update/${payment.id}`, PAYMENT_LINK, M.linkNotFound],
      [`/api/payment-link/enable_or_disable/${payment.id}`, { is_disabled: true, env: 'test' }, M.linkNotFound],
      [`/api/donation-link/update/${donation.id}`, DONATION_LINK, M.linkNotFound],
      [`/api/donation-link/update_digital_item/${item.id}`, DIGITAL_ITEM, M.itemNotFound],
      [`/api/donation-link/hide_digital_item/${item.id}`, { senteDigitalItemId: item.id, shouldHide: true }, M.itemNotFound],
    ];
    for (const [url, payload, message] of writes) {
      const res = await post(url, owner, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(error(message));
    }
    expect(await Promise.all([payment, donation, item].map((link) => linkRow(link.id)))).toEqual(before);

    const listed = async (user: SignedInUser) => {
      const urls = ['/api/payment-link', '/api/donation-link', '/api/donation-link/get_digital_items'];
      const pages = await Promise.all(urls.map(async (url) => (await get(url, user)).json().data));
      return pages.flatMap((page) => page.items.map((i: { id: string }) => i.id));
    };
    const [ownerIds, otherIds] = await Promise.all([listed(owner), listed(other)]);
    expect(otherIds.sort()).toEqual([payment.id, donation.id, item.id].sort());
    expect(ownerIds.length).toBeGreaterThan(0);
    for (const id of otherIds) expect(ownerIds).not.toContain(id);
  });
});

describe('rights', () => {
  it('lets a developer member list and read the links, but not create or change them', async () => {
    const link = await createPaymentLink(owner);
    const item = await createDigitalItem(owner);

    const list = await get('/api/payment-link', developer);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((i: { id: string }) => i.id)).toContain(link.id);
    expect((await get(`/api/payment-link/details/${link.ref}`, developer)).json().data).toEqual(link);
    expect((await get('/api/donation-link/get_digital_items', developer)).statusCode).toBe(200);

    const before = await linkCount(ownerAccountId);
    const writes: [string, object][] = [
      ['/api/payment-link/create', PAYMENT_LINK],
      [`/api/payment-link/update/${link.id}`, PAYMENT_LINK],
      [`/api/payment-link/enable_or_disable/${link.id}`, { is_disabled: true }],
      ['/api/donation-link/create', DONATION_LINK],
      ['/api/donation-link/create_digital_item', DIGITAL_ITEM],
      [`/api/donation-link/update_digital_item/${item.id}`, DIGITAL_ITEM],
      [`/api/donation-link/hide_digital_item/${item.id}`, { shouldHide: true }],
    ];
    for (const [url, payload] of writes) {
      const res = await post(url, developer, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.forbiddenForRole));
    }
    expect(await linkCount(ownerAccountId)).toBe(before);
    expect(await linkRow(link.id)).toMatchObject({ is_disabled: false });
    expect(await linkRow(item.id)).toMatchObject({ is_hidden: false });
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/payment-link'],
      ['POST', '/api/payment-link/create'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? PAYMENT_LINK : undefined });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('refs', () => {
  it('are 10 lowercase letters or digits, drawn afresh each time', () => {
    const refs = Array.from({ length: 500 }, generateRef);
    for (const ref of refs) expect(ref).toMatch(REF);
    expect(new Set(refs).size).toBe(500);
  });
});
