import { formatCalendarKey } from '@sente/contracts/format';
import type { ReportPeriod } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type SentRequest, stubApi } from '../../../testing/api-stub.ts';
import { stubChartSize } from '../../../testing/chart-size.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { ReportsRoute } from './reports.tsx';

const byPeriod: Record<ReportPeriod, DashboardStats> = {
  '7d': {
    period: '7d',
    keys: ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'],
    data: [0, 250_000, 0, 1_200_000, 0, 0, 50_000],
    data_usd: [0, 0, 0, 0, 0, 0, 0],
    groupSumByChannel: { MTN_UG: 1_250_000, AIRTEL: 250_000 },
    total: 1_500_000,
    total_usd: 0,
  },
  '30d': {
    period: '30d',
    keys: Array.from(
      { length: 30 },
      (_, day) => `2026-${day < 6 ? '10' : '11'}-${String(day < 6 ? 26 + day : day - 5).padStart(2, '0')}`,
    ),
    data: Array.from({ length: 30 }, (_, day) => (day === 29 ? 3_000_000 : 100_000)),
    data_usd: Array.from({ length: 30 }, () => 0),
    groupSumByChannel: { MTN_UG: 4_000_000, AIRTEL: 1_800_000 },
    total: 5_900_000,
    total_usd: 0,
  },
  '12m': {
    period: '12m',
    keys: [
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ],
    data: [0, 0, 0, 0, 0, 0, 1_000_000, 2_000_000, 0, 4_000_000, 8_000_000, 1_234_567],
    data_usd: Array.from({ length: 12 }, () => 0),
    groupSumByChannel: { MTN_UG: 10_000_000, AIRTEL: 6_234_567 },
    total: 16_234_567,
    total_usd: 0,
  },
};

const nothing: DashboardStats = {
  ...byPeriod['7d'],
  data: byPeriod['7d'].data.map(() => 0),
  groupSumByChannel: { MTN_UG: 0, AIRTEL: 0 },
  total: 0,
};

const periodOf = (request: SentRequest) => new URL(request.path, 'http://sente.test').searchParams.get('period') as ReportPeriod;

function renderReports(stats: (request: SentRequest) => ReturnType<typeof ok> = (request) => ok(byPeriod[periodOf(request)])) {
  const api = stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/reports/dashboard-stats': stats });
  const view = render(<ReportsRoute />, { path: '/reports' });
  const periods = () => api.sent('GET /api/reports/dashboard-stats').map((request) => request.path);
  return { ...view, api, periods };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

beforeEach(() => stubChartSize());

describe('Reports: the Collections card', () => {
  it('shows the last 7 days by day, as a table of figures, and the doughnut by channel with its total', async () => {
    const { periods } = renderReports();
    const byDay = await screen.findByRole('table', { name: 'Collections by day, last 7 days' });
    expect(rowsOf(byDay)).toEqual([
      'Nov 17UGX 0',
      'Nov 18UGX 250,000',
      'Nov 19UGX 0',
      'Nov 20UGX 1,200,000',
      'Nov 21UGX 0',
      'Nov 22UGX 0',
      'Nov 23UGX 50,000',
    ]);
    const byChannel = screen.getByRole('table', { name: 'Collections by channel, last 7 days' });
    expect(rowsOf(byChannel)).toEqual(['MTNUGX 1,250,000', 'AIRTELUGX 250,000', 'TotalUGX 1,500,000']);
    // The table is the doughnut's legend: each channel's row carries the colour of its slice.
    const swatches = [...byChannel.querySelectorAll('tbody th span[aria-hidden]')].map(
      (swatch) => (swatch as HTMLElement).style.background,
    );
    expect(swatches).toEqual(['var(--mantine-color-yellow-5)', 'var(--mantine-color-red-7)']);
    expect(screen.getByTestId('doughnut-total')).toHaveTextContent('UGX 1,500,000');
    expect(screen.getByTestId('collections-total')).toHaveTextContent('UGX 1,500,000');
    // A figure, not a paragraph styled as a heading (axe p-as-heading).
    expect(screen.getByTestId('collections-total').tagName).not.toBe('P');
    expect(periods()).toEqual(['/api/reports/dashboard-stats?period=7d']);
  });

  it('switching the period refetches with ?period= and shows that period’s figures', async () => {
    const { user, periods } = renderReports();
    await screen.findByRole('table', { name: 'Collections by day, last 7 days' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    const byMonth = await screen.findByRole('table', { name: 'Collections by month, last 12 months' });
    expect(rowsOf(byMonth)).toHaveLength(12);
    expect(rowsOf(byMonth).at(0)).toBe('Dec 2025UGX 0');
    expect(rowsOf(byMonth).at(-1)).toBe('Nov 2026UGX 1,234,567');
    expect(rowsOf(screen.getByRole('table', { name: 'Collections by channel, last 12 months' }))).toEqual([
      'MTNUGX 10,000,000',
      'AIRTELUGX 6,234,567',
      'TotalUGX 16,234,567',
    ]);
    expect(screen.getByTestId('doughnut-total')).toHaveTextContent('UGX 16,234,567');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days');
    const byDay = await screen.findByRole('table', { name: 'Collections by day, last 30 days' });
    expect(rowsOf(byDay)).toHaveLength(30);
    expect(rowsOf(byDay).at(-1)).toBe('Nov 24UGX 3,000,000');
    expect(screen.getByTestId('doughnut-total')).toHaveTextContent('UGX 5,800,000');
    expect(screen.getByTestId('collections-total')).toHaveTextContent('UGX 5,900,000');
    expect(screen.getByText('Card payments (UGX 100,000) count in the total received, not in the doughnut.')).toBeVisible();

    expect(periods()).toEqual([
      '/api/reports/dashboard-stats?period=7d',
      '/api/reports/dashboard-stats?period=12m',
      '/api/reports/dashboard-stats?period=30d',
    ]);
  });

  it('labels every month of the 12-month bar chart, none skipped', async () => {
    const { user, container } = renderReports();
    await screen.findByRole('table', { name: 'Collections by day, last 7 days' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    await screen.findByRole('table', { name: 'Collections by month, last 12 months' });
    const monthLabels = () =>
      [...container.querySelectorAll('text.recharts-cartesian-axis-tick-value[orientation="bottom"]')].map(
        (tick) => tick.textContent,
      );
    await waitFor(() => expect(monthLabels()).toEqual(byPeriod['12m'].keys.map(formatCalendarKey)));
    expect(monthLabels()).toHaveLength(12);
  });

  it('draws the bar chart and the doughnut', async () => {
    const { container } = renderReports();
    await screen.findByRole('table', { name: 'Collections by day, last 7 days' });
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
    expect(container.querySelectorAll('.recharts-pie-sector')).toHaveLength(2);
  });

  it('says so when nothing came in over the period, and keeps the period picker', async () => {
    renderReports(() => ok(nothing));
    expect(await screen.findByText('No collections in this period yet')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('7d');
  });

  it("shows the API's message when the report cannot load", async () => {
    renderReports(() => fail(400, 'The period must be 7d, 30d or 12m'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The period must be 7d, 30d or 12m');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
