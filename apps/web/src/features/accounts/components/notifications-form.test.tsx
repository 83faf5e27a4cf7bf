import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_LABELS as L,
  NOTIFICATION_MESSAGES as N,
} from '@sente/contracts/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { ProfileRoute } from '../routes/profile.tsx';

async function renderNotifications(smsPhone: string | null) {
  const mine = { ...DEFAULT_NOTIFICATION_SETTINGS, sms_phone: smsPhone };
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ phone: smsPhone ? `+${smsPhone}` : null })),
    'GET /api/user/notifications': ok(mine),
    'POST /api/user/notifications': ({ body }) => ok({ ...mine, ...(body as object), payment_above: 50_000 }, N.saved),
  });
  const view = render(<ProfileRoute />, { path: '/profile' });
  await screen.findByRole('checkbox', { name: L.payment_received });
  const saves = () => api.sent('POST /api/user/notifications');
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Notifications' }));
  return { ...view, saves, save };
}

describe("the profile's notifications", () => {
  it('starts from nothing, by e-mail, live only, and saves the whole set with its amount', async () => {
    const { user, saves, save } = await renderNotifications('256772123456');
    expect(screen.getByRole('checkbox', { name: L.by_email })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: L.live })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: L.test })).not.toBeChecked();
    expect(screen.getByText('SMS go to +256 772 123 456; a daily summary only from 08:00 to 20:00.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: L.payment_received }));
    await user.type(screen.getByLabelText(L.payment_above), '50000');
    await user.click(screen.getByRole('checkbox', { name: L.by_sms }));
    await save();
    await expectToast(N.saved);
    expect(saves().map((request) => request.body)).toEqual([
      expect.objectContaining({ payment_received: true, payment_above: 50_000, by_email: true, by_sms: true, live: true }),
    ]);
  });

  it('refuses no channel and no mode under their fields, and sends nothing', async () => {
    const { user, saves, save } = await renderNotifications('256772123456');
    await user.click(screen.getByRole('checkbox', { name: L.by_email }));
    await user.click(screen.getByRole('checkbox', { name: L.live }));
    await save();
    expect(await screen.findByText(N.noChannel)).toBeInTheDocument();
    expect(screen.getByText(N.noMode)).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  it('without a Ugandan mobile, keeps SMS off and says what to do', async () => {
    await renderNotifications(null);
    expect(screen.getByRole('checkbox', { name: L.by_sms })).toBeDisabled();
    expect(screen.getByText(N.noPhone)).toBeInTheDocument();
  });
});
