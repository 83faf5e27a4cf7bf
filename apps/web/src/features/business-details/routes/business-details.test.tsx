import type { ComplianceFile } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import { SMS_RECEIPTS_MESSAGES, SMS_RECEIPTS_TEXT } from '@sente/contracts/sms-receipts';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { pickDay } from '../../../testing/day-field.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { fileInputOf, fileOf } from '../../../testing/files.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { BusinessDetailsRoute } from './business-details.tsx';

const SAVED = {
  business_name: 'Kampala Crafts Ltd',
  business_industry: 'Retail' as const,
  business_email: 'info@kampalacrafts.example',
  business_phone: '+256772123456',
  reg_date: '2021-03-15',
  country: 'Uganda' as const,
  city: 'Kampala',
  address_1: 'Plot 12, Kampala Road',
  address_2: null,
  certificate_url: 'certificates/2026/11/cert.pdf',
};
const TIN: ComplianceFile = {
  id: 'f1',
  document: 'TIN certificate',
  file_name: 'TIN certificate',
  file_path: 'certificates/2026/11/tin.pdf',
  created_at: '2026-11-24T08:00:00.000Z',
  url: '/storage/certificates/2026/11/tin.pdf?expires=1&signature=abc',
  expires_at: '2026-11-24T08:10:00.000Z',
};

function renderPage(user = testUser(), files: ComplianceFile[] = [TIN], path = '/business-details') {
  const api = stubApi({
    'GET /api/user/profile': ok(user),
    'GET /api/sente-account/sente-files': ok(files),
    'GET /api/files/signed-url': ok({ url: '/storage/certificates/2026/11/cert.pdf?expires=1&signature=s', expires_at: null }),
    'POST /api/user/update-business-details': ok(SAVED, B.detailsUpdated),
    // The server answers the saved details.
    'POST /api/sente-account/update-bank-details': (request) => ok(request.body, WALLET_MESSAGES.bankDetailsUpdated),
    'POST /api/sente-account/save-sente-files': ok([TIN], B.filesUpdated),
    'POST /api/files/upload': ok('certificates/2026/11/new.pdf'),
    'POST /api/sente-account/remove-sente-file/f1': ok([], B.fileRemoved),
    'POST /api/sente-account/sms-receipts': (request) => ok(request.body, SMS_RECEIPTS_MESSAGES.on),
  });
  const view = render(<BusinessDetailsRoute />, { path });
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  return { ...view, api, field };
}

