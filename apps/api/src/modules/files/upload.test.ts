import fs from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES, UPLOAD_MAX_BYTES } from '@sente/contracts/files';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { multipartBody, pdfOfSize, SAMPLES, upload } from '../../testing/upload-fixtures.ts';
import { addMember, bearer, createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';

let t: TestApp;
let owner: SignedInUser;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  accountId = await createAccount(t, owner.accessToken, 'Upload Traders');
});
afterAll(() => t.close());

const error = (message: string) => ({ status: 'error', message });
const fileRow = (storagePath: string) =>
  t.database.db.selectFrom('files').selectAll().where('path', '=', storagePath).executeTakeFirst();
const storedBytes = (storagePath: string) => fs.readFileSync(path.join(t.dataDir, 'storage', storagePath));
const fileCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/files/upload: what is accepted', () => {
  it.each([
    ['a PNG logo', SAMPLES.png, 'shop logo.png', 'companylogos', 'webp', 'image/webp'],
    ['a JPEG logo named .jpeg', SAMPLES.jpg, 'photo.JPEG', 'companylogos', 'webp', 'image/webp'],
    ['an SVG with an XML prolog', SAMPLES.svg, 'logo.svg', 'uploads', 'svg', 'image/svg+xml'],
    ['an AVIF image', SAMPLES.avif, 'cover.avif', 'uploads', 'webp', 'image/webp'],
    ['an AVIF logo named .png', SAMPLES.avif, 'logo.png', 'companylogos', 'webp', 'image/webp'],
    ['a PDF attachment', SAMPLES.pdf, 'circular.pdf', 'attachments', 'pdf', 'application/pdf'],
    ['an AVIF attachment', SAMPLES.avif, 'menu.avif', 'attachments', 'avif', 'image/avif'],
    ['a PDF certificate', SAMPLES.pdf, 'Certificate of Incorporation.pdf', 'certificates', 'pdf', 'application/pdf'],
    ['a PNG certificate', SAMPLES.png, 'tin.png', 'certificates', 'png', 'image/png'],
    ['a PDF product', SAMPLES.pdf, 'ebook.pdf', 'products', 'pdf', 'application/pdf'],
    ['a text product', SAMPLES.text, 'recipes.md', 'products', 'txt', 'text/plain; charset=utf-8'],
  ])('stores %s under a generated path, recording who owns it', async (_, bytes, name, folder, ext, mime) => {
    const res = await upload(t, owner.accessToken, { bytes, name }, folder);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'success', data: expect.any(String) });
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(body.data).toMatch(new RegExp(`^${folder}/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.${ext}$`));
    // Raster images of the image folders are re-encoded (image-uploads.test.ts); everything else is kept as it came.
    const stored = storedBytes(body.data);
    expect(stored.equals(bytes)).toBe(ext !== 'webp');
    const row = await fileRow(body.data);
    expect(Number(row?.size_bytes)).toBe(stored.length);
    expect(row).toMatchObject({
      account_id: accountId,
      folder,
      visibility: {
        uploads: 'public',
        companylogos: 'public',
        certificates: 'members',
        products: 'private',
        attachments: 'private',
      }[folder],
      original_name: name,
      mime_type: mime,
      created_by: owner.userId,
    });
  });

  it('puts a file without a folder in uploads, and reads the folder after the file too', async () => {
    const noFolder = await upload(t, owner.accessToken, { bytes: SAMPLES.png, name: 'a.png' });
    expect(noFolder.json().data).toMatch(/^uploads\//);
    const blankFolder = await upload(t, owner.accessToken, { bytes: SAMPLES.png, name: 'a.png' }, '');
    expect(blankFolder.json().data).toMatch(/^uploads\//);
    const folderAfter = await upload(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'c.pdf' }, 'certificates', 'file-first');
    expect(folderAfter.json().data).toMatch(/^certificates\/.+\.pdf$/);
  });

  it('takes the extension from the bytes, never from the name', async () => {
    const res = await upload(
      t,
      owner.accessToken,
      { bytes: SAMPLES.png, name: '../../evil.svg.php', type: 'image/svg+xml' },
      'attachments',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await fileRow(res.json().data)).toMatchObject({ original_name: 'evil.svg.php', mime_type: 'image/png' });
  });

  it('lets any member upload, whatever their role', async () => {
    const developer = await createSignedInUser(t);
    await addMember(t, accountId, developer, 'developer', owner.userId, { makeCurrent: true });
    const res = await upload(t, developer.accessToken, { bytes: SAMPLES.png, name: 'a.png' }, 'uploads');
    expect(res.statusCode).toBe(200);
    expect(await fileRow(res.json().data)).toMatchObject({ account_id: accountId, created_by: developer.userId });
  });
});

