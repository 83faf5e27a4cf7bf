import type { Account } from '@sente/contracts/accounts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useProfile } from '../../../lib/profile.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { FirstSteps } from './first-steps.tsx';
import { ProfileCompletionCard } from './profile-completion-card.tsx';

/**
 * The panel as the Overview holds it, under a line that shows once the profile (and so the role) has loaded, above the
 * Profile completion card.
 */
function Overview({ account }: { account: Account }) {
  const { data: user } = useProfile();
  return (
    <>
      {user && <p>Signed in as {user.current_role}</p>}
      <FirstSteps account={account} />
      <ProfileCompletionCard account={account} />
    </>
  );
}

const page = (totalItems: number) => ({ items: [], lastCursor: null, nextCursor: null, totalItems, totalPages: 0 });

function renderSteps({
  account = {},
  links = 0,
  testPayments = 0,
  role = 'owner' as const,
}: {
  account?: Partial<Account>;
  links?: number;
  testPayments?: number;
  role?: 'owner' | 'developer';
} = {}) {
  const user = { ...testUser({ account }), current_role: role };
  const api = stubApi({
    'GET /api/user/profile': ok(user),
    'GET /api/payment-link': ok(page(links)),
    'GET /api/donation-link': ok(page(0)),
    'GET /api/donation-link/get_digital_items': ok(page(0)),
    'GET /api/collections': ok(page(testPayments)),
  });
  return { ...render(<Overview account={user.current_account!} />, { path: '/dashboard' }), api };
}

const SAVED_DETAILS: Account['business_details'] = {
  business_name: 'Kampala Crafts Ltd',
  business_industry: 'Retail',
  business_email: 'info@kampalacrafts.example',
  business_phone: '+256772123456',
  reg_date: '2021-03-15',
  country: 'Uganda',
  city: 'Kampala',
  address_1: 'Plot 12, Kampala Road',
  address_2: null,
  certificate_url: null,
};
const BANK = { bank_name: 'Stanbic', account_number: '9030012345678', account_name: 'Kampala Crafts Ltd' };

const stepsList = async () => within(await screen.findByRole('region', { name: 'First steps' })).getByRole('list');
const stepNames = async () =>
  within(await stepsList())
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => localStorage.clear());

describe('first steps on the Overview', () => {
  it('offers a new merchant the six steps, each a way to the screen that does it', async () => {
    renderSteps();
    const list = await stepsList();
    expect(screen.getByText(/0 of 6 done/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Create a link' })).toHaveAttribute('href', '/new-payment-link');
    expect(within(list).getByRole('link', { name: 'Make a test payment' })).toHaveAttribute('href', '/payment-links');
    expect(within(list).getByRole('link', { name: 'Add your business details' })).toHaveAttribute('href', '/business-details');
    expect(within(list).getByRole('link', { name: 'Add your bank details' })).toHaveAttribute(
      'href',
      '/business-details?tab=bank',
    );
    expect(within(list).getByText(/^Get approved for live payments/)).toBeInTheDocument();
    expect(within(list).getByText(/^Go live/)).toBeInTheDocument();
  });

  it('ticks each step from what the account has: a link, a successful test payment, business and bank details', async () => {
    const { api } = renderSteps({
      links: 1,
      testPayments: 3,
      account: { business_details: SAVED_DETAILS, bank_details: [BANK] },
    });
    expect(await screen.findByText(/4 of 6 done/)).toBeInTheDocument();
    const names = await stepNames();
    expect(names.filter((name) => name?.includes('(done)'))).toHaveLength(4);
    expect(names.find((name) => name?.startsWith('Go live'))).toContain('(to do)');
    // The test payments counted are the successful ones.
    expect(api.sent('GET /api/collections').map((request) => request.path)).toEqual(['/api/collections?status=successful']);
  });

  it('hides itself for good once the merchant closes it', async () => {
    const { user } = renderSteps();
    await user.click(await screen.findByRole('button', { name: 'Hide first steps' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull());
    expect(localStorage.getItem('sente.firstSteps.3f1c2a4e-8b7d-4c61-9e0a-5d2b7c8e9f10')).toBe('dismissed');
  });

  it('is gone once every step is done, and asks nothing when it was put away before', async () => {
    const live = { api_keys: { ...testUser().current_account!.api_keys, active_environment: 'production' as const } };
    const { api } = renderSteps({
      links: 2,
      account: { ...live, is_approved: true, business_details: SAVED_DETAILS, bank_details: [BANK] },
    });
    await waitFor(() => expect(localStorage.getItem('sente.firstSteps.3f1c2a4e-8b7d-4c61-9e0a-5d2b7c8e9f10')).toBe('done'));
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    expect(api.sent('GET /api/payment-link')).toHaveLength(1);
  });

  it('counts what the Profile completion ring counts, the same way: business details, then the approval', async () => {
    const ring = () => screen.getByRole('region', { name: 'Profile completion' });
    const stepOf = async (label: string) => (await stepNames()).find((name) => name?.startsWith(label));

    renderSteps();
    expect(await stepOf('Add your business details')).toContain('(to do)');
    expect(await stepOf('Get approved for live payments')).toContain('(to do)');
    expect(ring()).toHaveTextContent('60%');
    cleanup();

    renderSteps({ account: { business_details: SAVED_DETAILS } });
    expect(await stepOf('Add your business details')).toContain('(done)');
    expect(await stepOf('Get approved for live payments')).toContain('(to do)');
    expect(ring()).toHaveTextContent('90%');
    cleanup();

    // Approved, still in test mode: the ring is full, and the step to go live says the approval is there.
    renderSteps({ account: { business_details: SAVED_DETAILS, is_approved: true } });
    expect(await stepOf('Get approved for live payments')).toContain('(done)');
    expect(await stepOf('Go live')).toContain('(to do)');
    expect(ring()).toHaveTextContent('100%');
    expect(within(await stepsList()).getByText(/^Your account is approved: turn Test mode off/)).toBeInTheDocument();
  });

  it('can be shown again from the Profile completion card once closed, with the focus on it', async () => {
    const { user } = renderSteps();
    await user.click(await screen.findByRole('button', { name: 'Hide first steps' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull());
    const ring = screen.getByRole('region', { name: 'Profile completion' });
    await user.click(within(ring).getByRole('button', { name: 'Show first steps' }));
    const steps = await screen.findByRole('region', { name: 'First steps' });
    await waitFor(() => expect(within(steps).getByRole('heading', { name: 'First steps' })).toHaveFocus());
    expect(localStorage.getItem('sente.firstSteps.3f1c2a4e-8b7d-4c61-9e0a-5d2b7c8e9f10')).toBeNull();
    expect(within(ring).queryByRole('button', { name: 'Show first steps' })).toBeNull();
  });

  it('is not offered to a member who cannot do the steps', async () => {
    const { api } = renderSteps({ role: 'developer' });
    await screen.findByText('Signed in as developer');
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    expect(api.sent('GET /api/payment-link')).toEqual([]);
  });
});
