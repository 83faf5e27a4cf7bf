import { DIGITAL_ITEM_CATEGORIES } from '@sente/contracts/links';
import { expect } from 'vitest';
import { post } from './http.ts';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { SAMPLES, uploadPath } from './upload-fixtures.ts';

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const REF = /^[a-z0-9]{10}$/;
/** A well-formed id that names no link. */
export const UNKNOWN_ID = '5f0c2a7e-1b2c-4d3e-8f40-123456789abc';

/** The dashboard's forms, filled in the way a merchant types (spaces, thousands separators, empty options). */
export const PAYMENT_LINK = {
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
export const DONATION_LINK = {
  title: 'Clean water for Gulu',
  description: 'Two boreholes',
  beneficiary: 'Gulu villages',
  type: 'private',
  target: '5,000,000',
  extra_fields: [{ type: 'radio', label: 'Show my name', options: ['Yes', 'No', ''] }],
};
export const DIGITAL_ITEM = {
  title: 'Budget planner',
  description: 'A 12-month household planner',
  type: 'public',
  category: DIGITAL_ITEM_CATEGORIES[4],
  price: '15,000',
  original_price: 20000,
  extra_fields: [{ type: 'multi-text', label: 'Dedication' }],
  seller_note: 'Thank you!',
  buyer_note: 'Print on A4',
};

export const linkRow = (t: TestApp, id: string) =>
  t.database.db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const linkCount = async (t: TestApp, accountId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Files a merchant uploaded, as a link may only point at the account's own: two images and two product files. */
export type OwnFiles = { image: string; cover: string; file: string; otherFile: string };

export async function uploadOwnFiles(t: TestApp, user: { accessToken: string }): Promise<OwnFiles> {
  const [image, cover, file, otherFile] = await Promise.all([
    uploadPath(t, user.accessToken, { bytes: SAMPLES.png, name: 'planner.png' }, 'uploads'),
    uploadPath(t, user.accessToken, { bytes: SAMPLES.jpg, name: 'cover.jpg' }, 'uploads'),
    uploadPath(t, user.accessToken, { bytes: SAMPLES.pdf, name: 'planner.pdf' }, 'products'),
    uploadPath(t, user.accessToken, { bytes: SAMPLES.text, name: 'planner.txt' }, 'products'),
  ]);
  return { image, cover, file, otherFile };
}

/** The digital item form with the merchant's own image and product file. */
export const digitalItemWith = (files: OwnFiles) => ({ ...DIGITAL_ITEM, image: files.image, file: files.file });

/** Posts a create that must succeed and answers its data. */
async function submit(t: TestApp, user: { accessToken: string }, url: string, payload: object) {
  const res = await post(t, user, url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

// NOTE: these send the whole form given (the default form when none is), where payments.ts's createPaymentLink and
// friends lay overrides over a short link of their own; the links tests check what each field becomes.
export const submitPaymentLink = (t: TestApp, user: { accessToken: string }, payload: object = PAYMENT_LINK) =>
  submit(t, user, '/api/payment-link/create', payload);
export const submitDonationLink = (t: TestApp, user: { accessToken: string }, payload: object = DONATION_LINK) =>
  submit(t, user, '/api/donation-link/create', payload);
/** Without a payload, the default form with files the user uploads first. */
export const submitDigitalItem = async (t: TestApp, user: { accessToken: string }, payload?: object) =>
  submit(t, user, '/api/donation-link/create_digital_item', payload ?? digitalItemWith(await uploadOwnFiles(t, user)));

/** A refused write: 400 with the message first, and no row added to the owner's account. */
export async function expectRefused(t: TestApp, owner: Merchant, url: string, payload: object, message: string) {
  const before = await linkCount(t, owner.accountId);
  const res = await post(t, owner, url, payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ status: 'error', message });
  expect(res.json().errors).toContain(message);
  expect(await linkCount(t, owner.accountId)).toBe(before);
}
