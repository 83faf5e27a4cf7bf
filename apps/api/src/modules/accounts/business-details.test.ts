import { BUSINESS_INDUSTRIES, COMPLIANCE_DOCUMENT_NAMES } from '@sente/contracts/accounts';
import type { StaffRole } from '@sente/contracts/constants';
import { FILE_MESSAGES } from '@sente/contracts/files';
import { BUSINESS_MESSAGES as B, LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMember, createNamedMerchant } from '../../testing/transfers-more.ts';
import { pdfOfSize, SAMPLES, upload, uploadPath } from '../../testing/upload-fixtures.ts';

let t: TestApp;
let owner: Merchant;
let other: Merchant;
let certificate: string;
let otherCertificate: string;

const DETAILS = {
  business_name: 'Kampala Crafts Ltd',
  business_industry: 'Retail',
  business_email: 'Accounts@KampalaCrafts.example',
  business_phone: '+256 772 123 456',
  reg_date: '2021-03-15',
  country: 'Uganda',
  city: 'Kampala',
  address_1: 'Plot 12, Kampala Road',
  address_2: '',
};
/** What is stored and answered for DETAILS: e-mail in lower case, phone without spaces, empty values as null. */
const STORED = {
  ...DETAILS,
  business_email: 'accounts@kampalacrafts.example',
  business_phone: '+256772123456',
  address_2: null,
  certificate_url: null,
  momo_merchant_code: null,
  airtel_merchant_code: null,
};

const saveDetails = (who: Merchant, body: object) => post(t, who, '/api/user/update-business-details', body);
const saveFiles = (who: Merchant, files: unknown) => post(t, who, '/api/sente-account/save-sente-files', { files });
const removeFile = (who: Merchant, id: string) => post(t, who, `/api/sente-account/remove-sente-file/${id}`);
const profileAccount = async (who: Merchant) => (await get(t, who, '/api/user/profile')).json().data.current_account;
const certificateOf = (who: Merchant, bytes: Buffer, name: string) =>
  uploadPath(t, who.accessToken, { bytes, name }, 'certificates');

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([
    createNamedMerchant(t, 'Kampala Crafts', { firstname: 'Ada', lastname: 'Nakato' }),
    createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' }),
  ]);
  [certificate, otherCertificate] = await Promise.all([
    certificateOf(owner, SAMPLES.pdf, 'Certificate of Incorporation.pdf'),
    certificateOf(other, SAMPLES.pdf, 'gulu-certificate.pdf'),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe('POST /api/user/update-business-details', () => {
  it('lists every missing field in order, the first as the message', async () => {
    const order = [
      B.nameMissing,
      B.industryMissing,
      B.phoneMissing,
      B.emailMissing,
      B.countryMissing,
      B.cityMissing,
      B.address1Missing,
      B.regDateMissing,
    ];
    for (const body of [{}, Object.fromEntries(Object.keys(DETAILS).map((key) => [key, '  ']))]) {
      const res = await saveDetails(owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: B.nameMissing, errors: order });
    }
  });

  it.each([
    ['business_name', B.nameMissing],
    ['business_industry', B.industryMissing],
    ['business_phone', B.phoneMissing],
    ['business_email', B.emailMissing],
    ['country', B.countryMissing],
    ['city', B.cityMissing],
    ['address_1', B.address1Missing],
    ['reg_date', B.regDateMissing],
  ])('without %s says only %j', async (field, message) => {
    const res = await saveDetails(owner, { ...DETAILS, [field]: '' });
    expect(res.json()).toMatchObject({ status: 'error', message, errors: [message] });
  });

  it.each([
    ['an industry not in the list', { business_industry: 'Piracy' }, B.industryInvalid],
    ['a country other than Uganda', { country: 'Kenya' }, B.countryInvalid],
    ['a phone that is too short', { business_phone: '0772' }, MESSAGES.invalidPhone],
    ['an e-mail without a domain', { business_email: 'accounts@' }, MESSAGES.invalidEmail],
    ['a registration date in the future', { reg_date: '2999-01-01' }, B.regDateInvalid],
    ['a day that does not exist', { reg_date: '2021-02-30' }, B.regDateInvalid],
    ['a date in another format', { reg_date: '15/03/2021' }, B.regDateInvalid],
    ['a certificate path outside storage', { certificate_url: '../../secrets.json' }, LINK_MESSAGES.invalidFilePath],
    ['a MoMo Pay code with letters', { momo_merchant_code: '12A456' }, B.momoCodeInvalid],
    ['a MoMo Pay code of 3 digits', { momo_merchant_code: '123' }, B.momoCodeInvalid],
    ['an Airtel code of 11 digits', { airtel_merchant_code: '12345678901' }, B.airtelCodeInvalid],
    ['an Airtel code as a number', { airtel_merchant_code: 123456 }, B.airtelCodeInvalid],
  ])('refuses %s', async (_, change, message) => {
    const res = await saveDetails(owner, { ...DETAILS, ...change });
    expect(answer(res)).toEqual([400, message]);
  });

  it("saves them on the account, answers 'Details Updated', and the profile carries them", async () => {
    expect((await profileAccount(owner)).business_details).toBeNull();
    const res = await saveDetails(owner, DETAILS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: B.detailsUpdated, data: STORED });
    expect((await profileAccount(owner)).business_details).toEqual(STORED);
    const row = await t.database.db
      .selectFrom('accounts')
      .select('business_details')
      .where('id', '=', owner.accountId)
      .executeTakeFirstOrThrow();
    expect(row.business_details).toEqual(STORED);
  });

  it('keeps the MoMo Pay and Airtel Money merchant codes, trimmed; a blank one is none', async () => {
    const res = await saveDetails(owner, { ...DETAILS, momo_merchant_code: ' 123456 ', airtel_merchant_code: '' });
    expect(answer(res)).toEqual([200, B.detailsUpdated]);
    expect((await profileAccount(owner)).business_details).toEqual({ ...STORED, momo_merchant_code: '123456' });
  });

  it("takes the account's own certificate upload, address 2, and every industry of the list", async () => {
    for (const industry of BUSINESS_INDUSTRIES) {
      expect(answer(await saveDetails(owner, { ...DETAILS, business_industry: industry }))).toEqual([200, B.detailsUpdated]);
    }
    const res = await saveDetails(owner, { ...DETAILS, address_2: 'Suite 4', certificate_url: certificate });
    expect(answer(res)).toEqual([200, B.detailsUpdated]);
    expect((await profileAccount(owner)).business_details).toEqual({
      ...STORED,
      address_2: 'Suite 4',
      certificate_url: certificate,
    });
  });

  it("refuses another account's certificate, an upload of another folder and a path nobody uploaded", async () => {
    const before = (await profileAccount(owner)).business_details;
    const image = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'banner.png' }, 'uploads');
    for (const path of [otherCertificate, image, 'certificates/2026/01/00000000-0000-0000-0000-000000000000.pdf']) {
      const res = await saveDetails(owner, { ...DETAILS, business_name: 'Changed', certificate_url: path });
      expect(res.json(), path).toEqual({
        status: 'error',
        message: B.certificateNotUploaded,
        errors: [B.certificateNotUploaded],
      });
    }
    expect((await profileAccount(owner)).business_details).toEqual(before);
    expect((await profileAccount(other)).business_details).toBeNull();
  });
});

