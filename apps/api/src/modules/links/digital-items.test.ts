/** Digital items through HTTP: create, details, update, hide (the spec's delete), and what each refuses. */
import { DIGITAL_ITEM_CATEGORIES } from '@sente/contracts/links';
import { LINK_MESSAGES as M } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, get, post } from '../../testing/http.ts';
import {
  digitalItemWith,
  expectRefused,
  ISO,
  linkRow,
  type OwnFiles,
  REF,
  submitDigitalItem,
  submitPaymentLink,
  UNKNOWN_ID,
  UUID,
  uploadOwnFiles,
} from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SAMPLES, uploadPath } from '../../testing/upload-fixtures.ts';

let t: TestApp;
/** Owns "Alpha Traders", which sells the digital items. */
let owner: Merchant;
/** Alpha's uploads, which its items point at. */
let files: OwnFiles;
/** The default form with Alpha's files. */
let form: ReturnType<typeof digitalItemWith>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMerchant(t, 'Alpha Traders');
  files = await uploadOwnFiles(t, owner);
  form = digitalItemWith(files);
});
afterAll(() => t.close());

describe('digital items', () => {
  it('creates an item, stores it, and answers the same from details_degital_item', async () => {
    const res = await post(t, owner, '/api/donation-link/create_digital_item', form);
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
        image: files.image,
        file: files.file,
        image_name: 'planner.png',
        file_name: 'planner.pdf',
        extra_fields: [{ type: 'multi-text', label: 'Dedication', options: [] }],
        seller_note: 'Thank you!',
        buyer_note: 'Print on A4',
        created_at: expect.stringMatching(ISO),
        collections_total: 0,
      },
    });
    const row = await linkRow(t, body.data.id);
    expect(row).toMatchObject({
      account_id: owner.accountId,
      kind: 'digital_item',
      category: DIGITAL_ITEM_CATEGORIES[4],
      image: files.image,
      file: files.file,
      is_hidden: false,
      created_by: owner.userId,
    });
    expect([Number(row.amount), Number(row.original_price)]).toEqual([15000, 20000]);

    const details = await get(t, owner, `/api/donation-link/details_degital_item/${body.data.ref}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ status: 'success', data: body.data });
  });

  it('sells for free at price 0, with the first category by default and no original price', async () => {
    const item = await submitDigitalItem(t, owner, { ...form, price: 0, category: undefined, original_price: '' });
    expect(item).toMatchObject({ price: 0, category: DIGITAL_ITEM_CATEGORIES[0], original_price: null });
  });

  it('answers every missing field of an empty form, in the form order', async () => {
    const res = await post(t, owner, '/api/donation-link/create_digital_item', {});
    expect(res.statusCode).toBe(400);
    const missing = [
      M.productTitleMissing,
      M.productDescriptionMissing,
      M.productPriceMissing,
      M.productImageMissing,
      M.productFileMissing,
    ];
    const fields = { title: missing[0], description: missing[1], price: missing[2], image: missing[3], file: missing[4] };
    expect(res.json()).toEqual({ status: 'error', message: M.productTitleMissing, errors: missing, fields });
  });

  it.each([
    ['a blank title', { title: '  ' }, M.productTitleMissing],
    ['no description', { description: '' }, M.productDescriptionMissing],
    ['no price', { price: undefined }, M.productPriceMissing],
    ['an empty price', { price: '' }, M.productPriceMissing],
    ['a price that is not a number', { price: 'free' }, M.productPriceMissing],
    ['a price with decimals', { price: '999.99' }, M.amountWhole],
    ['a negative price', { price: '-15,000' }, M.amountNegative],
    ['no image', { image: undefined }, M.productImageMissing],
    ['an empty image', { image: '' }, M.productImageMissing],
    ['an image that is a PDF', { image: 'uploads/planner.pdf' }, M.invalidImageType],
    ['a HEIC image (no upload takes it)', { image: 'uploads/photo.heic' }, M.invalidImageType],
    ['no file', { file: undefined }, M.productFileMissing],
    ['an empty file', { file: ' ' }, M.productFileMissing],
    ['a file that is a URL', { file: 'https://files.example.com/planner.pdf' }, M.invalidFilePath],
    ['an unknown category', { category: 'Music' }, M.categoryInvalid],
    ['an unknown type', { type: 'hidden' }, M.visibilityInvalid],
  ])('refuses a new item with %s', async (_, change, message) => {
    await expectRefused(t, owner, '/api/donation-link/create_digital_item', { ...form, ...change }, message);
  });

  it('saves an item with an AVIF or an SVG image, as the image upload takes them (decision 034)', async () => {
    for (const [bytes, name] of [
      [SAMPLES.avif, 'cover.avif'],
      [SAMPLES.svg, 'cover.svg'],
    ] as const) {
      const image = await uploadPath(t, owner.accessToken, { bytes, name }, 'uploads');
      const item = await submitDigitalItem(t, owner, { ...form, image });
      expect(item).toMatchObject({ image, image_name: name });
    }
  });

  it('updates an item: without an image it keeps the stored one, with one it replaces it', async () => {
    const item = await submitDigitalItem(t, owner, form);
    const url = `/api/donation-link/update_digital_item/${item.id}`;

    const kept = await post(t, owner, url, { ...form, title: 'Budget planner 2027', image: undefined, price: 12000 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({
      status: 'success',
      message: M.itemUpdated,
      data: { ...item, title: 'Budget planner 2027', price: 12000 },
    });
    expect((await post(t, owner, url, { ...form, image: '' })).json().data.image).toBe(files.image);
    expect((await linkRow(t, item.id)).image).toBe(files.image);

    const replaced = await post(t, owner, url, { ...form, image: files.cover, file: files.otherFile });
    expect(replaced.json().data).toMatchObject({
      image: files.cover,
      file: files.otherFile,
      image_name: 'cover.jpg',
      file_name: 'planner.txt',
    });
    expect(await linkRow(t, item.id)).toMatchObject({ image: files.cover, file: files.otherFile });

    const before = await linkRow(t, item.id);
    for (const [change, message] of [
      [{ image: 'uploads/cover.txt' }, M.invalidImageType],
      [{ file: undefined }, M.productFileMissing],
      [{ description: '   ' }, M.productDescriptionMissing],
    ] as const) {
      const refused = await post(t, owner, url, { ...form, ...change });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await linkRow(t, item.id)).toEqual(before);

    for (const id of ['x', UNKNOWN_ID]) {
      const missing = await post(t, owner, `/api/donation-link/update_digital_item/${id}`, form);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.itemNotFound));
    }
  });

  it('answers the names the files were uploaded under in details and in the list, for the edit form', async () => {
    const item = await submitDigitalItem(t, owner, { ...form, image: files.cover, file: files.otherFile });
    const names = { image_name: 'cover.jpg', file_name: 'planner.txt' };
    expect((await get(t, owner, `/api/donation-link/details_degital_item/${item.ref}`)).json().data).toMatchObject(names);
    const listed = (await get(t, owner, '/api/donation-link/get_digital_items')).json().data.items;
    expect(listed.find((row: { id: string }) => row.id === item.id)).toMatchObject(names);
  });

  it('hides an item (the spec delete): it leaves the list and its details; shouldHide false brings it back', async () => {
    const item = await submitDigitalItem(t, owner, form);
    const hide = (shouldHide: unknown) =>
      post(t, owner, `/api/donation-link/hide_digital_item/${item.id}`, { senteDigitalItemId: item.id, shouldHide, env: 'test' });
    const listIds = async () =>
      (await get(t, owner, '/api/donation-link/get_digital_items')).json().data.items.map((i: { id: string }) => i.id);
    expect(await listIds()).toContain(item.id);

    const res = await hide(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.productDeleted, data: { id: item.id, hidden: true } });
    expect(await linkRow(t, item.id)).toMatchObject({ is_hidden: true, title: 'Budget planner' });
    expect(await listIds()).not.toContain(item.id);
    const details = await get(t, owner, `/api/donation-link/details_degital_item/${item.ref}`);
    expect(details.statusCode).toBe(404);
    expect(details.json()).toEqual(error(M.itemNotFound));
    const update = await post(t, owner, `/api/donation-link/update_digital_item/${item.id}`, form);
    expect(update.statusCode).toBe(404);

    expect((await hide('yes')).statusCode).toBe(400);
    const shown = await hide(false);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().message).toBe(M.itemUpdated);
    expect((await get(t, owner, `/api/donation-link/details_degital_item/${item.ref}`)).statusCode).toBe(200);
    expect(await listIds()).toContain(item.id);

    for (const id of ['not-a-uuid', UNKNOWN_ID, (await submitPaymentLink(t, owner)).id]) {
      const missing = await post(t, owner, `/api/donation-link/hide_digital_item/${id}`, { shouldHide: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(M.itemNotFound));
    }
  });

  it("refuses an image or product file that is not the account's own upload, on create and on update", async () => {
    const stranger = await createMerchant(t, 'Gamma Books');
    const theirs = await uploadOwnFiles(t, stranger);
    const item = await submitDigitalItem(t, owner, form);
    const before = await linkRow(t, item.id);
    const changes: [string, object][] = [
      ["another account's product file", { file: theirs.file }],
      ["another account's image", { image: theirs.image }],
      ['a path nobody uploaded', { file: 'products/2026/11/00000000-0000-4000-8000-000000000000.pdf' }],
      ['an image given as the product file', { file: files.image }],
      ['a product file given as the image', { image: files.file.replace(/\.pdf$/, '.png') }],
    ];
    for (const [what, change] of changes) {
      await expectRefused(t, owner, '/api/donation-link/create_digital_item', { ...form, ...change }, M.invalidFilePath);
      const update = await post(t, owner, `/api/donation-link/update_digital_item/${item.id}`, { ...form, ...change });
      expect([update.statusCode, update.json().message], what).toEqual([400, M.invalidFilePath]);
    }
    expect(await linkRow(t, item.id)).toEqual(before);
  });
});