describe('POST /api/files/upload: what is refused', () => {
  it.each([
    ['an ELF program named logo.png', SAMPLES.elf, 'logo.png', 'companylogos', LINK_MESSAGES.imageUploadTypes],
    ['a Windows program named logo.png', SAMPLES.exe, 'logo.png', 'uploads', LINK_MESSAGES.imageUploadTypes],
    ['a PDF as a logo', SAMPLES.pdf, 'logo.png', 'companylogos', LINK_MESSAGES.imageUploadTypes],
    ['text named image.jpg', SAMPLES.text, 'image.jpg', 'uploads', LINK_MESSAGES.imageUploadTypes],
    ['text named cover.avif', SAMPLES.text, 'cover.avif', 'uploads', LINK_MESSAGES.imageUploadTypes],
    ['a PDF named cover.avif', SAMPLES.pdf, 'cover.avif', 'uploads', LINK_MESSAGES.imageUploadTypes],
    ['a program attachment named menu.pdf', SAMPLES.exe, 'menu.pdf', 'attachments', FILE_MESSAGES.attachmentTypes],
    ['an SVG certificate', SAMPLES.svg, 'cert.pdf', 'certificates', FILE_MESSAGES.certificateTypes],
    ['a program certificate', SAMPLES.exe, 'cert.pdf', 'certificates', FILE_MESSAGES.certificateTypes],
    ['a shell script named notes.pdf', SAMPLES.shellScript, 'notes.pdf', 'products', FILE_MESSAGES.productExecutable],
    ['a Windows program named ebook.pdf', SAMPLES.exe, 'ebook.pdf', 'products', FILE_MESSAGES.productExecutable],
    ['an ELF program product', SAMPLES.elf, 'tool', 'products', FILE_MESSAGES.productExecutable],
  ])('refuses %s with a 400 and stores nothing', async (_, bytes, name, folder, message) => {
    const before = await fileCount();
    const res = await upload(t, owner.accessToken, { bytes, name, type: 'image/png' }, folder);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(message));
    expect(await fileCount()).toBe(before);
  });

  it('refuses a product file of 5 MB + 1 byte with the spec message, folder before or after the file', async () => {
    const file = { bytes: pdfOfSize(UPLOAD_MAX_BYTES.products + 1), name: 'big.pdf' };
    for (const order of ['folder-first', 'file-first'] as const) {
      const res = await upload(t, owner.accessToken, file, 'products', order);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error(LINK_MESSAGES.productFileTooLarge('5.00')));
    }
  });

  it('takes a product file of exactly 5 MB', async () => {
    const res = await upload(t, owner.accessToken, { bytes: pdfOfSize(5_242_880), name: 'max.pdf' }, 'products');
    expect(res.statusCode).toBe(200);
  });

  it('takes a 10 MB certificate and refuses one byte more', async () => {
    const ok = await upload(t, owner.accessToken, { bytes: pdfOfSize(10 * 1_048_576), name: 'ok.pdf' }, 'certificates');
    expect(ok.statusCode).toBe(200);
    const big = await upload(t, owner.accessToken, { bytes: pdfOfSize(10 * 1_048_576 + 1), name: 'big.pdf' }, 'certificates');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual(error(FILE_MESSAGES.certificateTooLarge('10.00')));
  });

  it('refuses an image over 5 MB, and stops reading an oversize file early', async () => {
    const bytes = Buffer.concat([SAMPLES.png, Buffer.alloc(6 * 1_048_576)]);
    const res = await upload(t, owner.accessToken, { bytes, name: 'huge.png' }, 'companylogos');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(FILE_MESSAGES.imageTooLarge('6.00')));
    expect(res.headers.connection).toBe('close');
    // Past the largest limit, a file sent before its folder is refused without reading on to learn the folder.
    const first = await upload(
      t,
      owner.accessToken,
      { bytes: pdfOfSize(12 * 1_048_576), name: 'x.pdf' },
      'products',
      'file-first',
    );
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual(error(FILE_MESSAGES.uploadTooLarge('12.00')));
  });

  it('refuses an empty file, and a form without a file', async () => {
    const empty = await upload(t, owner.accessToken, { bytes: new Uint8Array(), name: 'empty.png' }, 'uploads');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(error(LINK_MESSAGES.couldNotAccessFile));
    const body = await multipartBody([['folder', 'uploads']]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      ...body,
      headers: { ...body.headers, ...bearer(owner.accessToken) },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual(error(LINK_MESSAGES.couldNotAccessFile));
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(owner.accessToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(error(LINK_MESSAGES.couldNotAccessFile));
  });

  it.each(['images', '../../etc', 'companylogos/../..', 'PRODUCTS'])('refuses the folder %j', async (folder) => {
    const res = await upload(t, owner.accessToken, { bytes: SAMPLES.png, name: 'a.png' }, folder);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(FILE_MESSAGES.folderInvalid));
  });

  it('answers "Could not validate file" for a body cut short or a second file', async () => {
    const { payload, headers } = await multipartBody([
      ['folder', 'uploads'],
      ['file', { bytes: SAMPLES.png, name: 'a.png' }],
    ]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: payload.subarray(0, payload.length - 60),
      headers: { ...headers, ...bearer(owner.accessToken) },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual(error(LINK_MESSAGES.couldNotValidateFile));

    const two = await multipartBody([
      ['file', { bytes: SAMPLES.png, name: 'a.png' }],
      ['file', { bytes: SAMPLES.png, name: 'b.png' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      ...two,
      headers: { ...two.headers, ...bearer(owner.accessToken) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(LINK_MESSAGES.couldNotValidateFile));
  });

  it('answers 401 without a session and 409 without a current account', async () => {
    const body = await multipartBody([['file', { bytes: SAMPLES.png, name: 'a.png' }]]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/files/upload', ...body });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(error(MESSAGES.unauthenticated));
    const accountless = await createSignedInUser(t);
    const res = await upload(t, accountless.accessToken, { bytes: SAMPLES.png, name: 'a.png' }, 'uploads');
    expect(res.statusCode).toBe(409);
  });
});