describe('compliance documents: POST /api/sente-account/save-sente-files and GET /api/sente-account/sente-files', () => {
  it("adds named documents of both file types, 'Other' under its specified name, and lists them with members-only links", async () => {
    const [pdf, png] = await Promise.all([
      certificateOf(owner, SAMPLES.pdf, 'tin.pdf'),
      certificateOf(owner, SAMPLES.png, 'licence.png'),
    ]);
    const jpg = await certificateOf(owner, SAMPLES.jpg, 'tax-clearance.jpg');
    const res = await saveFiles(owner, [
      { file_name: 'TIN certificate', file_path: pdf },
      { file_name: 'Trading license', file_path: png },
      { file_name: 'Other', other_name: ' Tax clearance ', file_path: jpg },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: B.filesUpdated });
    const listed = (await get(t, owner, '/api/sente-account/sente-files')).json().data;
    expect(res.json().data.map((file: { id: string }) => file.id)).toEqual(listed.map((file: { id: string }) => file.id));
    expect(listed.map(({ document, file_name, file_path }: Record<string, string>) => [document, file_name, file_path])).toEqual([
      ['TIN certificate', 'TIN certificate', pdf],
      ['Trading license', 'Trading license', png],
      ['Other', 'Tax clearance', jpg],
    ]);
    for (const file of listed) {
      expect(file.expires_at).toEqual(expect.any(String));
      const opened = await t.app.inject({ method: 'GET', url: file.url });
      expect(opened.statusCode).toBe(200);
      // Unsigned, the same file is refused: only a member's signed link opens it.
      expect((await t.app.inject({ method: 'GET', url: `/storage/${file.file_path}` })).statusCode).toBe(403);
    }
  });

  it('keeps one row per file: saving it again renames it', async () => {
    const path = await certificateOf(owner, SAMPLES.pdf, 'profile.pdf');
    await saveFiles(owner, [{ file_name: 'Bank Statements', file_path: path }]);
    expect(answer(await saveFiles(owner, [{ file_name: 'Company profile', file_path: path }]))).toEqual([200, B.filesUpdated]);
    const listed = (await get(t, owner, '/api/sente-account/sente-files')).json().data;
    expect(
      listed.filter((file: { file_path: string }) => file.file_path === path).map((f: { file_name: string }) => f.file_name),
    ).toEqual(['Company profile']);
  });

  it('takes every compliance document name', async () => {
    const path = await certificateOf(owner, SAMPLES.pdf, 'all.pdf');
    for (const name of COMPLIANCE_DOCUMENT_NAMES) {
      const res = await saveFiles(owner, [{ file_name: name, other_name: 'Board resolution', file_path: path }]);
      expect(answer(res), name).toEqual([200, B.filesUpdated]);
    }
  });

  it.each([
    ['no list', undefined, B.documentsMissing],
    ['an empty list', [], B.documentsMissing],
    ['a name not in the list', [{ file_name: 'Passport', file_path: 'certificates/a.pdf' }], B.documentNameMissing],
    ['no name', [{ file_path: 'certificates/a.pdf' }], B.documentNameMissing],
    ["'Other' without its name", [{ file_name: 'Other', file_path: 'certificates/a.pdf' }], B.otherNameMissing],
    [
      "'Other' with a blank name",
      [{ file_name: 'Other', other_name: '  ', file_path: 'certificates/a.pdf' }],
      B.otherNameMissing,
    ],
    ['no file', [{ file_name: 'TIN certificate' }], B.documentFileMissing],
    ['a path outside storage', [{ file_name: 'TIN certificate', file_path: '/etc/passwd' }], LINK_MESSAGES.invalidFilePath],
  ])('refuses %s', async (_, files, message) => {
    expect(answer(await saveFiles(owner, files))).toEqual([400, message]);
  });

  it("refuses another account's certificate, a public upload and a path nobody uploaded, saving none of the list", async () => {
    const own = await certificateOf(owner, SAMPLES.pdf, 'mine.pdf');
    const image = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'banner.png' }, 'uploads');
    const before = (await get(t, owner, '/api/sente-account/sente-files')).json().data;
    for (const path of [otherCertificate, image, 'certificates/2026/01/00000000-0000-0000-0000-000000000000.pdf']) {
      const res = await saveFiles(owner, [
        { file_name: 'TIN certificate', file_path: own },
        { file_name: 'Bank Statements', file_path: path },
      ]);
      expect(res.json(), path).toMatchObject({
        status: 'error',
        message: B.documentNotUploaded,
        errors: [B.documentNotUploaded],
        // The second row's file is the one refused: the form shows the message under it.
        fields: { 'files.1.file_path': B.documentNotUploaded },
      });
    }
    expect((await get(t, owner, '/api/sente-account/sente-files')).json().data).toHaveLength(before.length);
    expect((await get(t, other, '/api/sente-account/sente-files')).json().data).toEqual([]);
  });

  it("removes one document (to correct or replace it), only the account's own, and says so", async () => {
    const [wrong, right] = await Promise.all([
      certificateOf(owner, SAMPLES.pdf, 'old-licence.pdf'),
      certificateOf(owner, SAMPLES.pdf, 'new-licence.pdf'),
    ]);
    await saveFiles(owner, [{ file_name: 'Trading license', file_path: wrong }]);
    const listed = (await get(t, owner, '/api/sente-account/sente-files')).json().data as { id: string; file_path: string }[];
    const id = listed.find((file) => file.file_path === wrong)!.id;
    const otherPath = await certificateOf(other, SAMPLES.pdf, 'theirs.pdf');
    await saveFiles(other, [{ file_name: 'TIN certificate', file_path: otherPath }]);
    // Ids and paths: each reading signs fresh links, which differ once a second has passed.
    const documentsOf = async (who: Merchant) =>
      ((await get(t, who, '/api/sente-account/sente-files')).json().data as { id: string; file_path: string }[]).map(
        ({ id, file_path }) => ({ id, file_path }),
      );
    const theirs = await documentsOf(other);

    expect(answer(await removeFile(owner, theirs[0]!.id))).toEqual([404, B.fileNotFound]);
    expect(answer(await removeFile(owner, 'not-an-id'))).toEqual([404, B.fileNotFound]);
    expect(await documentsOf(other)).toEqual(theirs);

    const removed = await removeFile(owner, id);
    expect(answer(removed)).toEqual([200, B.fileRemoved]);
    expect(removed.json().data.map((file: { id: string }) => file.id)).toEqual(
      listed.filter((file) => file.id !== id).map((file) => file.id),
    );
    expect(answer(await removeFile(owner, id))).toEqual([404, B.fileNotFound]);
    // Replacing: the newer file under the same name.
    expect(answer(await saveFiles(owner, [{ file_name: 'Trading license', file_path: right }]))).toEqual([200, B.filesUpdated]);
    const after = (await get(t, owner, '/api/sente-account/sente-files')).json().data as { file_path: string }[];
    expect(after.map((file) => file.file_path)).toContain(right);
    expect(after.map((file) => file.file_path)).not.toContain(wrong);
  });

  it('takes PNG, JPG and PDF certificates up to 10MB only (the upload refuses the rest)', async () => {
    const tooLarge = await upload(
      t,
      owner.accessToken,
      { bytes: pdfOfSize(10 * 1_048_576 + 1), name: 'big.pdf' },
      'certificates',
    );
    expect(answer(tooLarge)).toEqual([400, FILE_MESSAGES.certificateTooLarge('10.00')]);
    const wrongType = await upload(t, owner.accessToken, { bytes: SAMPLES.svg, name: 'cert.pdf' }, 'certificates');
    expect(answer(wrongType)).toEqual([400, FILE_MESSAGES.certificateTypes]);
    const text = await upload(t, owner.accessToken, { bytes: SAMPLES.text, name: 'cert.pdf' }, 'certificates');
    expect(answer(text)).toEqual([400, FILE_MESSAGES.certificateTypes]);
    const limit = await upload(t, owner.accessToken, { bytes: pdfOfSize(10 * 1_048_576), name: 'ok.pdf' }, 'certificates');
    expect(limit.statusCode).toBe(200);
  });
});

