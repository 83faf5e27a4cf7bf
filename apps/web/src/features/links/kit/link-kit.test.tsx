import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { OpenLinkButton } from './link-actions.tsx';
import { LinkCards } from './link-cards.tsx';
import { type LinkColumn, LinkTable } from './link-table.tsx';

type Row = { id: string; title: string; price: string };
const ROWS: Row[] = [
  { id: '1', title: 'School fees', price: 'UGX 250,000' },
  { id: '2', title: 'Donations box', price: '—' },
];
const COLUMNS: LinkColumn<Row>[] = [
  { header: 'Title', miw: 200, cell: (row) => row.title },
  { header: 'Price', nowrap: true, cell: (row) => row.price },
];

describe('the link kit', () => {
  it("puts the feature's columns in its order, with Actions last, and one row per link", () => {
    render(
      <LinkTable
        label="Payment links table"
        minWidth={860}
        columns={COLUMNS}
        items={ROWS}
        actions={(row) => <button type="button">Edit {row.title}</button>}
      />,
    );
    const table = within(screen.getByRole('region', { name: 'Payment links table' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Price', 'Actions']);
    const [, first, second] = table.getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['School fees', 'UGX 250,000', 'Edit School fees']);
    expect(within(second!).getByRole('button', { name: 'Edit Donations box' })).toBeInTheDocument();
  });

  it('gives each link a card: its heading, its details as terms and values, and its footer', () => {
    render(
      <LinkCards
        items={ROWS}
        heading={(row) => <h3>{row.title}</h3>}
        details={(row) => [{ term: 'Price', value: row.price }]}
        footer={(row) => <button type="button">Copy link for {row.title}</button>}
      />,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'School fees' })).toBeInTheDocument();
    expect(first.getByRole('term')).toHaveTextContent('Price');
    expect(first.getByRole('definition')).toHaveTextContent('UGX 250,000');
    expect(first.getByRole('button', { name: 'Copy link for School fees' })).toBeInTheDocument();
  });

  it("opens a link's public page in a new tab, named for the link", () => {
    render(<OpenLinkButton url="https://sente.example/pay/fees2026ab" name="School fees" />);
    const open = screen.getByRole('link', { name: 'Open public page for School fees (new tab)' });
    expect(open).toHaveAttribute('href', 'https://sente.example/pay/fees2026ab');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
  });
});
