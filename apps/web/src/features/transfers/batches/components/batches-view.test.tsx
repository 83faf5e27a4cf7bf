import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../../testing/api-stub.ts';
import { onePage, payoutBatch } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { testUser } from '../../../../testing/test-user.ts';
import { TransfersRoute } from '../../routes/transfers.tsx';

const {
  can: _can,
  events: _events,
  ...listed
} = payoutBatch({
  status: 'partially_completed',
  counts: { rows: 3, paid: 2, failed: 1 },
  paid_amount: 100_000,
  returned_amount: 50_500,
});

function renderBatches(items: unknown[], role: 'owner' | 'customer_support' = 'owner') {
  stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    'GET /api/payout-batches': ok(onePage(items)),
  });
  return render(<TransfersRoute />, { path: '/settlements?view=batches' });
}

describe('the Batches tab of Transfers', () => {
  it("lists the account's batches: reference, status, rows, total with charges, maker, and what was paid", async () => {
    renderBatches([listed]);
    const table = await screen.findByRole('table', { name: 'Payout batches' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Teachers November' })).toHaveAttribute(
      'href',
      `/settlements/batches/${listed.id}`,
    );
    expect(within(row).getByText('Partly paid')).toBeVisible();
    expect(within(row).getByText('3 processed: 2 paid (UGX 100,000), 1 failed (UGX 50,500 returned)')).toBeVisible();
    expect(within(row).getByText('UGX 150,000')).toBeVisible();
    expect(within(row).getByText('charges UGX 1,500')).toBeVisible();
    expect(within(row).getByText('Ada Nakato')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Batches', selected: true })).toBeVisible();
    expect(screen.getByRole('button', { name: BATCH_SCREEN_TEXT.newBatch })).toBeVisible();
  });

  it('says what a batch is when there is none, and offers a new one to a member who may move money', async () => {
    renderBatches([]);
    expect(await screen.findByText(BATCH_SCREEN_TEXT.empty)).toBeVisible();
    expect(screen.getByRole('button', { name: BATCH_SCREEN_TEXT.newBatch })).toBeVisible();
  });

  it('offers no New batch to a member who may not move money', async () => {
    renderBatches([], 'customer_support');
    expect(await screen.findByText(BATCH_SCREEN_TEXT.empty)).toBeVisible();
    expect(screen.queryByRole('button', { name: BATCH_SCREEN_TEXT.newBatch })).not.toBeInTheDocument();
  });
});
