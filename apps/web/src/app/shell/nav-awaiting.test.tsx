/** Decision 071: the Transfers menu and the Overview count what waits for the member's approval. */
import { AWAITING_COUNT_LABELS as L } from '@sente/contracts/movement-approvals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AwaitingApprovalCard } from '../../features/dashboard/components/awaiting-approval-card.tsx';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { render } from '../../testing/render.tsx';
import { testUser } from '../../testing/test-user.ts';
import { NavMenu } from './nav-menu.tsx';

const COUNTS = { movements: 1, batches: 1, total: 2 };

describe('what waits for your approval', () => {
  it('is counted beside Transfers in the menu', async () => {
    stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/transfers/awaiting-approval': ok(COUNTS) });
    const owner = 'owner' as const;
    render(<NavMenu role={owner} onNavigate={() => {}} />, { path: '/dashboard' });
    const business = screen.getByRole('list', { name: 'My Business' });
    expect(await within(business).findByLabelText(L.menu(2))).toHaveTextContent('2');
  });

  it('is said on the Overview, with a link to the transfers awaiting approval', async () => {
    stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/transfers/awaiting-approval': ok(COUNTS) });
    render(<AwaitingApprovalCard />, { path: '/dashboard' });
    expect(await screen.findByText(L.overview(2), { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: L.open })).toHaveAttribute('href', '/settlements?status=awaiting_approval');
  });

  it('says nothing when nothing waits', async () => {
    const api = stubApi({
      'GET /api/user/profile': ok(testUser()),
      'GET /api/transfers/awaiting-approval': ok({ movements: 0, batches: 0, total: 0 }),
    });
    render(<AwaitingApprovalCard />, { path: '/dashboard' });
    await vi.waitFor(() => expect(api.sent('GET /api/transfers/awaiting-approval')).toHaveLength(1));
    expect(screen.queryByText(L.overviewTitle)).not.toBeInTheDocument();
  });
});
