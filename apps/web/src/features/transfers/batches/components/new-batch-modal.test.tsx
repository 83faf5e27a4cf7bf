import { BATCH_MESSAGES } from '@sente/contracts/payout-batches';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../../testing/api-stub.ts';
import { modalFocused } from '../../../../testing/enter.ts';
import { fileOf, uploadedName } from '../../../../testing/files.ts';
import { payoutBatch } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { testUser } from '../../../../testing/test-user.ts';
import { expectToast } from '../../../../testing/toasts.ts';
import { NewBatchModal } from './new-batch-modal.tsx';

const MB = 1024 * 1024;
const CSV = 'text/csv';

function renderModal(upload = ok(payoutBatch(), BATCH_MESSAGES.uploaded)) {
  const api = stubApi({ 'GET /api/user/profile': ok(testUser()), 'POST /api/payout-batches': upload });
  const view = render(<NewBatchModal opened onClose={() => {}} />, { path: '/settlements?view=batches' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input in the New batch modal');
  return { ...view, api, input };
}

describe('New batch: the sheet', () => {
  it('says before any upload what the sheet may be, and offers both templates', () => {
    renderModal();
    expect(screen.getByText(/CSV or Excel \(\.xlsx\), at most 2 MB and 5,000 rows/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV template' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Excel template' })).toBeVisible();
  });

  it('refuses a file over 2 MB in the browser, and sends nothing', async () => {
    const { user, input, api } = renderModal();
    await user.upload(input, fileOf('teachers.csv', CSV, 2 * MB + 1));
    expect(await screen.findByText(BATCH_MESSAGES.fileTooLarge)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(api.sent('POST /api/payout-batches')).toHaveLength(0);
  });

  it('refuses a file that is neither CSV nor .xlsx, and asks for one when none was chosen', async () => {
    const { user, input, api } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(BATCH_MESSAGES.fileMissing)).toBeVisible();
    await user.upload(input, fileOf('teachers.pdf', 'application/pdf'));
    expect(screen.getByText(BATCH_MESSAGES.fileMissing)).toBeVisible();
    expect(api.sent('POST /api/payout-batches')).toHaveLength(0);
  });

  it('uploads a sheet of 2 MB as multipart with its reference, then opens the new batch', async () => {
    const { user, enter, input, api, location } = renderModal();
    await modalFocused(screen.getByRole('dialog'));
    await enter(screen.getByRole('textbox', { name: /Batch reference/ }), 'Teachers November');
    await user.upload(input, fileOf('teachers.csv', CSV, 2 * MB));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await expectToast(BATCH_MESSAGES.uploaded);
    const [sent] = api.sent('POST /api/payout-batches');
    expect(uploadedName(sent!.body)).toBe('teachers.csv');
    expect((sent!.body as FormData).get('reference')).toBe('Teachers November');
    await waitFor(() => expect(location().pathname).toBe(`/settlements/batches/${payoutBatch().id}`));
  });

  it("shows the API's words when it refuses the sheet", async () => {
    const refusal = BATCH_MESSAGES.columnsMissing(['amount']);
    const { user, input, location } = renderModal(fail(400, refusal));
    await user.upload(input, fileOf('teachers.xlsx', 'application/octet-stream'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(location().pathname).toBe('/settlements');
  });
});