describe('business details tab', () => {
  it('shows every message under its field and sends nothing when the form is empty', async () => {
    const { user, api, field } = renderPage();
    // The business name starts as the account's name: cleared, the form is empty.
    await user.clear(await screen.findByLabelText('Business name'));
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    const expected: [string, string][] = [
      ['Business name', B.nameMissing],
      ['Industry', B.industryMissing],
      ['Business phone', B.phoneMissing],
      ['Business email', B.emailMissing],
      ['City', B.cityMissing],
      ['Address 1', B.address1Missing],
      ['Registration date', B.regDateMissing],
    ];
    for (const [label, message] of expected) {
      const input = label === 'Industry' ? field(label) : screen.getByLabelText(label);
      await waitFor(() => expect(errorOf(input), label).toBe(message));
    }
    expect(screen.getByLabelText('Country')).toHaveValue('Uganda');
    expect(screen.getByLabelText('Address 2')).not.toHaveAccessibleDescription();
    for (const [label, limit] of [
      ['Business name', TEXT_LIMITS.businessName],
      ['City', TEXT_LIMITS.city],
      ['Address 1', TEXT_LIMITS.address1],
      ['Address 2', TEXT_LIMITS.address2],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('maxlength', String(limit.max));
    }
    expect(api.sent('POST /api/user/update-business-details')).toEqual([]);
  });

  it("sends every field with an uploaded certificate and says 'Details Updated'", async () => {
    const { user, enter, api, field } = renderPage();
    // The account's name is there already; the registered name, with 'Ltd', replaces it.
    expect(await screen.findByLabelText('Business name')).toHaveValue('Kampala Crafts');
    await user.clear(screen.getByLabelText('Business name'));
    await enter(screen.getByLabelText('Business name'), 'Kampala Crafts Ltd');
    await user.click(field('Industry'));
    await user.click(await screen.findByRole('option', { name: 'Retail' }));
    await enter(screen.getByLabelText('Business email'), 'info@kampalacrafts.example');
    await enter(screen.getByLabelText('Business phone'), '0772123456');
    // The app's one date field: picked from its calendar, shown with the month by name.
    await pickDay(user, 'Registration date', '2021-03-15');
    expect(screen.getByLabelText('Registration date')).toHaveTextContent('Mar 15, 2021');
    await enter(screen.getByLabelText('City'), 'Kampala');
    await enter(screen.getByLabelText('Address 1'), 'Plot 12');
    await user.upload(fileInputOf('Certificate of incorporation'), fileOf('cert.pdf', 'application/pdf'));
    await screen.findByText('cert.pdf');
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    await expectToast(B.detailsUpdated);
    expect(api.sent('POST /api/user/update-business-details').map((request) => request.body)).toEqual([
      {
        business_name: 'Kampala Crafts Ltd',
        business_industry: 'Retail',
        business_email: 'info@kampalacrafts.example',
        business_phone: '0772123456',
        reg_date: '2021-03-15',
        country: 'Uganda',
        city: 'Kampala',
        address_1: 'Plot 12',
        address_2: '',
        certificate_url: 'certificates/2026/11/new.pdf',
        momo_merchant_code: '',
        airtel_merchant_code: '',
      },
    ]);
  });

  it('takes the MoMo Pay and Airtel Money merchant codes as digits, with the message beside a wrong one', async () => {
    const { user, enter, api } = renderPage(testUser({ account: { business_details: SAVED } }));
    await enter(await screen.findByLabelText('MoMo Pay merchant code'), '12A');
    await enter(screen.getByLabelText('Airtel Money merchant code'), '7654321');
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('MoMo Pay merchant code'))).toBe(B.momoCodeInvalid));
    expect(api.sent('POST /api/user/update-business-details')).toEqual([]);
    await user.clear(screen.getByLabelText('MoMo Pay merchant code'));
    await enter(screen.getByLabelText('MoMo Pay merchant code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    await expectToast(B.detailsUpdated);
    expect(api.sent('POST /api/user/update-business-details').map((request) => request.body)).toEqual([
      expect.objectContaining({ momo_merchant_code: '123456', airtel_merchant_code: '7654321' }),
    ]);
  });

  it("shows the saved details and the certificate as a signed link with '(change)'", async () => {
    const { user } = renderPage(testUser({ account: { business_details: SAVED } }));
    expect(await screen.findByLabelText('Business name')).toHaveValue('Kampala Crafts Ltd');
    const link = await screen.findByRole('link', { name: 'View certificate' });
    expect(link).toHaveAttribute('href', '/storage/certificates/2026/11/cert.pdf?expires=1&signature=s');
    await user.click(screen.getByRole('button', { name: '(change)' }));
    expect(screen.getByRole('button', { name: 'Certificate of incorporation Choose file' })).toBeVisible();
  });
});

