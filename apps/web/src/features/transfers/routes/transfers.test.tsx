import fs from 'node:fs';
import path from 'node:path';
import { TRANSFERS_WORKBOOK } from '@sente/contracts/transfers';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { onePage } from '../../../testing/payout-batch.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import classes from './transfers.module.css';
import { TransfersRoute } from './transfers.tsx';

function renderTransfers() {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/settlements': ok(onePage([])),
    'GET /api/collections/smt_download': ok(null),
  });
  return { ...render(<TransfersRoute />, { path: '/settlements' }), api };
}

describe('the Transfers page', () => {
  it('saves its export as Transfers.xlsx: every kind of transfer, not only settlements', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:transfers');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, api } = renderTransfers();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Transfers.xlsx']));
    expect(TRANSFERS_WORKBOOK).toBe('Transfers.xlsx');
    expect(api.sent('GET /api/collections/smt_download')).toHaveLength(1);
  });

  it('keeps its four tabs on one line that scrolls sideways on a phone, none wrapped or cut off', async () => {
    renderTransfers();
    const tabs = await screen.findByRole('tablist');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Transfers',
      'Statement',
      'Batches',
      'Payout rules',
    ]);
    expect(tabs.classList.contains(String(classes.tabList))).toBe(true);
    const rule = fs.readFileSync(path.join(import.meta.dirname, 'transfers.module.css'), 'utf8');
    expect(rule).toMatch(/flex-wrap: nowrap;\s+overflow-x: auto;/);
  });
});
