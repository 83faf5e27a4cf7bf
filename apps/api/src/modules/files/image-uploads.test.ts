import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FILE_MESSAGES } from '@sente/contracts/files';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SAMPLES, upload } from '../../testing/upload-fixtures.ts';
import { createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  await createAccount(t, owner.accessToken, 'Image Traders');
});
afterAll(() => t.close());

const storedBytes = (storagePath: string) => fs.readFileSync(path.join(t.dataDir, 'storage', storagePath));

/** Random pixels barely compress: a PNG of `width` x `height` with transparency weighs about 4 bytes a pixel. */
const noisePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function uploaded(bytes: Buffer, name: string, folder: string) {
  const res = await upload(t, owner.accessToken, { bytes, name }, folder);
  expect(res.statusCode, res.body).toBe(200);
  const storagePath = res.json().data as string;
  const stored = storedBytes(storagePath);
  return { storagePath, stored, meta: await sharp(stored, { animated: true }).metadata() };
}

describe('POST /api/files/upload: images are stored as payers download them (decision 060)', () => {
  it('shrinks a 4.8 MB logo to a WebP of at most 256 px that keeps its transparency', async () => {
    const logo = await noisePng(1100, 1100);
    expect(logo.length).toBeGreaterThan(4_500_000);
    const { storagePath, stored, meta } = await uploaded(logo, 'logo.png', 'companylogos');
    expect(storagePath).toMatch(/^companylogos\/.+\.webp$/);
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256, hasAlpha: true });
    expect(stored.length).toBeLessThan(300_000);
    const row = await t.database.db.selectFrom('files').selectAll().where('path', '=', storagePath).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime_type: 'image/webp', original_name: 'logo.png' });
    expect(Number(row.size_bytes)).toBe(stored.length);
    const served = await t.app.inject({ method: 'GET', url: `/storage/${storagePath}` });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('turns a photo upright, fits it in 1200 px and drops its metadata (camera, place)', async () => {
    // A landscape photo whose EXIF says "rotate 90°": upright, it is portrait.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 19/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { storagePath, meta } = await uploaded(photo, 'cover.jpg', 'uploads');
    expect(storagePath).toMatch(/^uploads\/.+\.webp$/);
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('never enlarges a small image, and keeps an animation moving', async () => {
    const small = await uploaded(SAMPLES.png, 'dot.png', 'uploads');
    expect(small.meta).toMatchObject({ format: 'webp', width: 1, height: 1 });
    // Two frames of 40 x 80, one above the other, the first dark and the second light.
    const pixels = Buffer.alloc(40 * 160 * 3, 220).fill(20, 0, 40 * 80 * 3);
    const gif = await sharp(pixels, { raw: { width: 40, height: 160, channels: 3, pageHeight: 80 } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);
    const { meta } = await uploaded(gif, 'spinner.gif', 'uploads');
    expect(meta).toMatchObject({ format: 'webp', width: 40, pages: 2 });
  });

  it('keeps an SVG, a certificate and an attachment as they came', async () => {
    const png = await noisePng(300, 300);
    for (const [bytes, name, folder] of [
      [SAMPLES.svg, 'logo.svg', 'companylogos'],
      [png, 'tin.png', 'certificates'],
      [png, 'menu.png', 'attachments'],
    ] as const) {
      const res = await upload(t, owner.accessToken, { bytes, name }, folder);
      expect(res.statusCode).toBe(200);
      expect(storedBytes(res.json().data).equals(bytes)).toBe(true);
    }
  });

  it('refuses with a 400 an image that does not decode, and one of too many pixels', async () => {
    const broken = Buffer.concat([SAMPLES.png.subarray(0, 33), Buffer.alloc(200, 7)]);
    const unreadable = await upload(t, owner.accessToken, { bytes: broken, name: 'logo.png' }, 'companylogos');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ status: 'error', message: FILE_MESSAGES.imageUnreadable });
    // A PNG whose header claims 10,000 x 10,000 pixels: 400 MB once decoded, refused before any is.
    const bomb = Buffer.from(SAMPLES.png);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const tooMany = await upload(t, owner.accessToken, { bytes: bomb, name: 'cover.png' }, 'uploads');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ status: 'error', message: FILE_MESSAGES.imageTooManyPixels });
  });
});
