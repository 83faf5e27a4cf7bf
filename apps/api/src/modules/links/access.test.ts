/** Who reaches which links: never another account's, a developer member only to read, nobody without a session. */
import { LINK_MESSAGES as M, MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, get, post } from '../../testing/http.ts';
import {
  DONATION_LINK,
  digitalItemWith,
  linkCount,
  linkRow,
  PAYMENT_LINK,
  submitDigitalItem,
  submitDonationLink,
  submitPaymentLink,
  uploadOwnFiles,
} from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { switchAccount } from '../../testing/transfers-more.ts';
import { addMember, createSignedInUser, type SignedInUser } from '../../testing/users.ts';

let t: TestApp;
/** Owns "Alpha Traders". */
let owner: Merchant;
/** Owns "Beta Shop"; must never reach Alpha's links, nor Alpha theirs. */
let other: Merchant;
/** A 'developer' member of Alpha Traders: may look, may not change. */
let developer: SignedInUser;
/** The digital item form with Alpha's own files, so that only the link's owner decides the answer. */
let alphaItem: ReturnType<typeof digitalItemWith>;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, developer] = await Promise.all([
    createMerchant(t, 'Alpha Traders'),
    createMerchant(t, 'Beta Shop'),
    createSignedInUser(t, { firstname: 'Dev' }),
  ]);
  await addMember(t, owner.accountId, developer, 'developer', owner.userId);
  await switchAccount(t, developer, owner.accountId);
  alphaItem = digitalItemWith(await uploadOwnFiles(t, owner));
  // Alpha's own lists are not empty, so that leaving Beta's links out of them means something.
  await Promise.all([submitPaymentLink(t, owner), submitDonationLink(t, owner), submitDigitalItem(t, owner)]);
});
afterAll(() => t.close());

describe('isolation between accounts', () => {
  it("never answers, changes or lists another account's links", async () => {
    const [payment, donation, item] = await Promise.all([
      submitPaymentLink(t, other),
      submitDonationLink(t, other),
      submitDigitalItem(t, other),
    ]);
    const before = await Promise.all([payment, donation, item].map((link) => linkRow(t, link.id)));

    const reads: [string, string][] = [
      [`/api/payment-link/details/${payment.ref}`, M.linkNotFound],
      [`/api/donation-link/details/${donation.ref}`, M.linkNotFound],
      [`/api/donation-link/details_degital_item/${item.ref}`, M.itemNotFound],
    ];
    for (const [url, message] of reads) {
      const res = await get(t, owner, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(error(message));
    }
    const writes: [string, object, string][] = [
      [`/api/payment-link/update/${payment.id}`, PAYMENT_LINK, M.linkNotFound],
      [`/api/payment-link/enable_or_disable/${payment.id}`, { is_disabled: true, env: 'test' }, M.linkNotFound],
      [`/api/donation-link/update/${donation.id}`, DONATION_LINK, M.linkNotFound],
      [`/api/donation-link/update_digital_item/${item.id}`, alphaItem, M.itemNotFound],
      [`/api/donation-link/hide_digital_item/${item.id}`, { senteDigitalItemId: item.id, shouldHide: true }, M.itemNotFound],
    ];
    for (const [url, payload, message] of writes) {
      const res = await post(t, owner, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(error(message));
    }
    expect(await Promise.all([payment, donation, item].map((link) => linkRow(t, link.id)))).toEqual(before);

    const listed = async (user: SignedInUser) => {
      const urls = ['/api/payment-link', '/api/donation-link', '/api/donation-link/get_digital_items'];
      const pages = await Promise.all(urls.map(async (url) => (await get(t, user, url)).json().data));
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
    const link = await submitPaymentLink(t, owner);
    const item = await submitDigitalItem(t, owner);

    const list = await get(t, developer, '/api/payment-link');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((i: { id: string }) => i.id)).toContain(link.id);
    expect((await get(t, developer, `/api/payment-link/details/${link.ref}`)).json().data).toEqual(link);
    expect((await get(t, developer, '/api/donation-link/get_digital_items')).statusCode).toBe(200);

    const before = await linkCount(t, owner.accountId);
    const writes: [string, object][] = [
      ['/api/payment-link/create', PAYMENT_LINK],
      [`/api/payment-link/update/${link.id}`, PAYMENT_LINK],
      [`/api/payment-link/enable_or_disable/${link.id}`, { is_disabled: true }],
      ['/api/donation-link/create', DONATION_LINK],
      ['/api/donation-link/create_digital_item', alphaItem],
      [`/api/donation-link/update_digital_item/${item.id}`, alphaItem],
      [`/api/donation-link/hide_digital_item/${item.id}`, { shouldHide: true }],
    ];
    for (const [url, payload] of writes) {
      const res = await post(t, developer, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.forbiddenForRole));
    }
    expect(await linkCount(t, owner.accountId)).toBe(before);
    expect(await linkRow(t, link.id)).toMatchObject({ is_disabled: false });
    expect(await linkRow(t, item.id)).toMatchObject({ is_hidden: false });
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
