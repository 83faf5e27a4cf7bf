import { APPROVAL_MESSAGES, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { NAME_CHECK_MESSAGES } from '@sente/contracts/name-check';
import type { TransferRow } from '@sente/contracts/transfers';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, okSpec, type RouteKey, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { SettlementsTable } from './settlements-table.tsx';

const VIEWER_ID = testUser().user_id;
const OTHER_MEMBER = 'b0b00000-0000-4000-8000-0000000000b0';
const ID = 'c0ffee00-0000-4000-8000-000000000051';

const held = (overrides: Partial<TransferRow> = {}): TransferRow => ({
  id: ID,
  created_at: '2026-11-20T08:00:00.000Z',
  kind: 'payout',
  direction: 'out',
  amount: 2_000_000,
  charge: 750,
  currency: 'UGX',
  creator: { firstname: 'Okot', lastname: 'Peter' },
  reason: 'Supplier for maize',
  status: 'pending',
  counterparty: '+256 772 000 011',
  failure_reason: null,
  collection_id: null,
  approval: { status: 'awaiting', expires_at: '2026-11-23T08:00:00.000Z', requested_by: OTHER_MEMBER },
  ...overrides,
});

function renderList(rows: TransferRow[], replies: Partial<Record<RouteKey, Answer>> = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: 'operations' })),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    ...replies,
  });
  return { ...render(<SettlementsTable rows={rows} />), api };
}

describe('answering a held movement (decision 071)', () => {
  it("shows the approver, before the PIN, the number's registered name and who asked for it, and when", async () => {
    const { user, api } = renderList([held()], {
      'POST /api/wallet/mobile-money-name': ok({ network: 'MTN', check: 'registered', masked_name: 'J*** OKELLO' }),
    });
    await user.click(await screen.findByRole('button', { name: L.approve }));
    const pinStep = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(await within(pinStep).findByText('J*** OKELLO')).toBeVisible();
    expect(pinStep).toHaveTextContent(`${NAME_CHECK_MESSAGES.registeredName}: J*** OKELLO`);
    expect(pinStep).toHaveTextContent('Asked by Okot Peter on Nov 20, 2026 11:00');
    expect(api.sent('POST /api/wallet/mobile-money-name')[0]!.body).toEqual({ phone: '+256 772 000 011' });
  });

  it('lets the member who asked withdraw it, and says the money is back', async () => {
    const mine = held({ approval: { ...held().approval!, requested_by: VIEWER_ID } });
    const withdrawn = held({
      status: 'rejected',
      failure_reason: APPROVAL_MESSAGES.withdrawnReason,
      approval: { ...mine.approval!, status: 'withdrawn', answered_by: { firstname: 'Ada', lastname: 'Nakato' } },
    });
    const { user, api } = renderList([mine], {
      [`POST /api/transfers/${ID}/withdraw`]: ok(withdrawn, APPROVAL_MESSAGES.withdrawn),
    });
    expect(screen.queryByRole('button', { name: L.approve })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: L.withdraw }));
    await expectToast(APPROVAL_MESSAGES.withdrawn);
    expect(api.sent(`POST /api/transfers/${ID}/withdraw`)).toHaveLength(1);
  });

  it('offers no withdrawal to another member, who answers it instead', async () => {
    renderList([held()]);
    expect(await screen.findByRole('button', { name: L.approve })).toBeVisible();
    expect(screen.queryByRole('button', { name: L.withdraw })).not.toBeInTheDocument();
  });

  it('says who approved, declined or withdrew a movement, under its status', () => {
    const answered = (status: 'approved' | 'declined' | 'withdrawn', id: string) =>
      held({
        id,
        status: status === 'approved' ? 'successful' : 'rejected',
        approval: { ...held().approval!, status, answered_by: { firstname: 'Peter', lastname: 'Mukasa' } },
      });
    renderList([
      answered('approved', 'c0ffee00-0000-4000-8000-000000000052'),
      answered('declined', 'c0ffee00-0000-4000-8000-000000000053'),
      answered('withdrawn', 'c0ffee00-0000-4000-8000-000000000054'),
    ]);
    expect(screen.getByText('Approved by Peter Mukasa')).toBeVisible();
    expect(screen.getByText('Declined by Peter Mukasa')).toBeVisible();
    expect(screen.getByText('Withdrawn by Peter Mukasa')).toBeVisible();
  });
});
