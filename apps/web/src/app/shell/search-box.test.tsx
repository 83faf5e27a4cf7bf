import type { SearchAnswer } from '@sente/contracts/search';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, type SentRequest, stubApi } from '../../testing/api-stub.ts';
import { collectionRow } from '../../testing/collection.ts';
import { render } from '../../testing/render.tsx';
import { testUser } from '../../testing/test-user.ts';
import { SearchBox } from './search-box.tsx';

const FOUND: SearchAnswer = {
  collections: [collectionRow({ customer: { names: 'Okello John' }, link: null })],
  customers: [
    {
      id: 'c0ffee00-0000-4000-8000-000000000002',
      names: 'Okello John',
      other_names: [],
      other_names_total: 0,
      email: null,
      phone: '256772123456',
      created_at: '2026-03-02T09:30:00.000Z',
      payments_count: 1,
      total_paid: 20_000,
      refund_pending: 0,
      last_paid_at: '2026-03-02T09:30:00.000Z',
    },
  ],
  links: [{ ref: 'okfund', kind: 'donation_link', title: 'Okello school fund' }],
  transfers: [
    {
      id: 'c0ffee00-0000-4000-8000-000000000003',
      // 22:30 UTC is 01:30 the next day in Kampala.
      created_at: '2026-03-02T22:30:00.000Z',
      kind: 'settlement',
      direction: 'out',
      amount: 50_000,
      charge: 2000,
      currency: 'UGX',
      creator: { firstname: 'Grace', lastname: 'Okello' },
      reason: 'March takings',
      status: 'pending',
      counterparty: null,
      failure_reason: null,
      collection_id: null,
    },
  ],
};
const NOTHING: SearchAnswer = { collections: [], customers: [], links: [], transfers: [] };

function renderSearch() {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/search': (request: SentRequest) =>
      ok(new URL(request.path, 'http://x').searchParams.get('q') === 'okello' ? FOUND : NOTHING),
  });
  const rendered = render(<SearchBox />, { path: '/dashboard' });
  return { api, box: screen.getByRole('combobox', { name: 'Search' }), ...rendered };
}

describe('the header search', () => {
  it('lists what it finds in labelled groups, from two characters', async () => {
    const { api, user, box } = renderSearch();
    await user.type(box, 'o');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'okello');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Collections',
      'Customers',
      'Links',
      'Transfers',
    ]);
    expect(within(within(list).getByRole('group', { name: 'Links' })).getByRole('option')).toHaveTextContent(
      'Okello school fundDonation link',
    );
    // One character searched nothing; the debounce sent the whole word, not each letter.
    expect(new Set(api.sent('GET /api/search').map((request) => request.path))).toEqual(new Set(['/api/search?q=okello']));
  });

  it('the arrow keys move through the options and Enter opens one: a customer is their collections', async () => {
    const { user, enter, box, location } = renderSearch();
    await enter(box, 'okello');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!)!;
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('group', { name: 'Customers' })).getByRole('option')).toBe(active);
    await user.keyboard('{Enter}');
    expect(`${location().pathname}${location().search}`).toBe('/collections?q=256772123456');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it.each([
    ['Collections', '/collections?q=TX-1001&payment=c0ffee00-0000-4000-8000-000000000001'],
    ['Links', '/donation-links/edit/okfund'],
    ['Transfers', '/settlements?kind=settlement&status=pending&from=2026-03-03&to=2026-03-03'],
  ])('a choice in %s opens %s', async (group, target) => {
    const { user, enter, box, location } = renderSearch();
    await enter(box, 'okello');
    await user.click(within(await screen.findByRole('group', { name: group })).getByRole('option'));
    expect(`${location().pathname}${location().search}`).toBe(target);
  });

  it('says No results when nothing matches, and Escape closes the list', async () => {
    const { user, enter, box } = renderSearch();
    await enter(box, 'zz');
    expect(await screen.findByText('No results')).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    await enter(box, 'okello');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
