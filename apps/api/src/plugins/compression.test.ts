import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createPaymentLink, type Merchant } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer } from '../testing/users.ts';

let t: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t, 'Compressed Shop');
  for (let i = 0; i < 12; i++) await createPaymentLink(t, merchant, { title: `Term ${i} fees for the upper classes` });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(merchant.accessToken), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed answers', () => {
  it('compresses a JSON answer of 1 KB and more with brotli, else gzip, and says it varies', async () => {
    const plain = await get('/api/payment-link');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/payment-link', 'gzip, deflate, br, zstd');
    expect([br.statusCode, br.headers['content-encoding'], br.headers['content-type']]).toEqual([
      200,
      'br',
      'application/json; charset=utf-8',
    ]);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/payment-link', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses the merchant API reference and its OpenAPI document', async () => {
    const document = await get('/docs/json', 'br');
    expect([document.statusCode, document.headers['content-encoding']]).toEqual([200, 'br']);
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('leaves a JSON answer under 1 KB and the xlsx exports (zip already) as they are', async () => {
    const small = await get('/health', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined]);

    const workbook = await get('/api/collections/download', 'br, gzip');
    expect([workbook.statusCode, workbook.headers['content-encoding']]).toEqual([200, undefined]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(workbook.rawPayload as unknown as ArrayBuffer);
    expect(read.getWorksheet('Collections')?.rowCount).toBe(1);
  });
});
