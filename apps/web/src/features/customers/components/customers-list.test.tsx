import type { CustomerRow } from '@sente/contracts/payments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { CustomerCards } from './customer-cards.tsx';
import { CustomersTable } from './customers-table.tsx';

const customer = (overrides: Partial<CustomerRow>): CustomerRow => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  names: 'Akello Grace',
  other_names: [],
  other_names_total: 0,
  email: null,
  phone: '256772123456',
  created_at: '2026-03-02T09:30:00.000Z',
  payments_count: 3,
  total_paid: 6000,
  refund_pending: 0,
  last_paid_at: '2026-03-09T14:05:00.000Z',
  ...overrides,
});

const family = customer({ other_names: ['Okello John'], other_names_total: 1 });
const single = customer({ id: 'c0ffee00-0000-4000-8000-000000000002', names: 'Kato Brian', phone: '256701000111' });
const school = customer({
  id: 'c0ffee00-0000-4000-8000-000000000003',
  names: 'Pupil 8',
  other_names: ['Pupil 7', 'Pupil 6', 'Pupil 5', 'Pupil 4', 'Pupil 3'],
  other_names_total: 7,
});

const itemWith = (role: 'row' | 'listitem', name: string) =>
  screen.getAllByRole(role).find((item) => within(item).queryByText(name) !== null)!;

describe.each([
  ['table', 'row', (rows: CustomerRow[]) => <CustomersTable customers={rows} />],
  ['cards', 'listitem', (rows: CustomerRow[]) => <CustomerCards customers={rows} />],
] as const)('Customers %s: the names of a shared phone', (_, role, ui) => {
  it('shows the earlier names beside the latest one', () => {
    render(ui([family, single]));
    const item = itemWith(role, 'Akello Grace');
    expect(within(item).getByText('Also paid as Okello John')).toBeVisible();
  });

  it('says nothing more for a customer with one name', () => {
    render(ui([family, single]));
    expect(within(itemWith(role, 'Kato Brian')).queryByText(/Also paid as/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/Also paid as/)).toHaveLength(1);
  });

  it('counts the names it does not list', () => {
    render(ui([school]));
    expect(screen.getByText('Also paid as Pupil 7, Pupil 6, Pupil 5, Pupil 4, Pupil 3 and 2 more')).toBeVisible();
  });
});

describe.each([
  ['table', 'row', (rows: CustomerRow[]) => <CustomersTable customers={rows} />],
  ['cards', 'listitem', (rows: CustomerRow[]) => <CustomerCards customers={rows} />],
] as const)('Customers %s: a customer opens their payments', (_, role, ui) => {
  it('links the payments count to Collections searched by the number, or by the name of a card payer', () => {
    render(ui([single, customer({ id: 'c0ffee00-0000-4000-8000-000000000004', names: 'Nakato Card', phone: null })]));
    const byPhone = within(itemWith(role, 'Kato Brian')).getByRole('link', { name: 'Payments of Kato Brian: 3' });
    expect(byPhone).toHaveAttribute('href', '/collections?q=256701000111');
    const byName = within(itemWith(role, 'Nakato Card')).getByRole('link', { name: 'Payments of Nakato Card: 3' });
    expect(byName).toHaveAttribute('href', '/collections?q=Nakato+Card');
  });
});

describe.each([
  ['table', 'row', (rows: CustomerRow[]) => <CustomersTable customers={rows} />],
  ['cards', 'listitem', (rows: CustomerRow[]) => <CustomerCards customers={rows} />],
] as const)('Customers %s: a refund not paid yet', (_, role, ui) => {
  it('keeps the total paid and says beside it what the pending refund will take', () => {
    render(ui([customer({ total_paid: 450_000, refund_pending: 450_000 }), single]));
    expect(within(itemWith(role, 'Akello Grace')).getByText('UGX 450,000 refund pending')).toBeVisible();
    expect(within(itemWith(role, 'Kato Brian')).queryByText(/refund pending/)).not.toBeInTheDocument();
  });
});

describe.each([
  ['table', 'row', (rows: CustomerRow[]) => <CustomersTable customers={rows} />],
  ['cards', 'listitem', (rows: CustomerRow[]) => <CustomerCards customers={rows} />],
] as const)('Customers %s: the phone (decision 079)', (_, role, ui) => {
  it('shows a stored number in the one international form', () => {
    render(ui([customer({ phone: '256772111222' }), single]));
    expect(within(itemWith(role, 'Akello Grace')).getByText('+256 772 111 222')).toBeVisible();
    expect(within(itemWith(role, 'Kato Brian')).getByText('+256 701 000 111')).toBeVisible();
    expect(screen.queryByText(/^07\d\d \d{3} \d{3}$/)).not.toBeInTheDocument();
  });
});
