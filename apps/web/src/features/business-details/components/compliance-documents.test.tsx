import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { fileInputOf, fileOf, uploadedName } from '../../../testing/files.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { ComplianceDocuments } from './compliance-documents.tsx';

function renderRows(save: Answer) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/sente-account/sente-files': ok([]),
    // Each upload is stored under the name it was chosen with.
    'POST /api/files/upload': (request) => ok(`certificates/2026/11/${uploadedName(request.body)}`),
    'POST /api/sente-account/save-sente-files': save,
  });
  const view = render(<ComplianceDocuments readOnly={false} />);
  const choose = async (row: number, name: string) => {
    await view.user.click(screen.getByRole('textbox', { name: `Document ${row}` }));
    await view.user.click(await screen.findByRole('option', { name }));
  };
  const upload = async (row: number, file: string) => {
    await view.user.upload(fileInputOf(`File of document ${row}`), fileOf(file, 'application/pdf'));
    await screen.findByText(file);
  };
  const saveFiles = () => view.user.click(screen.getByRole('button', { name: 'Save Files' }));
  return { ...view, api, choose, upload, saveFiles };
}

/** The message under an upload field (its 'Choose file' button is gone once a file is chosen). */
const uploadError = (label: string) =>
  screen.getByText(label).closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')?.textContent ??
  null;

describe('Compliance Documents upload rows', () => {
  it('checks every row, keeps each message with its row when one is removed, and sends the rows left', async () => {
    const { user, enter, api, choose, upload, saveFiles } = renderRows(ok([], B.filesUpdated));
    await screen.findByText('No documents yet.');
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    await choose(1, 'TIN certificate');
    await choose(3, 'Other');
    await saveFiles();
    await waitFor(() => expect(errorOf(screen.getByRole('textbox', { name: 'Document 2' }))).toBe(B.documentNameMissing));
    expect(errorOf(screen.getByRole('textbox', { name: 'Document 1' }))).toBeNull();
    expect(errorOf(screen.getByLabelText('Specify document 3'))).toBe(B.otherNameMissing);
    expect(screen.getAllByText(B.documentFileMissing)).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove document 2' }));
    expect(screen.queryByText(B.documentNameMissing)).toBeNull();
    expect(errorOf(screen.getByLabelText('Specify document 2'))).toBe(B.otherNameMissing);
    await enter(screen.getByLabelText('Specify document 2'), 'Tax clearance');
    expect(errorOf(screen.getByLabelText('Specify document 2'))).toBeNull();
    await upload(1, 'tin.pdf');
    await upload(2, 'clearance.pdf');
    expect(api.sent('POST /api/sente-account/save-sente-files')).toEqual([]);

    await saveFiles();
    await expectToast(B.filesUpdated);
    expect(api.sent('POST /api/sente-account/save-sente-files').map((request) => request.body)).toEqual([
      {
        files: [
          { file_name: 'TIN certificate', other_name: '', file_path: 'certificates/2026/11/tin.pdf' },
          { file_name: 'Other', other_name: 'Tax clearance', file_path: 'certificates/2026/11/clearance.pdf' },
        ],
      },
    ]);
    // Saved: one empty row again.
    expect(screen.queryByRole('textbox', { name: 'Document 2' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Document 1' })).toHaveValue('');
  });

  it("shows a server refusal in a toast and under the row's field it names", async () => {
    const refused = fail(400, B.documentNotUploaded, [B.documentNotUploaded], { 'files.1.file_path': B.documentNotUploaded });
    const { user, choose, upload, saveFiles } = renderRows(refused);
    await screen.findByText('No documents yet.');
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    await choose(1, 'TIN certificate');
    await upload(1, 'tin.pdf');
    await choose(2, 'Bank Statements');
    await upload(2, 'statement.pdf');
    await saveFiles();
    await expectToast(B.documentNotUploaded);
    await waitFor(() => expect(uploadError('File of document 2')).toBe(B.documentNotUploaded));
    expect(uploadError('File of document 1')).toBeNull();
    // Nothing was saved: the rows stay for another try.
    expect(screen.getByText('statement.pdf')).toBeVisible();
  });
});
