import { formatCalendarKey } from '@sente/contracts/format';
import { MESSAGES } from '@sente/contracts/messages';
import type { DashboardStats } from '@sente/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { stubChartSize } from '../../../testing/chart-size.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { DashboardRoute } from './dashboard.tsx';

/** How long the lazily loaded chart may take to appear the first time. */
const CHART_LOAD_MS = 15_000;

const week: DashboardStats = {
  period: '7d',
  keys: ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'],
  data: [0, 250_000, 0, 1_200_000, 0, 0, 50_000],
  data_usd: [0, 0, 1_500, 0, 0, 0, 0],
  groupSumByChannel: { MTN_UG: 1_250_000, AIRTEL: 250_000 },
  total: 1_500_000,
  total_usd: 1_500,
};

const months = ['2025-12', ...Array.from({ length: 11 }, (_, month) => `2026-${String(month + 1).padStart(2, '0')}`)];
const year: DashboardStats = {
  ...week,
  period: '12m',
  keys: months,
  data: months.map((_, month) => month * 100_000),
  data_usd: months.map(() => 0),
};

const emptyPage = { items: [], lastCursor: null, nextCursor: null, totalItems: 0, totalPages: 0 };

function renderDashboard({ usdSandBox = 0, profile = testUser() as unknown }: { usdSandBox?: number; profile?: unknown } = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(profile),
    'GET /api/wallet/usd': ok({ current_balance: 0, current_balance_sand_box: usdSandBox }),
    'GET /api/collections': ok(emptyPage),
    'GET /api/reports/dashboard-stats': (request) => {
      const period = new URL(request.path, 'http://sente.test').searchParams.get('period');
      return ok(period === '12m' ? year : { ...week, period });
    },
  });
  return { ...render(<DashboardRoute />, { path: '/dashboard' }), api };
}

beforeEach(() => stubChartSize());

