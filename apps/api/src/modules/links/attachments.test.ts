/** Payment link attachments (decision 034): uploading, saving, replacing, removing, and serving them to payers. */
import { FILE_MESSAGES } from '@sente/contracts/files';
import { LINK_MESSAGES as M } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, get, post } from '../../testing/http.ts';
import { expectRefused, PAYMENT_LINK } from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pdfOfSize, SAMPLES, upload, uploadPath } from '../../testing/upload-fixtures.ts';

let t: TestApp;
/** Owns "Kampala Parents School", whose links carry the attachments. */
let owner: Merchant;
/** Another account, whose own attachment no link of the owner's may point at. */
let other: Merchant;
let circular: string;
let menu: string;
let othersFile: string;

const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const notFound = { status: 'error', message: FILE_MESSAGES.fileNotFound };

const attach = (merchant: Merchant, name: string, bytes: Buffer = SAMPLES.pdf) =>
  uploadPath(t, merchant.accessToken, { bytes, name }, 'attachments');
const storedName = (path: string) => path.split('/').pop();
const publicLink = async (ref: string) => (await t.app.inject({ method: 'GET', url: `/api/public/links/${ref}` })).json().data;
const open = (url: string) => t.app.inject({ method: 'GET', url });

async function createLink(attachments: string[], title = 'School fees') {
  const res = await post(t, owner, '/api/payment-link/create', { ...PAYMENT_LINK, title, attachments });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; ref: string; attachments: { path: string; name: string }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([createMerchant(t, 'Kampala Parents School'), createMerchant(t, 'Gulu Traders')]);
  circular = await attach(owner, 'Term 1 circular.pdf');
  menu = await attach(owner, 'Lunch menu.png', SAMPLES.png);
  othersFile = await attach(other, 'price list.pdf');
});
afterAll(() => t.close());

describe('uploading an attachment', () => {
  it('takes a PDF or an image into the private attachments folder, never served under /storage', async () => {
    expect(circular).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(menu).toMatch(/\.png$/);
    expect((await open(`/storage/${circular}`)).statusCode).toBe(404);
  });

  it('refuses what is neither, whatever its name says, and a file over 5MB', async () => {
    const text = await upload(t, owner.accessToken, { bytes: SAMPLES.text, name: 'circular.pdf' }, 'attachments');
    expect([text.statusCode, text.json()]).toEqual([400, error(FILE_MESSAGES.attachmentTypes)]);
    const program = await upload(t, owner.accessToken, { bytes: SAMPLES.exe, name: 'menu.png' }, 'attachments');
    expect([program.statusCode, program.json()]).toEqual([400, error(FILE_MESSAGES.attachmentTypes)]);
    const large = await upload(t, owner.accessToken, { bytes: pdfOfSize(5 * 1_048_576 + 1), name: 'big.pdf' }, 'attachments');
    expect([large.statusCode, large.json().message]).toEqual([400, FILE_MESSAGES.attachmentTooLarge('5.00')]);
  });
});

