import { SHARING_MESSAGES as S } from '@sente/contracts/link-sharing';
import type { PaymentLink } from '@sente/contracts/links';
import { MESSAGES } from '@sente/contracts/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, okSpec, type Reply, stubApi, unreachable } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast } from '../../../testing/toasts.ts';
import { PaymentLinkActions } from '../payment-links/components/payment-link-actions.tsx';
import { QrCodeButton } from './link-actions.tsx';

const SHORT = 'https://sente.example/s/Ab3dE7x';
const LINK = { ref: 'fees2026ab', title: 'School fees', url: 'https://sente.example/pay/fees2026ab' };

async function openModal(answer: Reply = okSpec({ short_url: SHORT }, undefined, { short_url: SHORT })) {
  const api = stubApi({ 'POST /api/payment-link/shorten_url': answer });
  const view = render(<QrCodeButton link={LINK} />);
  await view.user.click(screen.getByRole('button', { name: 'QR code for School fees' }));
  const modal = within(await screen.findByRole('dialog', { name: S.qrTitle('School fees') }));
  return { ...view, api, modal };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
});

describe('the QR code action of a link', () => {
  it('shows the QR image of the link, its short link, the PNG download and the poster in the chosen size', async () => {
    const { modal, user, api } = await openModal();
    expect(modal.getByRole('img', { name: S.qrTitle('School fees') })).toHaveAttribute(
      'src',
      '/api/public/links/fees2026ab/qr.png',
    );
    expect(await modal.findByText(SHORT)).toBeVisible();
    expect(api.requests.at(-1)?.body).toEqual({ long_url: LINK.url });
    const download = modal.getByRole('link', { name: S.downloadPng });
    expect(download).toHaveAttribute('href', '/api/public/links/fees2026ab/qr.png');
    expect(download).toHaveAttribute('download', 'fees2026ab-qr.png');
    const poster = modal.getByRole('link', { name: S.printPoster });
    expect(poster).toHaveAttribute('href', '/posters/fees2026ab?size=a4');
    expect(poster).toHaveAttribute('target', '_blank');
    await user.click(modal.getByText('A5'));
    expect(poster).toHaveAttribute('href', '/posters/fees2026ab?size=a5');
  });

  it('shares to WhatsApp with the title and the short link, and copies the short link', async () => {
    vi.stubGlobal('isSecureContext', true);
    const { modal, user } = await openModal();
    const whatsapp = await modal.findByRole('link', { name: S.shareWhatsApp });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`School fees\n${SHORT}`)}`);
    expect(modal.queryByRole('button', { name: S.share })).toBeNull();
    await user.click(modal.getByRole('button', { name: S.copyLink }));
    await expectToast(MESSAGES.copied);
    expect(await navigator.clipboard.readText()).toBe(SHORT);
  });

  it("offers the phone's share sheet where the browser has one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { modal, user } = await openModal();
    await user.click(await modal.findByRole('button', { name: S.share }));
    expect(share).toHaveBeenCalledWith({ title: 'School fees', text: 'School fees', url: SHORT });
  });

  it("says the server's reason when the short link cannot be made, and still offers the QR code and the poster", async () => {
    const { modal } = await openModal(fail(429, MESSAGES.tooManyRequests));
    expect(await modal.findByText(MESSAGES.tooManyRequests)).toBeVisible();
    expect(modal.queryByText(S.shortLinkFailed)).toBeNull();
    expect(modal.getByRole('link', { name: S.printPoster })).toBeVisible();
    expect(modal.queryByRole('link', { name: S.shareWhatsApp })).toBeNull();
  });

  it('says the short link could not be made when no answer came', async () => {
    const { modal } = await openModal(() => unreachable());
    expect(await modal.findByText(S.shortLinkFailed)).toBeVisible();
  });
});

describe('the QR code action of a disabled link', () => {
  const DISABLED: PaymentLink = {
    id: 'link-1',
    ref: LINK.ref,
    title: 'School fees',
    description: null,
    extra_fields: [],
    created_at: '2026-12-01T09:00:00.000Z',
    collections_total: 0,
    amount: 25_000,
    fixed_amount: true,
    redirect_url: null,
    is_disabled: true,
  };

  it('is marked disabled, says why, and opens no QR code or poster', async () => {
    stubApi({});
    const { user } = render(<PaymentLinkActions link={DISABLED} canManage />);
    const action = screen.getByRole('button', { name: S.qrOff('School fees') });
    expect(action).toHaveAttribute('aria-disabled', 'true');
    await user.hover(action);
    expect(await screen.findByText(S.qrOffReason)).toBeVisible();
    await user.click(action);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('link', { name: S.printPoster })).toBeNull();
  });

  it('opens for the same link enabled', async () => {
    stubApi({ 'POST /api/payment-link/shorten_url': okSpec({ short_url: SHORT }, undefined, { short_url: SHORT }) });
    const { user } = render(<PaymentLinkActions link={{ ...DISABLED, is_disabled: false }} canManage />);
    await user.click(screen.getByRole('button', { name: 'QR code for School fees' }));
    expect(await screen.findByRole('dialog', { name: S.qrTitle('School fees') })).toBeVisible();
  });
});
