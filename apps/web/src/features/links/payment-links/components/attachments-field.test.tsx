import { FILE_MESSAGES } from '@sente/contracts/files';
import type { PaymentLinkDetails } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../../testing/api-stub.ts';
import { errorOf } from '../../../../testing/field-error.ts';
import { fileOf, uploadedFolder, uploadedName } from '../../../../testing/files.ts';
import { render } from '../../../../testing/render.tsx';
import { expectToast } from '../../../../testing/toasts.ts';
import { PaymentLinkForm } from './payment-link-form.tsx';

const CIRCULAR = {
  path: 'attachments/2026/11/0f8e2b8c-2c2e-4a57-9f0c-6a3f1b7d9e21.pdf',
  name: 'Term 1 circular.pdf',
  mime_type: 'application/pdf',
  size_bytes: 245_760,
};

const STORED: PaymentLinkDetails = {
  id: '5b0d7a52-3f0e-4b8e-9d7c-2a1f0e9b8c7d',
  ref: 'pl7x2k9q',
  title: 'School fees',
  description: null,
  extra_fields: [],
  created_at: '2026-11-22T08:00:00.000Z',
  collections_total: 0,
  amount: 250_000,
  fixed_amount: true,
  redirect_url: null,
  is_disabled: false,
  attachments: [CIRCULAR],
};

function renderForm({ link = null, answer = ok(STORED) }: { link?: PaymentLinkDetails | null; answer?: Answer } = {}) {
  const api = stubApi({
    'POST /api/payment-link/create': answer,
    [`POST /api/payment-link/update/${STORED.id}`]: answer,
    'POST /api/files/upload': (request) => ok(`${uploadedFolder(request.body)}/2026/11/${uploadedName(request.body)}`),
  });
  const view = render(<PaymentLinkForm link={link} canUpdateLogo={false} />, { path: '/new-payment-link' });
  const addButton = () => screen.getByRole('button', { name: 'Attachments Add attachment' });
  const choose = (...files: File[]) =>
    view.user.upload(addButton().parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!, files);
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Payment Link' }));
  const saved = () => api.requests.filter((request) => request.path.startsWith('/api/payment-link/'));
  const uploads = () => api.sent('POST /api/files/upload');
  const listed = () => within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem');
  return { ...view, api, addButton, choose, save, saved, uploads, listed };
}

describe('payment link form: attachments (file upload widget with remove)', () => {
  it('uploads each chosen file to the attachments folder, lists its name and size, and saves their paths', async () => {
    const { user, enter, choose, save, saved, uploads, listed } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '250000');
    await choose(fileOf('circular.pdf', 'application/pdf', 2048), fileOf('menu.png', 'image/png', 3 * 1_048_576));
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(listed()[0]).toHaveTextContent('circular.pdf2 KB');
    expect(listed()[1]).toHaveTextContent('menu.png3.0 MB');
    expect(uploads().map((request) => uploadedFolder(request.body))).toEqual(['attachments', 'attachments']);

    await user.click(screen.getByRole('button', { name: 'Remove menu.png' }));
    expect(listed()).toHaveLength(1);
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkSaved);
    expect(saved()[0]?.body).toMatchObject({ attachments: ['attachments/2026/11/circular.pdf'] });
  });

  it('refuses a file of another type or over 5 MB before sending it, saying why', async () => {
    const { choose, uploads } = renderForm();
    await choose(fileOf('setup.exe', 'application/octet-stream'));
    await expectToast(FILE_MESSAGES.attachmentTypes);
    await choose(fileOf('scan.pdf', 'application/pdf', 5 * 1_048_576 + 1));
    await expectToast(FILE_MESSAGES.attachmentTooLarge('5.00'));
    expect(uploads()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('takes at most five, and offers no more once a link has five', async () => {
    const { choose, uploads, listed } = renderForm();
    const six = Array.from({ length: 6 }, (_, i) => fileOf(`page ${i + 1}.pdf`, 'application/pdf'));
    await choose(...six);
    await expectToast(LINK_MESSAGES.tooManyAttachments);
    await waitFor(() => expect(listed()).toHaveLength(5));
    expect(uploads()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Attachments Add attachment' })).not.toBeInTheDocument();
  });

  it('shows the saved attachments when editing, and saves none once the last is removed', async () => {
    const { user, save, saved, listed } = renderForm({ link: STORED });
    expect(listed()).toHaveLength(1);
    expect(listed()[0]).toHaveTextContent('Term 1 circular.pdf240 KB');
    await user.click(screen.getByRole('button', { name: 'Remove Term 1 circular.pdf' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkUpdated);
    expect(saved()[0]?.body).toMatchObject({ attachments: [] });
  });

  it("puts the server's refusal of an attachment beside the attachments", async () => {
    const refused = fail(400, LINK_MESSAGES.attachmentNotUploaded, [LINK_MESSAGES.attachmentNotUploaded], {
      attachments: LINK_MESSAGES.attachmentNotUploaded,
    });
    const { save, addButton } = renderForm({ link: STORED, answer: refused });
    await save();
    await waitFor(() => expect(errorOf(addButton())).toBe(LINK_MESSAGES.attachmentNotUploaded));
    expect(errorOf(screen.getByLabelText('Title'))).toBeNull();
  });
});
