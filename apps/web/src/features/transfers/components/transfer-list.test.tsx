import { TRANSFER_OPTIONS, type TransferRow } from '@sente/contracts/transfers';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { SettlementCards } from './settlement-cards.tsx';
import { SettlementsTable } from './settlements-table.tsx';

const BANK_CLOSED = 'The bank account is closed';

const settlement = (overrides: Partial<TransferRow>): TransferRow => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  created_at: '2026-03-02T09:30:00.000Z',
  kind: 'settlement',
  direction: 'out',
  amount: 50_000,
  charge: 2000,
  currency: 'UGX',
  creator: { firstname: 'Grace', lastname: 'Namutebi' },
  reason: 'March takings',
  status: 'successful',
  counterparty: 'Stanbic Bank Uganda •••• 5678',
  failure_reason: null,
  collection_id: null,
  ...overrides,
});

const rejected = settlement({
  id: 'c0ffee00-0000-4000-8000-000000000002',
  reason: 'April takings',
  status: 'rejected',
  failure_reason: BANK_CLOSED,
});
const paid = settlement({});

/** The table row or the card that shows a transfer's own reason. */
const itemWith = (role: 'row' | 'listitem', reason: string) =>
  screen.getAllByRole(role).find((item) => within(item).queryByText(reason) !== null)!;

describe('Transfers table: why a transfer did not go through', () => {
  it("shows a rejected transfer's reason as text under its Rejected badge, in the Status cell", () => {
    render(<SettlementsTable rows={[rejected, paid]} />);
    const row = itemWith('row', 'April takings');
    const status = within(row).getAllByRole('cell').at(-1)!;
    expect(within(status).getByText('Rejected')).toBeVisible();
    expect(within(status).getByText(BANK_CLOSED)).toBeVisible();
  });

  it('shows no failure reason for a successful transfer', () => {
    render(<SettlementsTable rows={[rejected, paid]} />);
    const row = itemWith('row', 'March takings');
    expect(within(row).getByText('Successful')).toBeVisible();
    expect(within(row).queryByText(BANK_CLOSED)).not.toBeInTheDocument();
    expect(screen.getAllByText(BANK_CLOSED)).toHaveLength(1);
  });
});

describe('Transfer cards (phones): why a transfer did not go through', () => {
  it("shows a rejected transfer's reason under 'Why rejected' beside its Rejected badge", () => {
    render(<SettlementCards rows={[rejected, paid]} />);
    const card = itemWith('listitem', 'April takings');
    expect(within(card).getByText('Rejected')).toBeVisible();
    const term = within(card).getByText('Why rejected', { selector: 'dt' });
    expect(term).toBeVisible();
    expect(term.nextElementSibling).toHaveTextContent(BANK_CLOSED);
    expect(within(card).getByText(BANK_CLOSED, { selector: 'dd' })).toBeVisible();
  });

  it('shows its amount as plain text, not as a paragraph styled as a heading (axe p-as-heading)', () => {
    render(<SettlementCards rows={[paid]} />);
    const amount = within(itemWith('listitem', 'March takings')).getByTestId('transfer-amount');
    expect(amount).toHaveTextContent('− UGX 50,000');
    expect(amount.tagName).not.toBe('P');
  });

  it("shows no 'Why rejected' for a successful transfer", () => {
    render(<SettlementCards rows={[rejected, paid]} />);
    const card = itemWith('listitem', 'March takings');
    expect(within(card).getByText('Successful')).toBeVisible();
    expect(within(card).queryByText('Why rejected')).not.toBeInTheDocument();
    expect(within(card).queryByText(BANK_CLOSED)).not.toBeInTheDocument();
  });
});

describe('Transfers list: a batch payout the provider failed', () => {
  const failed = settlement({
    id: 'c0ffee00-0000-4000-8000-000000000004',
    kind: 'batch_payout',
    reason: 'November salary',
    status: 'rejected',
    counterparty: '256772000011',
    failure_reason: 'Insufficient balance',
  });

  it('reads Failed, as its batch row does, in the table and on a phone', () => {
    const { unmount } = render(<SettlementsTable rows={[failed]} />);
    expect(within(itemWith('row', 'November salary')).getByText('Failed')).toBeVisible();
    expect(screen.queryByText('Rejected')).not.toBeInTheDocument();
    unmount();
    render(<SettlementCards rows={[failed]} />);
    const card = itemWith('listitem', 'November salary');
    expect(within(card).getByText('Failed')).toBeVisible();
    expect(within(card).queryByText('Rejected')).not.toBeInTheDocument();
    expect(within(card).getByText('Why it failed', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Insufficient balance',
    );
  });
});

describe('Transfers list: a refund of a payment', () => {
  const refunded = settlement({
    id: 'c0ffee00-0000-4000-8000-000000000003',
    kind: 'refund',
    amount: 20_000,
    charge: 0,
    reason: 'Paid twice',
    status: 'pending',
    counterparty: '+256 772 123 456',
    collection_id: 'c0ffee00-0000-4000-8000-0000000000aa',
  });

  it('names it a Refund to the payer, without a charge, in the table and on a card', () => {
    const { unmount } = render(<SettlementsTable rows={[refunded]} />);
    const row = itemWith('row', 'Paid twice');
    expect(within(row).getByText(`${TRANSFER_OPTIONS.refund} to +256 772 123 456`)).toBeVisible();
    expect(within(row).queryByText(/charge/)).not.toBeInTheDocument();
    unmount();
    render(<SettlementCards rows={[refunded]} />);
    expect(within(itemWith('listitem', 'Paid twice')).getByText(`${TRANSFER_OPTIONS.refund} to +256 772 123 456`)).toBeVisible();
  });

  it('opens the payment it paid back from its row', () => {
    render(<SettlementsTable rows={[refunded]} />);
    const link = within(itemWith('row', 'Paid twice')).getByRole('link', {
      name: `${TRANSFER_OPTIONS.refund} to +256 772 123 456: open the refunded payment`,
    });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('payment')).toBe(refunded.collection_id);
  });
});