describe('bank details tab', () => {
  it("names each missing field, then saves and says 'Bank details updated'", async () => {
    const { user, enter, api } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Bank Details' }));
    await user.click(screen.getByRole('button', { name: 'Save Bank Details' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Bank name'))).toBe(WALLET_MESSAGES.bankNameMissing));
    expect(errorOf(screen.getByLabelText('Account number'))).toBe(WALLET_MESSAGES.bankAccountNumberMissing);
    expect(errorOf(screen.getByLabelText('Account name'))).toBe(WALLET_MESSAGES.bankAccountNameMissing);
    expect(api.sent('POST /api/sente-account/update-bank-details')).toEqual([]);
    for (const [label, limit] of [
      ['Bank name', TEXT_LIMITS.bankName],
      ['Account number', TEXT_LIMITS.bankAccountNumber],
      ['Account name', TEXT_LIMITS.bankAccountName],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('maxlength', String(limit.max));
    }
    await enter(screen.getByLabelText('Bank name'), 'Stanbic Bank');
    await enter(screen.getByLabelText('Account number'), '9030012345678');
    await enter(screen.getByLabelText('Account name'), 'Kampala Crafts Ltd');
    await user.click(screen.getByRole('button', { name: 'Save Bank Details' }));
    await expectToast(WALLET_MESSAGES.bankDetailsUpdated);
    expect(api.sent('POST /api/sente-account/update-bank-details').map((request) => request.body)).toEqual([
      { bank_name: 'Stanbic Bank', account_number: '9030012345678', account_name: 'Kampala Crafts Ltd' },
    ]);
  });
});

describe('the tabs', () => {
  it('?tab=bank opens the Bank Details tab (the links asking for a bank account), and the choice is kept in the address', async () => {
    const { user, location } = renderPage(testUser(), [TIN], '/business-details?tab=bank');
    expect(await screen.findByRole('tab', { name: 'Bank Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Bank name')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Business Details' }));
    expect(screen.getByLabelText('Business name')).toBeVisible();
    expect(location().search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Bank Details' }));
    expect(location().search).toBe('?tab=bank');
  });
});

describe('compliance documents', () => {
  it('lists the saved files as signed links and shows the hint', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved documents' });
    expect(within(list).getByRole('link', { name: 'TIN certificate' })).toHaveAttribute('href', TIN.url);
    const card = screen.getByRole('region', { name: 'Compliance Documents' });
    expect(within(card).getByText(B.complianceHint)).toBeVisible();
  });

  it("asks for the name of an 'Other' document and its file, then saves: 'Files updated'", async () => {
    const { user, enter, api, field } = renderPage();
    await screen.findByRole('list', { name: 'Saved documents' });
    await user.click(field('Document 1'));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Save Files' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Specify document 1'))).toBe(B.otherNameMissing));
    expect(screen.getByText(B.documentFileMissing)).toBeVisible();
    expect(api.sent('POST /api/sente-account/save-sente-files')).toEqual([]);

    await enter(screen.getByLabelText('Specify document 1'), 'Tax clearance');
    await user.upload(fileInputOf('File of document 1'), fileOf('clearance.pdf', 'application/pdf'));
    await screen.findByText('clearance.pdf');
    await user.click(screen.getByRole('button', { name: 'Save Files' }));
    await expectToast(B.filesUpdated);
    expect(api.sent('POST /api/sente-account/save-sente-files').map((request) => request.body)).toEqual([
      { files: [{ file_name: 'Other', other_name: 'Tax clearance', file_path: 'certificates/2026/11/new.pdf' }] },
    ]);
  });
  it('removes a saved document after a confirmation, and the list shows what is left', async () => {
    const { user, api } = renderPage();
    const list = await screen.findByRole('list', { name: 'Saved documents' });
    await user.click(within(list).getByRole('button', { name: 'Remove TIN certificate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(B.removeFileConfirm('TIN certificate'))).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast(B.fileRemoved);
    expect(api.sent('POST /api/sente-account/remove-sente-file/f1')).toHaveLength(1);
    expect(await screen.findByText('No documents yet.')).toBeVisible();
  });
});

describe('members without the right', () => {
  it('see the details read-only, the documents as links, and why they cannot change them', async () => {
    renderPage(testUser({ current_role: 'operations', account: { business_details: SAVED } }));
    expect(await screen.findByText(B.readOnly)).toBeVisible();
    expect(screen.getByLabelText('Business name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Details' })).toBeNull();
    expect(screen.queryByRole('button', { name: '(change)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Files' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'TIN certificate' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove TIN certificate' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: SMS_RECEIPTS_TEXT.label })).toBeDisabled();
  });
});

describe('SMS receipts (decision 068)', () => {
  it('are off by default, and the switch turns them on for the account', async () => {
    const { user, api } = renderPage();
    const toggle = await screen.findByRole('checkbox', { name: SMS_RECEIPTS_TEXT.label });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await expectToast(SMS_RECEIPTS_MESSAGES.on);
    expect(api.sent('POST /api/sente-account/sms-receipts').map((request) => request.body)).toEqual([{ enabled: true }]);
  });
});
