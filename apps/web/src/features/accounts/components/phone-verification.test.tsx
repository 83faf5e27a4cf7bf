import { MESSAGES } from '@sente/contracts/messages';
import { NOTIFICATION_MESSAGES as N } from '@sente/contracts/notifications';
import { PHONE_MESSAGES, PHONE_TEXT as T } from '@sente/contracts/phone-verification';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { ProfileRoute } from '../routes/profile.tsx';

const PHONE = '+256772123456';
const CODE = '482913';
const NOTIFICATIONS = {
  payment_received: false,
  payment_above: null,
  daily_summary: false,
  payout_failed: false,
  refund_done: false,
  approval_needed: false,
  low_balance_below: null,
  by_email: true,
  by_sms: false,
  live: true,
  test: false,
};

/**
 * The profile with a phone, verified or not; the server takes CODE only, and texted the last code `sentSecondsAgo`
 * seconds before each send-code answer (or it answers `refusal`).
 */
function renderProfile({
  verified = false,
  phone = PHONE as string | null,
  sentSecondsAgo = 0,
  refusal = null as Answer | null,
} = {}) {
  let phoneVerified = verified;
  const api = stubApi({
    'GET /api/user/profile': () => ok(testUser({ phone, phone_verified: phoneVerified })),
    'GET /api/user/notifications': () => ok({ ...NOTIFICATIONS, sms_phone: phoneVerified ? PHONE.slice(1) : null }),
    'POST /api/user/phone/send-code': () =>
      refusal ?? ok({ last_code_sent_at: new Date(Date.now() - sentSecondsAgo * 1000).toISOString() }, PHONE_MESSAGES.codeSent),
    'POST /api/user/phone/verify': ({ body }) => {
      if ((body as { code: string }).code !== CODE) {
        return fail(400, MESSAGES.codeWrong, [MESSAGES.codeWrong], { code: MESSAGES.codeWrong });
      }
      phoneVerified = true;
      return ok(null, PHONE_MESSAGES.verified);
    },
  });
  return { ...render(<ProfileRoute />, { path: '/profile' }), api };
}

const typeCode = async (user: ReturnType<typeof renderProfile>['user'], code: string) => {
  const dialog = screen.getByRole('dialog', { name: T.modalTitle });
  await user.type(within(dialog).getByLabelText('Code digit 1'), code);
  return dialog;
};

describe("the profile's phone verification (decision 070)", () => {
  it('texts a code, says a wrong one under the boxes and empties them, then shows Verified', async () => {
    const { user, api } = renderProfile();
    await user.click(await screen.findByRole('button', { name: T.verify }));
    await expectToast(PHONE_MESSAGES.codeSent);
    const dialog = await screen.findByRole('dialog', { name: T.modalTitle });
    expect(within(dialog).getByText('+256 772 123 456')).toBeInTheDocument();
    await typeCode(user, '111111');
    expect(await within(dialog).findByText(MESSAGES.codeWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code digit 1')).toHaveValue('');
    expect(api.sent('POST /api/user/phone/verify').map((request) => request.body)).toEqual([{ code: '111111' }]);

    await typeCode(user, CODE);
    await expectToast(PHONE_MESSAGES.verified);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(T.verified)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.verify })).not.toBeInTheDocument();
    // The Notifications section now offers SMS to the verified phone.
    expect(await screen.findByText('SMS go to +256 772 123 456; a daily summary only from 08:00 to 20:00.')).toBeInTheDocument();
  });

  it('asks for the whole code before sending it', async () => {
    const { user, api } = renderProfile();
    await user.click(await screen.findByRole('button', { name: T.verify }));
    const dialog = await screen.findByRole('dialog', { name: T.modalTitle });
    await user.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(within(dialog).getByText(MESSAGES.otpRequired)).toBeInTheDocument();
    await typeCode(user, '4829');
    await user.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(within(dialog).getByText(MESSAGES.codeFormat)).toBeInTheDocument();
    expect(api.sent('POST /api/user/phone/verify')).toEqual([]);
  });

  it('offers a new code only once the 50 seconds since the last have passed', async () => {
    const fresh = renderProfile();
    await fresh.user.click(await screen.findByRole('button', { name: T.verify }));
    const dialog = await screen.findByRole('dialog', { name: T.modalTitle });
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^You can ask for a new code in (49|50) s$/);
    expect(within(dialog).queryByRole('button', { name: T.resend })).not.toBeInTheDocument();
    fresh.unmount();

    const old = renderProfile({ sentSecondsAgo: 60 });
    await old.user.click(await screen.findByRole('button', { name: T.verify }));
    const later = await screen.findByRole('dialog', { name: T.modalTitle });
    await old.user.click(within(later).getByRole('button', { name: T.resend }));
    await waitFor(() => expect(old.api.sent('POST /api/user/phone/send-code')).toHaveLength(2));
  });

  it("shows the server's refusal to text the phone, and no modal", async () => {
    const { user } = renderProfile({ phone: '+254712345678', refusal: fail(400, PHONE_MESSAGES.notUgandanMobile) });
    await user.click(await screen.findByRole('button', { name: T.verify }));
    await expectToast(PHONE_MESSAGES.notUgandanMobile);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Verified for a verified phone, and nothing without a phone', async () => {
    const verified = renderProfile({ verified: true });
    expect(await screen.findByText(T.verified)).toBeInTheDocument();
    verified.unmount();
    renderProfile({ phone: null });
    expect(await screen.findByText(N.noPhone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.verify })).not.toBeInTheDocument();
    expect(screen.queryByText(T.verified)).not.toBeInTheDocument();
  });
});