describe('rights (business details and compliance are for owners and administrators)', () => {
  const FORBIDDEN = { status: 'error', message: MESSAGES.forbiddenForRole };

  it.each<StaffRole>(['operations', 'developer', 'customer_support', 'user'])(
    'refuses both saves and the removal to %s with a 403, changing nothing; the member still reads the documents',
    async (role) => {
      const member = await createMember(t, owner, role, { firstname: 'Sam', lastname: role });
      const ownUpload = await certificateOf(member, SAMPLES.pdf, `${role}.pdf`);
      const before = await profileAccount(owner);
      const filesBefore = (await get(t, owner, '/api/sente-account/sente-files')).json().data.length;

      const details = await saveDetails(member, { ...DETAILS, business_name: 'Taken over', certificate_url: ownUpload });
      expect([details.statusCode, details.json()]).toEqual([403, FORBIDDEN]);
      const files = await saveFiles(member, [{ file_name: 'TIN certificate', file_path: ownUpload }]);
      expect([files.statusCode, files.json()]).toEqual([403, FORBIDDEN]);
      const firstFile = (await get(t, owner, '/api/sente-account/sente-files')).json().data[0];
      const removal = await removeFile(member, firstFile.id);
      expect([removal.statusCode, removal.json()]).toEqual([403, FORBIDDEN]);

      expect((await profileAccount(owner)).business_details).toEqual(before.business_details);
      expect((await profileAccount(member)).business_details).toEqual(before.business_details);
      const listed = await get(t, member, '/api/sente-account/sente-files');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toHaveLength(filesBefore);
    },
  );

  it('lets an administrator save both', async () => {
    const admin = await createMember(t, owner, 'administrator', { firstname: 'Ann', lastname: 'Admin' });
    const path = await certificateOf(admin, SAMPLES.png, 'admin.png');
    expect(answer(await saveDetails(admin, { ...DETAILS, certificate_url: path }))).toEqual([200, B.detailsUpdated]);
    expect(answer(await saveFiles(admin, [{ file_name: 'Company profile', file_path: path }]))).toEqual([200, B.filesUpdated]);
    expect((await profileAccount(owner)).business_details.certificate_url).toBe(path);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/user/update-business-details'],
      ['POST', '/api/sente-account/save-sente-files'],
      ['GET', '/api/sente-account/sente-files'],
      ['POST', '/api/sente-account/remove-sente-file/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });
});
