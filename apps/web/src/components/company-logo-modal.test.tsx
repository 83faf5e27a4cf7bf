import { FILE_MESSAGES, imageUploadHint } from '@sente/contracts/files';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Reply, stubApi } from '../testing/api-stub.ts';
import { errorOf } from '../testing/field-error.ts';
import { fileInputOf, fileOf } from '../testing/files.ts';
import { render } from '../testing/render.tsx';
import { testUser } from '../testing/test-user.ts';
import { CompanyLogoModal } from './company-logo-modal.tsx';

const UPLOADED = 'companylogos/2026/11/5d0c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f.webp';
const chooseButton = () => screen.getByRole('button', { name: 'New logo Choose file' });

function renderModal(upload: Reply = ok(UPLOADED)) {
  const api = stubApi({ 'GET /api/user/profile': ok(testUser()), 'POST /api/files/upload': upload });
  return { ...render(<CompanyLogoModal opened onClose={() => {}} />), api };
}

describe('Company Logo modal: the upload', () => {
  it('states the types and the 5 MB limit before a file is chosen', async () => {
    renderModal();
    expect(await screen.findByText(`A square image looks best. ${imageUploadHint('companylogos')}`)).toBeVisible();
    expect(imageUploadHint('companylogos')).toBe('PNG, JPG, GIF, WebP, AVIF or SVG, up to 5 MB.');
    expect(chooseButton()).toHaveAccessibleDescription(expect.stringContaining('up to 5 MB'));
  });

  it("shows the server's refusal under the upload, and clears it when another file is taken", async () => {
    let refuse = true;
    const { user, api } = renderModal(() => (refuse ? fail(400, FILE_MESSAGES.imageUnreadable) : ok(UPLOADED)));
    await user.upload(fileInputOf('New logo'), fileOf('logo.png', 'image/png'));
    await waitFor(() => expect(errorOf(chooseButton())).toBe(FILE_MESSAGES.imageUnreadable));
    expect(chooseButton()).toHaveAccessibleDescription(expect.stringContaining(FILE_MESSAGES.imageUnreadable));
    expect(screen.getByRole('button', { name: 'Update Logo' })).toBeDisabled();

    refuse = false;
    await user.upload(fileInputOf('New logo'), fileOf('logo-fixed.png', 'image/png'));
    expect(await screen.findByText('logo-fixed.png')).toBeVisible();
    expect(screen.queryByText(FILE_MESSAGES.imageUnreadable, { selector: '.mantine-InputWrapper-error' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Logo' })).toBeEnabled();
    expect(api.sent('POST /api/files/upload')).toHaveLength(2);
  });
});
