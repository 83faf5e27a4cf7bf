import type { DonationLink } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, stubApi } from '../../../../testing/api-stub.ts';
import { errorOf } from '../../../../testing/field-error.ts';
import { fileInputOf, fileOf, uploadedFolder, uploadedName } from '../../../../testing/files.ts';
import { render } from '../../../../testing/render.tsx';
import { expectToast } from '../../../../testing/toasts.ts';
import { DonationLinkForm } from './donation-link-form.tsx';

const PREVIEW = 'Preview of the donation page image';
const STORED: DonationLink = {
  id: '0d4e9b1a-7c2f-4e6a-8b3d-5f1e2a9c7b6d',
  ref: 'dn4k8m2p',
  title: 'New classroom block',
  description: 'Two classrooms before the rains.',
  extra_fields: [],
  created_at: '2026-11-22T08:00:00.000Z',
  collections_total: 0,
  type: 'public',
  target: 5_000_000,
  beneficiary: 'St. Kizito Primary School',
  image: 'uploads/2026/11/classroom.png',
};

function renderForm({ link = null, answer = ok(STORED) }: { link?: DonationLink | null; answer?: Answer } = {}) {
  const api = stubApi({
    'POST /api/donation-link/create': answer,
    [`POST /api/donation-link/update/${STORED.id}`]: answer,
    'POST /api/files/upload': (request) => ok(`uploads/2026/11/${uploadedName(request.body)}`),
  });
  const view = render(<DonationLinkForm link={link} canUpdateLogo={false} />, { path: '/new-donation-link' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Donation Link' }));
  const saved = () => api.requests.filter((request) => request.path.startsWith('/api/donation-link/'));
  const target = () => screen.getByLabelText('Target amount');
  return { ...view, api, save, saved, target };
}

describe('donation link form: the server checks, its messages land beside their fields', () => {
  it("shows 'Title is missing' beside the title of a link sent without one, and stays", async () => {
    const { save, saved, location } = renderForm();
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Title'))).toBe(LINK_MESSAGES.titleMissing));
    expect(errorOf(screen.getByLabelText('Target amount'))).toBeNull();
    expect(saved()).toHaveLength(1);
    expect(location().pathname).toBe('/new-donation-link');
  });

  it('refuses a target that is no number or is negative under the target, and sends nothing', async () => {
    const { user, enter, save, saved, target } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Classroom');
    await user.type(target(), '5,000-1');
    await user.tab();
    expect(errorOf(target())).toBe(MONEY_TEXT_MESSAGES.digitsOnly);
    await user.clear(target());
    await user.type(target(), '-5000');
    await save();
    await waitFor(() => expect(errorOf(target())).toBe(LINK_MESSAGES.amountNegative));
    expect(saved()).toEqual([]);
  });

  it('questions a decimal target under the target (UGX has no cents), and sends nothing', async () => {
    const { user, enter, save, saved, target, location } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Decimal target');
    await user.type(target(), '1500.5');
    await save();
    await waitFor(() => expect(errorOf(target())).toBe(MONEY_TEXT_MESSAGES.wholeShillings));
    expect(target()).toBeInvalid();
    expect(saved()).toEqual([]);
    expect(location().pathname).toBe('/new-donation-link');
  });

  it('puts a target that is too large beside the target', async () => {
    const { user, enter, save, target } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Too much');
    await user.type(target(), '2000000000');
    await save();
    await waitFor(() => expect(errorOf(target())).toBe(LINK_MESSAGES.amountTooLarge));
  });

  it('puts a refused image path beside the image', async () => {
    const { save } = renderForm({ link: { ...STORED, image: '../secret.png' } });
    await save();
    // The field shows the stored file, not its 'Choose file' button: the error sits in the field's wrapper.
    const error = await screen.findByText(LINK_MESSAGES.invalidFilePath, { selector: '.mantine-InputWrapper-error' });
    expect(error.closest('.mantine-InputWrapper-root')).toHaveTextContent(/^Image/);
  });
});

describe('donation link form: saving', () => {
  it("saves a public link without a target: 'Donation Link Saved', back to the list", async () => {
    const { enter, save, saved, location } = renderForm();
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    await enter(screen.getByLabelText('Title'), 'Library books');
    await save();
    await expectToast(LINK_MESSAGES.donationLinkSaved);
    await waitFor(() => expect(location().pathname).toBe('/donation-links'));
    expect(saved().map((request) => [request.path, request.body])).toEqual([
      [
        '/api/donation-link/create',
        {
          title: 'Library books',
          description: null,
          beneficiary: null,
          type: 'public',
          target: 0,
          image: null,
          extra_fields: [],
        },
      ],
    ]);
  });

  it('formats the target as it is typed and sends it as a number, with the beneficiary and a private type', async () => {
    const { user, enter, save, saved, target } = renderForm();
    await enter(screen.getByLabelText('Title'), 'New classroom block');
    await enter(screen.getByLabelText('Beneficiary'), 'St. Kizito Primary School');
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.type(target(), '5000000');
    expect(target()).toHaveValue('5,000,000');
    await save();
    await expectToast(LINK_MESSAGES.donationLinkSaved);
    expect(saved()[0]?.body).toMatchObject({ beneficiary: 'St. Kizito Primary School', type: 'private', target: 5_000_000 });
  });

  it('uploads the image at once to uploads, previews it and sends its path', async () => {
    const { user, enter, api, save, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'New classroom block');
    await user.upload(fileInputOf('Image'), fileOf('classroom.png', 'image/png'));
    expect(await screen.findByRole('img', { name: PREVIEW })).toHaveAttribute('src', '/storage/uploads/2026/11/classroom.png');
    expect(api.sent('POST /api/files/upload').map((request) => uploadedFolder(request.body))).toEqual(['uploads']);
    await save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ image: 'uploads/2026/11/classroom.png' });
  });

  it("prefills a link, removes its image and updates it: 'Donation Link Updated'", async () => {
    const { user, save, saved, target } = renderForm({ link: STORED });
    expect(screen.getByLabelText('Title')).toHaveValue(STORED.title);
    expect(screen.getByLabelText('Beneficiary')).toHaveValue(STORED.beneficiary);
    expect(target()).toHaveValue('5,000,000');
    expect(screen.getByRole('img', { name: PREVIEW })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove classroom.png' }));
    expect(screen.queryByRole('img', { name: PREVIEW })).not.toBeInTheDocument();
    await save();
    await expectToast(LINK_MESSAGES.donationLinkUpdated);
    expect(saved().map((request) => request.path)).toEqual([`/api/donation-link/update/${STORED.id}`]);
    expect(saved()[0]?.body).toMatchObject({ title: STORED.title, target: 5_000_000, image: null });
  });
});
