import { FILE_MESSAGES } from '@sente/contracts/files';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SAMPLES, uploadPath } from '../../testing/upload-fixtures.ts';
import { addMember, bearer, createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';

let t: TestApp;
let owner: SignedInUser;
let accountId: string;
let other: SignedInUser;
let logoPath: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  accountId = await createAccount(t, owner.accessToken, 'Logo Traders');
  await createAccount(t, other.accessToken, 'Other Traders');
  logoPath = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'logo.png' }, 'companylogos');
});
afterAll(() => t.close());

const updateLogo = (accessToken: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sente-account/update-logo', headers: bearer(accessToken), payload });
const companyLogo = async (id: string) =>
  (await t.database.db.selectFrom('accounts').select('company_logo').where('id', '=', id).executeTakeFirstOrThrow()).company_logo;

describe('POST /api/sente-account/update-logo', () => {
  it("sets the account's logo to an uploaded company logo", async () => {
    const res = await updateLogo(owner.accessToken, { company_logo: logoPath });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: LINK_MESSAGES.logoSaved, data: { company_logo: logoPath } });
    expect(await companyLogo(accountId)).toBe(logoPath);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(owner.accessToken) });
    expect(profile.json().data.current_account.companyBranding).toEqual({ company_logo: logoPath });
  });

  it("refuses another account's logo, a file of another folder and a path never uploaded", async () => {
    const otherLogo = await uploadPath(t, other.accessToken, { bytes: SAMPLES.png, name: 'theirs.png' }, 'companylogos');
    const plainUpload = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'banner.png' }, 'uploads');
    const certificate = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'cert.png' }, 'certificates');
    for (const path of [otherLogo, plainUpload, certificate, 'companylogos/2026/01/00000000-0000-0000-0000-000000000000.png']) {
      const res = await updateLogo(owner.accessToken, { company_logo: path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: FILE_MESSAGES.logoNotUploaded });
    }
    expect(await companyLogo(accountId)).toBe(logoPath);
  });

  it.each([
    [{}, FILE_MESSAGES.logoMissing],
    [{ company_logo: '' }, FILE_MESSAGES.logoMissing],
    [{ company_logo: '../../data/secrets.json' }, LINK_MESSAGES.invalidFilePath],
    [{ company_logo: 'https://evil.example/logo.png' }, LINK_MESSAGES.invalidFilePath],
  ])('refuses %j', async (payload, message) => {
    const res = await updateLogo(owner.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is refused to a role without the right to manage the account', async () => {
    const developer = await createSignedInUser(t);
    await addMember(t, accountId, developer, 'developer', owner.userId, { makeCurrent: true });
    const ownUpload = await uploadPath(t, developer.accessToken, { bytes: SAMPLES.png, name: 'dev.png' }, 'companylogos');
    const res = await updateLogo(developer.accessToken, { company_logo: ownUpload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbiddenForRole });
    expect(await companyLogo(accountId)).toBe(logoPath);
  });
});
