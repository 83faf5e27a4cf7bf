import { FILE_MESSAGES } from '@sente/contracts/files';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../lib/secrets.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SAMPLES, uploadPath } from '../../testing/upload-fixtures.ts';
import { bearer, createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';
import { createUrlSigner, SIGNED_URL_TTL_SECONDS } from './signed-urls.ts';

let t: TestApp;
let owner: SignedInUser;
let ownerAccountId: string;
let other: SignedInUser;
let logoPath: string;
let svgPath: string;
let certificatePath: string;
let productPath: string;

const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  ownerAccountId = await createAccount(t, owner.accessToken, 'Files Owner');
  await createAccount(t, other.accessToken, 'Someone Else');
  logoPath = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'logo.png' }, 'companylogos');
  svgPath = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.svg, name: 'logo.svg' }, 'uploads');
  certificatePath = await uploadPath(
    t,
    owner.accessToken,
    { bytes: SAMPLES.pdf, name: 'Certificate (2026).pdf' },
    'certificates',
  );
  productPath = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'ebook.pdf' }, 'products');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const signedUrl = (accessToken: string, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/files/signed-url?path=${encodeURIComponent(path)}`, headers: bearer(accessToken) });
const notFound = { status: 'error', message: FILE_MESSAGES.fileNotFound };
const expired = { status: 'error', message: FILE_MESSAGES.linkExpired };

describe('GET /storage/* for public files', () => {
  it('serves a logo to anyone, with its type, long caching and headers that keep it inert', async () => {
    const res = await get(`/storage/${logoPath}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(res.rawPayload.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': STORAGE_CSP,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('serves an SVG as an image in a sandbox, so its script can never run', async () => {
    const res = await get(`/storage/${svgPath}`);
    expect(res.statusCode).toBe(200);
    // Kept as uploaded: what keeps its script from running is the sandbox, not a rewrite (decision 034).
    expect(res.body).toContain('<script>alert(document.cookie)</script>');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(STORAGE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a signed-url request for a public file with its plain address', async () => {
    const res = await signedUrl(owner.accessToken, logoPath);
    expect(res.json()).toEqual({ status: 'success', data: { url: `/storage/${logoPath}`, expires_at: null } });
  });
});

describe('GET /storage/* for product files', () => {
  it('never serves a product file, even to someone who knows its path or holds a valid signature', async () => {
    expect((await get(`/storage/${productPath}`)).statusCode).toBe(404);
    const forged = createUrlSigner(loadSecrets(t.dataDir).codePepper).sign(productPath);
    const res = await get(forged.url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    const link = await signedUrl(owner.accessToken, productPath);
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual(notFound);
  });
});

describe('GET /storage/* for certificates (members only)', () => {
  it('refuses the bare path', async () => {
    const res = await get(`/storage/${certificatePath}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expired);
  });

  it('serves it through a fresh signed URL that lasts ten minutes', async () => {
    const before = Date.now();
    const link = await signedUrl(owner.accessToken, certificatePath);
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json().data;
    expect(url).toMatch(new RegExp(`^/storage/${certificatePath}\\?expires=\\d+&signature=[\\w-]+$`));
    // Expiry is in whole seconds from when the server signed, somewhere between before and after.
    const after = Date.now();
    const expiresAt = new Date(expires_at).getTime();
    expect(expiresAt - before).toBeGreaterThan((SIGNED_URL_TTL_SECONDS - 5) * 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + SIGNED_URL_TTL_SECONDS * 1000);

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': STORAGE_CSP,
      'cache-control': 'private, no-store',
      'content-disposition': "inline; filename*=UTF-8''Certificate%20%282026%29.pdf",
    });
  });

  it('refuses an expired link', async () => {
    const { url } = await t.app.services.files.fileUrl(
      ownerAccountId,
      certificatePath,
      new Date(Date.now() - (SIGNED_URL_TTL_SECONDS + 1) * 1000),
    );
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expired);
  });

  it('refuses a tampered link: another expiry, another signature, or the signature of another file', async () => {
    const { url } = (await signedUrl(owner.accessToken, certificatePath)).json().data;
    const parsed = new URL(url, 'http://localhost');
    const expires = Number(parsed.searchParams.get('expires'));
    const signature = parsed.searchParams.get('signature')!;
    const otherCertificate = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'tin.png' }, 'certificates');
    const swapped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const tampered of [
      `/storage/${certificatePath}?expires=${expires + 3600}&signature=${signature}`,
      `/storage/${certificatePath}?expires=${expires}&signature=${swapped}`,
      `/storage/${certificatePath}?expires=${expires}`,
      `/storage/${certificatePath}?expires=soon&signature=${signature}`,
      `/storage/${otherCertificate}?expires=${expires}&signature=${signature}`,
    ]) {
      const res = await get(tampered);
      expect(res.statusCode, tampered).toBe(403);
    }
  });

  it("never gives another account a link to this account's file", async () => {
    const res = await signedUrl(other.accessToken, certificatePath);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('checks the signed-url input and session', async () => {
    const bad = await signedUrl(owner.accessToken, '../secrets.json');
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/files/signed-url', headers: bearer(owner.accessToken) });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/signed-url?path=${certificatePath}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.unauthenticated);
  });
});

describe('GET /storage/* for anything else', () => {
  it.each([
    '/storage/uploads/2026/01/00000000-0000-0000-0000-000000000000.png',
    '/storage/secrets.json',
    '/storage/%2e%2e%2fsecrets.json',
    '/storage/',
  ])('answers 404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it.each(['/storage/../secrets.json', '/storage/%2e%2e/secrets.json', '/storage/uploads/../../secrets.json'])(
    'never reads outside storage for %s (the URL is normalised before routing)',
    async (url) => {
      const res = await get(url);
      expect(res.body).not.toContain(loadSecrets(t.dataDir).codePepper);
      // Not answered by the storage route at all: the path left /storage before routing.
      expect(res.headers['content-security-policy']).not.toBe(STORAGE_CSP);
    },
  );
});
