/** Donation links through HTTP: create, details, update, and what each refuses. */
import { LINK_MESSAGES as M } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, get, post } from '../../testing/http.ts';
import {
  DONATION_LINK,
  expectRefused,
  ISO,
  linkRow,
  type OwnFiles,
  REF,
  submitDonationLink,
  submitPaymentLink,
  UNKNOWN_ID,
  UUID,
  uploadOwnFiles,
} from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
/** Owns "Alpha Traders", which raises money with the donation links. */
let owner: Merchant;
/** Alpha's uploads: its donation links show its own images only. */
let files: OwnFiles;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMerchant(t, 'Alpha Traders');
  files = await uploadOwnFiles(t, owner);
});
afterAll(() => t.close());

describe('donation links', () => {
  it('creates a donation link, stores it, and answers the same from details', async () => {
    const res = await post(t, owner, '/api/donation-link/create', { ...DONATION_LINK, image: files.image });
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
        image: files.image,
        extra_fields: [{ type: 'radio', label: 'Show my name', options: ['Yes', 'No'] }],
        created_at: expect.stringMatching(ISO),
        collections_total: 0,
      },
    });
    const row = await linkRow(t, body.data.id);
    expect(row).toMatchObject({
      account_id: owner.accountId,
      kind: 'donation_link',
      type: 'private',
      beneficiary: 'Gulu villages',
      image: files.image,
      created_by: owner.userId,
    });
    expect(Number(row.amount)).toBe(5000000);

    const details = await get(t, owner, `/api/donation-link/details/${body.data.ref}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('defaults to a public link without target or image (an empty upload reads as none)', async () => {
    const link = await submitDonationLink(t, owner, { title: 'Open fund', image: '', target: '' });
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
    await expectRefused(t, owner, '/api/donation-link/create', payload, message);
  });

  it('updates its own link; an unknown or malformed id, or a payment link id, is 404', async () => {
    const link = await submitDonationLink(t, owner);
    const res = await post(t, owner, `/api/donation-link/update/${link.id}`, {
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
    expect(await linkRow(t, link.id)).toMatchObject({ title: 'Three boreholes', type: 'public', image: null });

    const payment = await submitPaymentLink(t, owner);
    for (const id of ['42', UNKNOWN_ID, payment.id]) {
      const missing = await post(t, owner, `/api/donation-link/update/${id}`, DONATION_LINK);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.linkNotFound));
    }
    expect((await linkRow(t, payment.id)).title).toBe('School fees');
  });

  it("refuses an image that is not the account's own upload, on create and on update", async () => {
    const stranger = await createMerchant(t, 'Gamma Books');
    const theirs = await uploadOwnFiles(t, stranger);
    const link = await submitDonationLink(t, owner, { ...DONATION_LINK, image: files.image });
    const before = await linkRow(t, link.id);
    for (const image of [theirs.image, files.file, 'uploads/2026/11/00000000-0000-4000-8000-000000000000.png']) {
      await expectRefused(t, owner, '/api/donation-link/create', { ...DONATION_LINK, image }, M.invalidFilePath);
      const update = await post(t, owner, `/api/donation-link/update/${link.id}`, { ...DONATION_LINK, image });
      expect([update.statusCode, update.json().message], image).toEqual([400, M.invalidFilePath]);
    }
    expect(await linkRow(t, link.id)).toEqual(before);
  });
});