describe('Overview transactions chart', () => {
  it("draws 'Received UGX' and leaves 'Received USD' out while the USD wallet is empty", async () => {
    const { api } = renderDashboard({ usdSandBox: 0 });
    const table = await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    expect(within(table).getByRole('columnheader', { name: 'Received UGX' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Received USD' })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Nov 20 UGX 1,200,000' })).toBeInTheDocument();
    // The chart is a lazy chunk (recharts): its first import can take seconds on a loaded machine.
    expect(
      await screen.findByText('Received UGX', { selector: '.recharts-legend-wrapper *' }, { timeout: CHART_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Received USD')).not.toBeInTheDocument();
    expect(api.sent('GET /api/reports/dashboard-stats').map((request) => request.path)).toEqual([
      '/api/reports/dashboard-stats?period=7d',
    ]);
  });

  it("adds 'Received USD' beside 'Received UGX' once the USD wallet holds money", async () => {
    renderDashboard({ usdSandBox: 2_500 });
    const table = await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    expect(within(table).getByRole('columnheader', { name: 'Received USD' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Nov 19 UGX 0 USD 15' })).toBeInTheDocument();
    expect(
      await screen.findByText('Received USD', { selector: '.recharts-legend-wrapper *' }, { timeout: CHART_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByText('Received UGX', { selector: '.recharts-legend-wrapper *' })).toBeInTheDocument();
    expect(screen.getByTestId('usd-balance')).toHaveTextContent('USD 25');
  });

  it('switching the period asks for that period', async () => {
    const { api, user } = renderDashboard();
    await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days');
    await screen.findByRole('table', { name: 'Transactions, last 30 days' });
    expect(api.sent('GET /api/reports/dashboard-stats').map((request) => request.path)).toEqual([
      '/api/reports/dashboard-stats?period=7d',
      '/api/reports/dashboard-stats?period=30d',
    ]);
  });

  it('labels every month of the last 12 months, none skipped', async () => {
    const { user, container } = renderDashboard();
    await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    await screen.findByRole('table', { name: 'Transactions, last 12 months' });
    const monthLabels = () =>
      [...container.querySelectorAll('text.recharts-cartesian-axis-tick-value[orientation="bottom"]')].map(
        (tick) => tick.textContent,
      );
    await waitFor(() => expect(monthLabels()).toEqual(months.map(formatCalendarKey)), { timeout: CHART_LOAD_MS });
  });

  it('keeps the wallet balance, transfers and recent collections beside the chart', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('UGX 0');
    expect(screen.getByRole('link', { name: 'Go to transfers' })).toHaveAttribute('href', '/settlements');
    expect(await screen.findByText(MESSAGES.noCollectionsYet)).toBeInTheDocument();
  });

  it('shows the balance as plain text under its heading, not as a paragraph styled as one (axe p-as-heading)', async () => {
    renderDashboard();
    const balance = await screen.findByTestId('wallet-balance');
    expect(balance.tagName).not.toBe('P');
    expect(screen.getByRole('heading', { name: /^Wallet balance/ })).toBeInTheDocument();
  });

  it('names every way money leaves on the Transfers card: bank, Sente account, mobile money and batches', async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Transfers' });
    expect(card).toHaveTextContent(
      'Send money from your wallet to your bank, to another Sente account or to mobile money, one payout at a time or in batches from a sheet.',
    );
  });
});

describe('Overview before the first account', () => {
  it("asks for nothing and shows no 'Could not load' behind the create-account dialog", async () => {
    const { api } = renderDashboard({
      profile: { ...testUser(), current_account: null, current_role: null, staff_profiles: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeVisible();
    expect(screen.getByText(/once you have a business account/)).toBeVisible();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/user/profile']);
  });
});

describe('profile-completion ring', () => {
  const ring = async () => within(await screen.findByRole('region', { name: 'Profile completion' }));
  const base = testUser();
  const withBusinessDetails = (approved: boolean) => ({
    ...base,
    current_account: {
      ...base.current_account,
      is_approved: approved,
      business_details: {
        business_name: 'Kampala Crafts Ltd',
        business_industry: 'Retail' as const,
        business_phone: '+256772123456',
        business_email: 'hello@kampalacrafts.ug',
        country: 'Uganda' as const,
        city: 'Kampala',
        address_1: 'Plot 12, Kampala Road',
        reg_date: '2021-03-15',
        address_2: null,
        certificate_url: null,
      },
    },
  });

  // The profile always carries business_details: null until they are saved.
  it('is at 60% without business details', async () => {
    renderDashboard({ profile: { ...base, current_account: { ...base.current_account, business_details: null } } });
    expect((await ring()).getByText('60%')).toBeInTheDocument();
    expect((await ring()).getByRole('link', { name: 'Business details' })).toHaveAttribute('href', '/business-details');
  });

  it('is at 90% once business details exist', async () => {
    renderDashboard({ profile: withBusinessDetails(false) });
    expect((await ring()).getByText('90%')).toBeInTheDocument();
  });

  it('is at 100% once the account is approved', async () => {
    renderDashboard({ profile: withBusinessDetails(true) });
    expect((await ring()).getByText('100%')).toBeInTheDocument();
  });
});

describe('Overview by role (the UI hides what a role cannot do)', () => {
  it('shows a User no Transfers card and no Profile completion card', async () => {
    renderDashboard({ profile: testUser({ current_role: 'user' }) });
    await screen.findByRole('table', { name: 'Transactions, last 7 days' });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('UGX 0');
    expect(screen.queryByRole('region', { name: 'Transfers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to transfers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile completion' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Business details' })).not.toBeInTheDocument();
  });

  it('shows Operations the Transfers card, not the Profile completion card', async () => {
    renderDashboard({ profile: testUser({ current_role: 'operations' }) });
    expect(await screen.findByRole('link', { name: 'Go to transfers' })).toHaveAttribute('href', '/settlements');
    expect(screen.queryByRole('region', { name: 'Profile completion' })).not.toBeInTheDocument();
  });
});