describe('saving attachments on a payment link', () => {
  it('saves them in the order given, with their names and sizes, and details answers the same', async () => {
    const link = await createLink([circular, menu, circular]);
    expect(link.attachments).toEqual([
      { path: circular, name: 'Term 1 circular.pdf', mime_type: 'application/pdf', size_bytes: SAMPLES.pdf.length },
      { path: menu, name: 'Lunch menu.png', mime_type: 'image/png', size_bytes: SAMPLES.png.length },
    ]);
    const details = await get(t, owner, `/api/payment-link/details/${link.ref}`);
    expect(details.json().data.attachments).toEqual(link.attachments);
    // The lists page through many links: they carry no attachments.
    const list = (await get(t, owner, '/api/payment-link')).json().data.items;
    expect(list.find((item: { id: string }) => item.id === link.id)).not.toHaveProperty('attachments');
  });

  it('replaces them on update, and removes them all when none are sent', async () => {
    const link = await createLink([circular]);
    const replaced = await post(t, owner, `/api/payment-link/update/${link.id}`, { ...PAYMENT_LINK, attachments: [menu] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.attachments.map((a: { path: string }) => a.path)).toEqual([menu]);
    const removed = await post(t, owner, `/api/payment-link/update/${link.id}`, { ...PAYMENT_LINK, attachments: [] });
    expect(removed.json().data.attachments).toEqual([]);
    expect((await get(t, owner, `/api/payment-link/details/${link.ref}`)).json().data.attachments).toEqual([]);
  });

  it.each([
    ["another account's attachment", () => othersFile],
    ['an image of the uploads folder', () => uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'a.png' }, 'uploads')],
    ['a product file', () => uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'b.pdf' }, 'products')],
    ['a path nobody uploaded', () => 'attachments/2026/11/5f0c2a7e-1b2c-4d3e-8f40-123456789abc.pdf'],
  ])('refuses %s with a 400 and saves nothing', async (_, pathOf) => {
    const path = await pathOf();
    await expectRefused(
      t,
      owner,
      '/api/payment-link/create',
      { ...PAYMENT_LINK, attachments: [circular, path] },
      M.attachmentNotUploaded,
    );
  });

  it('refuses the same on update and keeps what the link had', async () => {
    const link = await createLink([circular]);
    const res = await post(t, owner, `/api/payment-link/update/${link.id}`, { ...PAYMENT_LINK, attachments: [othersFile] });
    expect([res.statusCode, res.json().message]).toEqual([400, M.attachmentNotUploaded]);
    expect((await get(t, owner, `/api/payment-link/details/${link.ref}`)).json().data.attachments).toHaveLength(1);
  });

  it('refuses a sixth attachment, and a list that is no list', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => attach(owner, `page ${i}.pdf`)));
    await expectRefused(t, owner, '/api/payment-link/create', { ...PAYMENT_LINK, attachments: six }, M.tooManyAttachments);
    await expectRefused(t, owner, '/api/payment-link/create', { ...PAYMENT_LINK, attachments: 'x' }, M.attachmentNotUploaded);
    await expectRefused(t, owner, '/api/payment-link/create', { ...PAYMENT_LINK, attachments: ['../x'] }, M.invalidFilePath);
  });

  it("never changes another account's link", async () => {
    const link = await createLink([circular]);
    const res = await post(t, other, `/api/payment-link/update/${link.id}`, { ...PAYMENT_LINK, attachments: [othersFile] });
    expect(res.statusCode).toBe(404);
    expect((await get(t, other, `/api/payment-link/details/${link.ref}`)).statusCode).toBe(404);
    expect((await get(t, owner, `/api/payment-link/details/${link.ref}`)).json().data.attachments[0].path).toBe(circular);
  });
});

describe('the payer opening an attachment', () => {
  it('lists them on the public link, each opening from its link with headers that keep it inert and uncached', async () => {
    const link = await createLink([circular, menu], 'Term 1 fees');
    const { attachments } = await publicLink(link.ref);
    expect(attachments).toEqual([
      {
        name: 'Term 1 circular.pdf',
        url: `/api/public/links/${link.ref}/attachments/${storedName(circular)}`,
        mime_type: 'application/pdf',
        size_bytes: SAMPLES.pdf.length,
      },
      {
        name: 'Lunch menu.png',
        url: `/api/public/links/${link.ref}/attachments/${storedName(menu)}`,
        mime_type: 'image/png',
        size_bytes: SAMPLES.png.length,
      },
    ]);
    const res = await open(attachments[0].url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(SAMPLES.pdf.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': STORAGE_CSP,
      'content-disposition': `inline; filename="Term 1 circular.pdf"; filename*=UTF-8''Term%201%20circular.pdf`,
    });
  });

  it("answers 404 for a detached file, another link's file, a disabled link's and a malformed name", async () => {
    const first = await createLink([circular, menu]);
    const second = await createLink([menu]);
    await post(t, owner, `/api/payment-link/update/${first.id}`, { ...PAYMENT_LINK, attachments: [menu] });
    const detached = await open(`/api/public/links/${first.ref}/attachments/${storedName(circular)}`);
    expect([detached.statusCode, detached.json()]).toEqual([404, notFound]);
    expect((await open(`/api/public/links/${second.ref}/attachments/${storedName(circular)}`)).statusCode).toBe(404);
    expect((await open(`/api/public/links/${first.ref}/attachments/${storedName(othersFile)}`)).statusCode).toBe(404);
    expect((await open(`/api/public/links/${first.ref}/attachments/${storedName(menu)}`)).statusCode).toBe(200);
    expect((await open(`/api/public/links/${first.ref}/attachments/..%2F..%2Fsecret`)).statusCode).toBe(404);
    expect((await open(`/api/public/links/nosuchlink/attachments/${storedName(menu)}`)).statusCode).toBe(404);

    await post(t, owner, `/api/payment-link/enable_or_disable/${first.id}`, { is_disabled: true });
    expect((await publicLink(first.ref)).attachments).toEqual([]);
    expect((await open(`/api/public/links/${first.ref}/attachments/${storedName(menu)}`)).statusCode).toBe(404);
  });
});
