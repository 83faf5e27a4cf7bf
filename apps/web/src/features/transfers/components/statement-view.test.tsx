import { kampalaDay } from '@sente/contracts/dates';
import { STATEMENT_MESSAGES, type StatementEntry } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { pickDay } from '../../../testing/day-field.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { StatementView } from './statement-view.tsx';

const line = (id: string, description: string, debit: number, credit: number, balance: number): StatementEntry => ({
  id,
  // 21:30 UTC is 00:30 the next day in Kampala.
  created_at: '2026-11-24T21:30:00.000Z',
  description,
  debit,
  credit,
  balance,
});

const LINES = [
  line('t2-1', 'Transfer fee', 500, 0, 474_500),
  line('t2', 'Transfer to Bob Hardware', 10_000, 0, 475_000),
  line('t1-1', 'Fee on payment from Okello John', 15_000, 0, 485_000),
  line('t1', 'Payment from Okello John (Top up)', 0, 500_000, 500_000),
];

const SUMMARY = { opening_balance: 0, credits: 500_000, debits: 10_000, fees: 15_500, closing_balance: 474_500 };

function renderStatement(items: StatementEntry[] = LINES, path = '/settlements?view=statement') {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/wallet/statement': ok({ items, lastCursor: null, nextCursor: null, totalItems: 2, totalPages: 1 }),
    'GET /api/wallet/statement/summary': ok(SUMMARY),
  });
  return { ...render(<StatementView />, { path }), api };
}

const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://sente.test').searchParams);

describe('the wallet statement', () => {
  it('shows the month so far: each payment and its fee, each transfer and its charge, and the balance after each', async () => {
    const { api } = renderStatement();
    const table = await screen.findByRole('table', { name: 'Statement' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Nov 25, 2026 0:30', 'Transfer fee', 'UGX 500', '', 'UGX 474,500'],
      ['Nov 25, 2026 0:30', 'Transfer to Bob Hardware', 'UGX 10,000', '', 'UGX 475,000'],
      ['Nov 25, 2026 0:30', 'Fee on payment from Okello John', 'UGX 15,000', '', 'UGX 485,000'],
      ['Nov 25, 2026 0:30', 'Payment from Okello John (Top up)', '', 'UGX 500,000', 'UGX 500,000'],
    ]);
    const today = kampalaDay(new Date());
    expect(queryOf(api.sent('GET /api/wallet/statement')[0]!.path)).toEqual({ from: `${today.slice(0, 8)}01`, to: today });
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
  });

  it('sums the period above its lines: opening balance, credits, debits, fees and closing balance', async () => {
    const { api } = renderStatement(LINES, '/settlements?view=statement&from=2026-03-01&to=2026-03-31');
    const summary = await screen.findByLabelText('Period summary');
    const figures = [...summary.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Opening balance', 'UGX 0'],
      ['Credits', 'UGX 500,000'],
      ['Debits', 'UGX 10,000'],
      ['Fees', 'UGX 15,500'],
      ['Closing balance', 'UGX 474,500'],
    ]);
    expect(queryOf(api.sent('GET /api/wallet/statement/summary')[0]!.path)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('asks again for the days chosen, and refuses a range that ends before it starts', async () => {
    const { api, user } = renderStatement();
    await screen.findByRole('table', { name: 'Statement' });
    await pickDay(user, 'From', '2026-03-01');
    await pickDay(user, 'To', '2026-03-31');
    // The month by name, as the lists write dates: never 03/01/2026.
    expect(screen.getByLabelText('From')).toHaveTextContent('Mar 01, 2026');
    expect(screen.getByLabelText('To')).toHaveTextContent('Mar 31, 2026');
    await waitFor(() =>
      expect(api.sent('GET /api/wallet/statement').map((request) => queryOf(request.path))).toContainEqual({
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    const asked = api.sent('GET /api/wallet/statement').length;
    await pickDay(user, 'From', '2026-04-01');
    expect(await screen.findByText(STATEMENT_MESSAGES.rangeBackwards)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(api.sent('GET /api/wallet/statement')).toHaveLength(asked);
  });

  it('keeps the period in the address, so a reload shows the same one', async () => {
    const { api, location, user } = renderStatement();
    await screen.findByRole('table', { name: 'Statement' });
    await pickDay(user, 'From', '2026-03-01');
    const today = kampalaDay(new Date());
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        view: 'statement',
        from: '2026-03-01',
        to: today,
      }),
    );
    await pickDay(user, 'To', '2026-03-31');
    await waitFor(() => expect(location().search).toBe('?view=statement&from=2026-03-01&to=2026-03-31'));
    expect(api.sent('GET /api/wallet/statement').map((request) => queryOf(request.path))).toContainEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('shows the period the address holds when the page is opened (a reload)', async () => {
    const { api } = renderStatement(LINES, '/settlements?view=statement&from=2026-03-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Statement' });
    expect(screen.getByLabelText('From')).toHaveTextContent('Mar 01, 2026');
    expect(screen.getByLabelText('To')).toHaveTextContent('Mar 31, 2026');
    const asked = api.sent('GET /api/wallet/statement').map((request) => queryOf(request.path));
    expect(new Set(asked.map((query) => `${query.from}..${query.to}`))).toEqual(new Set(['2026-03-01..2026-03-31']));
  });

  it('says so when the dates hold no entries', async () => {
    renderStatement([]);
    expect(await screen.findByText(STATEMENT_MESSAGES.noEntriesYet)).toBeVisible();
  });
});
