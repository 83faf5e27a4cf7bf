import type { LiveCollection, LivePage } from '@sente/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../../testing/api-stub.ts';
import { render } from '../../../../testing/render.tsx';
import { testUser } from '../../../../testing/test-user.ts';
import { LiveCards } from '../components/live-cards.tsx';
import { LiveRoute } from './live.tsx';

const REF = 'fees2026ab';

const collection = (n: number): LiveCollection => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2026-11-20T09:00:00.000Z',
  currency: 'UGX',
  amount: 1000 + n,
  collection: {
    status: 'successful',
    amount: 1000 + n,
    msisdn: '256772123456',
    customer: { names: `Payer ${n}` },
    collection_channel: 'MTN_UG',
  },
  extra_data: [{ label: 'Student', value: `Pupil ${n}` }],
});

const livePage = (items: LiveCollection[], nextCursor: string | null): LivePage => ({
  link: {
    ref: REF,
    title: 'Fees: Term 1/2',
    kind: 'payment_link',
    extra_fields: [{ type: 'text', label: 'Student', options: [] }],
  },
  total_successful: 1_234_000,
  successful_count: 21,
  items,
  lastCursor: 'last',
  nextCursor,
  totalItems: 23,
  totalPages: 2,
});

function renderLive() {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    [`GET /api/payment-link/collections/${REF}`]: (request) =>
      request.path.includes('cursor=page2')
        ? ok(livePage([21, 22, 23].map(collection), null))
        : ok(
            livePage(
              Array.from({ length: 20 }, (_, i) => collection(i + 1)),
              'page2',
            ),
          ),
    [`GET /api/payment-link/collections/${REF}/download`]: ok(null),
  });
  return { ...render(<LiveRoute />, { path: `/live/${REF}`, route: '/live/:ref' }), api };
}

afterEach(() => vi.restoreAllMocks());

describe('live page (Live payment link page)', () => {
  it('shows the first page of collections and goes back through the whole history with Load More', async () => {
    const { user, api } = renderLive();
    expect(await screen.findByTestId('live-total')).toHaveTextContent('UGX 1,234,000');
    // A figure under its label, not a paragraph styled as a heading (axe p-as-heading).
    expect(screen.getByTestId('live-total').tagName).not.toBe('P');
    // happy-dom's window is 1024 px wide: the table (from the md breakpoint), a header row and one row per payment.
    const table = screen.getByRole('table', { name: 'Live collections' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Phone', 'Names', 'Amount', 'Channel', 'Status', 'Student']);
    // The count beside the total counts the same payments as the total; the list also holds the two that failed.
    expect(screen.getByText(/^21 successful payments, 23 in all, the latest 20 below ·/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(24));
    expect(within(table).getByText('Payer 23')).toBeInTheDocument();
    expect(within(table).getByText('Pupil 23')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.queryByText(/the latest/)).toBeNull();
    expect(screen.getByText(/^21 successful payments, 23 in all ·/)).toBeInTheDocument();
    const paths = api.sent(`GET /api/payment-link/collections/${REF}`).map((request) => request.path);
    expect(paths.filter((path) => path.includes('cursor='))).toEqual([`/api/payment-link/collections/${REF}?cursor=page2`]);
  });

  it("downloads every collection of the link from the server's export, saved under the link's title", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:live');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, api } = renderLive();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Fees Term 1 2 collections.xlsx']));
    expect(api.sent(`GET /api/payment-link/collections/${REF}/download`)).toHaveLength(1);
  });
});

describe("the live page's cards (phones)", () => {
  it('show each amount as plain text, not as a paragraph styled as a heading (axe p-as-heading)', () => {
    render(<LiveCards items={[collection(1)]} extraLabels={['Student']} />);
    const amount = screen.getByTestId('live-amount');
    expect(amount).toHaveTextContent('UGX 1,001');
    expect(amount.tagName).not.toBe('P');
  });
});
