import type { StaffRole } from '@sente/contracts/constants';
import {
  PAYOUT_RULE_LABELS as L,
  MAX_RULE_AMOUNT,
  type PayoutRules,
  PAYOUT_RULE_MESSAGES as R,
} from '@sente/contracts/payout-rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { PayoutRulesView } from './payout-rules-view.tsx';

const RULES: PayoutRules = {
  per_payout_cap: 1_000_000,
  daily_cap: null,
  member_daily_cap: null,
  approval_threshold: 250_000,
  updated_at: '2026-11-29T06:00:00.000Z',
};

async function renderRules({ role = 'owner', saved }: { role?: StaffRole; saved?: Answer } = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    'GET /api/payout-rules': ok(RULES),
    'POST /api/payout-rules': saved ?? ok({ ...RULES, daily_cap: 5_000_000, per_payout_cap: null }, R.saved),
  });
  const view = render(<PayoutRulesView />, { path: '/settlements?view=rules' });
  const field = (label: string) => screen.getByLabelText(label);
  await waitFor(() => expect(field(L.per_payout_cap)).toHaveValue('1,000,000'));
  const saves = () => api.sent('POST /api/payout-rules');
  return { ...view, api, field, saves };
}

describe('payout rules', () => {
  it('shows the rules, off as empty, and saves the whole set, empty meaning off', async () => {
    const { user, field, saves } = await renderRules();
    expect(field(L.daily_cap)).toHaveValue('');
    expect(field(L.approval_threshold)).toHaveValue('250,000');
    await user.clear(field(L.per_payout_cap));
    await user.type(field(L.daily_cap), '5000000');
    expect(field(L.daily_cap)).toHaveValue('5,000,000');
    await user.click(screen.getByRole('button', { name: 'Save Payout Rules' }));
    await expectToast(R.saved);
    expect(saves().map((request) => request.body)).toEqual([
      { per_payout_cap: 0, daily_cap: 5_000_000, member_daily_cap: 0, approval_threshold: 250_000 },
    ]);
  });

  it('refuses a fraction or an amount above the largest, under its field, and sends nothing', async () => {
    const { user, field, saves } = await renderRules();
    await user.type(field(L.member_daily_cap), '1500.5');
    await user.clear(field(L.approval_threshold));
    await user.type(field(L.approval_threshold), String(MAX_RULE_AMOUNT + 1));
    await user.click(screen.getByRole('button', { name: 'Save Payout Rules' }));
    await waitFor(() => expect(errorOf(field(L.approval_threshold))).toBe(R.invalid(L.approval_threshold)));
    expect(errorOf(field(L.member_daily_cap))).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names", async () => {
    const message = R.invalid(L.daily_cap);
    const { user, field } = await renderRules({ saved: fail(400, message, [message], { daily_cap: message }) });
    await user.type(field(L.daily_cap), '1000');
    await user.click(screen.getByRole('button', { name: 'Save Payout Rules' }));
    await waitFor(() => expect(errorOf(field(L.daily_cap))).toBe(message));
  });

  it('is read-only for a member who is not an owner or administrator, saying why', async () => {
    const { field } = await renderRules({ role: 'operations' });
    expect(screen.getByText(R.readOnly)).toBeVisible();
    expect(field(L.per_payout_cap)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Payout Rules' })).toBeNull();
  });
});
