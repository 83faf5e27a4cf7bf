import { FIND_MESSAGES } from '@sente/contracts/filters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, type SentRequest, stubApi } from '../../../testing/api-stub.ts';
import { collectionDetail, collectionRow } from '../../../testing/collection.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { CollectionsRoute } from './collections.tsx';

const grace = collectionRow({});
const john = collectionRow({ id: 'c0ffee00-0000-4000-8000-000000000002', customer: { names: 'Okello John' }, status: 'failed' });

/** The list answers by the filter it is sent: a failed-only filter finds John, a phone nobody paid from finds no one. */
function listFor(request: SentRequest) {
  const query = new URL(request.path, 'http://x').searchParams;
  const items = [grace, john].filter(
    (row) => (!query.get('status') || row.status === query.get('status')) && query.get('q') !== '0700 000 000',
  );
  return ok({ items, lastCursor: null, nextCursor: null, totalItems: items.length === 2 ? 1234 : items.length, totalPages: 1 });
}

function renderCollections(path = '/collections') {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/collections': listFor,
    [`GET /api/collections/${grace.id}`]: ok(collectionDetail(grace)),
    [`GET /api/collections/${john.id}`]: ok(collectionDetail(john)),
  });
  const rendered = render(<CollectionsRoute />, { path });
  const listQueries = () => api.sent('GET /api/collections').map((request) => request.path.split('?')[1] ?? '');
  return { api, listQueries, ...rendered };
}

const filterBar = () => screen.getByRole('region', { name: 'Filter collections' });

describe('Collections filter: the URL holds it, the list follows it', () => {
  it('reads the filter from the URL into its inputs and the request, and shows the total', async () => {
    const { listQueries } = renderCollections('/collections?status=failed&channel=MTN_UG&from=2026-03-01&to=2026-03-31');
    expect(await screen.findByText('1 collection')).toBeVisible();
    const bar = filterBar();
    expect(within(bar).getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
    expect(within(bar).getByRole('combobox', { name: 'Channel' })).toHaveValue('MTN_UG');
    // The month by name, as the list writes dates: never 03/01/2026.
    expect(within(bar).getByLabelText('From')).toHaveTextContent('Mar 01, 2026');
    expect(within(bar).getByLabelText('To')).toHaveTextContent('Mar 31, 2026');
    expect(listQueries().at(-1)).toBe('status=failed&channel=MTN_UG&from=2026-03-01&to=2026-03-31');
    expect(screen.getAllByText('Okello John').length).toBeGreaterThan(0);
    expect(screen.queryByText('Akello Grace')).not.toBeInTheDocument();
  });

  it('a choice goes into the URL and the request; Clear filters empties both', async () => {
    const { user, location, listQueries } = renderCollections();
    expect(await screen.findByText('1,234 collections')).toBeVisible();
    expect(new Set(listQueries())).toEqual(new Set(['']));

    await user.selectOptions(within(filterBar()).getByRole('combobox', { name: 'Status' }), 'Failed');
    expect(await screen.findByText('1 collection')).toBeVisible();
    expect(location().search).toBe('?status=failed');
    expect(listQueries().at(-1)).toBe('status=failed');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('1,234 collections')).toBeVisible();
    expect(location().search).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, with the text as typed, spaces and all', async () => {
    const { user, location, listQueries } = renderCollections();
    await screen.findByText('1,234 collections');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '0700 000 000');
    await waitFor(() => expect(location().search).toBe('?q=0700+000+000'));
    // A filter that finds nothing says so, and offers the way back.
    expect(await screen.findByText(FIND_MESSAGES.noMatchingCollections)).toBeVisible();
    expect(listQueries().filter((query) => query.startsWith('q='))).toEqual(['q=0700+000+000']);
    expect(screen.getByText('0 collections')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('1,234 collections')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('downloads what the filter shows', async () => {
    const { api, user } = renderCollections('/collections?status=failed');
    await screen.findByText('1 collection');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(api.sent('GET /api/collections/download').map((request) => request.path)).toEqual([
        '/api/collections/download?status=failed',
      ]),
    );
  });
});

describe('a payment opens from its row', () => {
  const drawer = () => screen.findByRole('dialog', { name: 'Payment' });

  it('a click anywhere on a row opens it over the filtered list; closing it goes back to the list', async () => {
    const { user, location } = renderCollections('/collections?status=failed');
    await user.click(await screen.findByRole('cell', { name: 'Okello John' }));
    expect(location().search).toBe(`?status=failed&payment=${john.id}`);
    expect(await within(await drawer()).findByTestId('payment-amount')).toHaveTextContent('UGX 20,000');
    expect(within(await drawer()).getByText('Okello John', { selector: 'dd' })).toBeVisible();

    await user.click(within(await drawer()).getByRole('button', { name: 'Close payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location().search).toBe('?status=failed');
    expect(screen.getByRole('cell', { name: 'Okello John' })).toBeVisible();
  });

  it('the keyboard reaches each row by its transaction ID link, and Enter opens that payment', async () => {
    const { user, location } = renderCollections();
    const table = await screen.findByRole('table', { name: 'Collections' });
    const links = within(table).getAllByRole('link', { name: 'TX-1001' });
    expect(links).toHaveLength(2);
    links[1]!.focus();
    await user.keyboard('{Enter}');
    expect(location().search).toBe(`?payment=${john.id}`);
    expect(within(await drawer()).getByText('Okello John', { selector: 'dd' })).toBeVisible();
  });
});

describe('refunded payments and the total beside the count', () => {
  const refunded = collectionRow({
    id: 'c0ffee00-0000-4000-8000-000000000003',
    customer: { names: 'Atim Joan' },
    amount_refunded: 20_000,
  });
  const partly = collectionRow({
    id: 'c0ffee00-0000-4000-8000-000000000004',
    customer: { names: 'Opio Sam' },
    amount_refunded: 5_000,
  });

  it('reads Refunded and Partly refunded on the rows and the drawer, and filters by them', async () => {
    const api = stubApi({
      'GET /api/user/profile': ok(testUser()),
      'GET /api/collections': (request) => {
        const status = new URL(request.path, 'http://x').searchParams.get('status');
        const items = status === 'refunded' ? [refunded] : [refunded, partly];
        const received = [{ currency: 'UGX', amount: status === 'refunded' ? 0 : 15_000 }];
        return ok({ items, lastCursor: null, nextCursor: null, totalItems: items.length, totalPages: 1, received });
      },
      [`GET /api/collections/${refunded.id}`]: ok(collectionDetail({ ...refunded, refundable: 0 })),
    });
    const { user, location } = render(<CollectionsRoute />, { path: '/collections' });
    // The count and what the successful ones brought in, net of refunds.
    expect(await screen.findByText('2 collections · UGX 15,000 received, less refunds')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Collections' });
    const rowOf = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    expect(within(rowOf('Atim Joan')).getByText('Refunded')).toBeVisible();
    expect(within(rowOf('Opio Sam')).getByText('Partly refunded')).toBeVisible();

    await user.selectOptions(within(filterBar()).getByRole('combobox', { name: 'Status' }), 'Refunded');
    await waitFor(() => expect(location().search).toBe('?status=refunded'));
    expect(api.sent('GET /api/collections').at(-1)?.path).toBe('/api/collections?status=refunded');
    expect(await screen.findByText('1 collection · UGX 0 received, less refunds')).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Opio Sam' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('cell', { name: 'Atim Joan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Payment' });
    expect(await within(drawer).findByText('Refunded', { selector: '.mantine-Badge-label' })).toBeVisible();
  });
});
