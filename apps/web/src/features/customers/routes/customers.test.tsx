import { FIND_MESSAGES } from '@sente/contracts/filters';
import type { CustomerRow } from '@sente/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, type SentRequest, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { CustomersRoute } from './customers.tsx';

const joan: CustomerRow = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  names: 'Joan Atim',
  other_names: [],
  other_names_total: 0,
  email: null,
  phone: '256772300001',
  created_at: '2026-03-02T09:30:00.000Z',
  payments_count: 2,
  total_paid: 15_000,
  refund_pending: 0,
  last_paid_at: '2026-03-09T11:05:00.000Z',
};
const brian: CustomerRow = { ...joan, id: 'c0ffee00-0000-4000-8000-000000000002', names: 'Kato Brian', last_paid_at: null };

/** The list answers by the search it is sent: 'atim joan' finds Joan, 'nobody' no one. */
function listFor(request: SentRequest) {
  const q = new URL(request.path, 'http://x').searchParams.get('q');
  const items = q === null ? [joan, brian] : q === 'atim joan' ? [joan] : [];
  return ok({ items, lastCursor: null, nextCursor: null, totalItems: items.length, totalPages: 1 });
}

describe('Customers: search, last paid and a download', () => {
  it('shows when each last paid, searches by the text typed and downloads what it finds', async () => {
    const api = stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/customers': listFor });
    const { user, enter, location } = render(<CustomersRoute />, { path: '/customers' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getByRole('columnheader', { name: 'Last paid' })).toBeVisible();
    const joanRow = within(table).getByText('Joan Atim').closest('tr')!;
    expect(within(joanRow).getByText('Mar 09, 2026 14:05')).toBeVisible();
    expect(screen.getByText('2 customers')).toBeVisible();

    await enter(screen.getByRole('searchbox', { name: 'Search customers' }), 'atim joan');
    await waitFor(() => expect(location().search).toBe('?q=atim+joan'));
    expect(await screen.findByText('1 customer')).toBeVisible();
    expect(screen.queryByText('Kato Brian')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(api.sent('GET /api/customers/download').map((request) => request.path)).toEqual([
        '/api/customers/download?q=atim+joan',
      ]),
    );
  });

  it('says when a search finds no one, and offers the way back', async () => {
    stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/customers': listFor });
    const { user } = render(<CustomersRoute />, { path: '/customers?q=nobody' });
    expect(await screen.findByText(FIND_MESSAGES.noMatchingCustomers)).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    expect(await screen.findByText('2 customers')).toBeVisible();
  });
});
