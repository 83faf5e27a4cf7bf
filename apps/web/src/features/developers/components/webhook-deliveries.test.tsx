import type { WebhookUrls } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { WEBHOOK_DELIVERY_MESSAGES as M, type WebhookDelivery } from '@sente/contracts/webhook-deliveries';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, type SentRequest, stubApi } from '../../../testing/api-stub.ts';

type Reply = Answer | ((request: SentRequest) => Answer);

import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '8b0c2f8e-0d5e-4f1b-9a43-1c2d3e4f5a60',
  type: 'collection.successful',
  destination: 'collection_url',
  status: 'delivered',
  attempts: 1,
  last_response_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: '2026-11-24T07:05:01.000Z',
  created_at: '2026-11-24T07:05:00.000Z',
  ...overrides,
});

const DELIVERED = delivery({});
const RETRYING = delivery({
  id: '2f6a1d3c-5b7e-4c9d-8e0f-a1b2c3d4e5f6',
  type: 'payout.successful',
  destination: 'payment_url',
  status: 'pending',
  attempts: 2,
  last_response_code: 503,
  last_error: 'Answered 503',
  // 21:30 UTC is 00:30 the next day in Kampala.
  next_attempt_at: '2026-11-24T21:30:00.000Z',
  delivered_at: null,
  created_at: '2026-11-24T21:00:00.000Z',
});
const NO_URL = delivery({
  id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  type: 'test.event',
  destination: 'payment_url',
  status: 'skipped',
  last_response_code: null,
  last_error: M.noUrlSet('Payments'),
  delivered_at: null,
});

const page = (items: WebhookDelivery[], more = false) =>
  ok({
    items,
    lastCursor: more ? 'c1' : null,
    nextCursor: more ? 'c1' : null,
    totalItems: more ? 21 : items.length,
    totalPages: more ? 2 : 1,
  });

const URLS = { collection_url: 'https://shop.example/hooks/collections', payment_url: 'https://shop.example/hooks/payments' };

function renderLog(replies: { list?: Reply; resend?: Answer; testEvent?: Answer; urls?: WebhookUrls } = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    'GET /api/webhook': ok(replies.urls ?? URLS),
    'GET /api/webhook/deliveries': replies.list ?? page([RETRYING, DELIVERED, NO_URL]),
    [`POST /api/webhook/deliveries/${DELIVERED.id}/resend`]:
      replies.resend ?? ok({ ...DELIVERED, status: 'pending' }, M.deliveryQueued),
    'POST /api/webhook/test-event': replies.testEvent ?? {
      status: 201,
      body: { status: 'success', message: M.testEventQueued, data: [] },
    },
  });
  const view = render(<WebhookDeliveries />, { path: '/webhooks' });
  return { ...view, api };
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
  return within(table).getAllByRole('row').slice(1);
};

describe('Webhook deliveries below the URL fields', () => {
  it('lists each delivery: event, status, attempts, last response and the next try in Kampala time', async () => {
    renderLog();
    const [retrying, delivered, noUrl] = (await rows()) as [HTMLElement, HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    expect(cells(retrying).slice(0, 6)).toEqual([
      'payout.successfulto the Payments URL',
      'Pending',
      '2',
      '503Answered 503',
      'Nov 25, 2026 0:30',
      'Nov 25, 2026 0:00',
    ]);
    expect(cells(delivered).slice(0, 6)).toEqual([
      'collection.successfulto the Collections URL',
      'Delivered',
      '1',
      '200',
      '—',
      'Nov 24, 2026 10:05',
    ]);
    expect(cells(noUrl).slice(1, 4)).toEqual(['No URL', '1', `—${M.noUrlSet('Payments')}`]);
  });

  it("resends a delivery with 'Delivery queued' and reads the log again", async () => {
    const { user, api } = renderLog();
    const [, delivered] = (await rows()) as [HTMLElement, HTMLElement];
    await user.click(within(delivered).getByRole('button', { name: /^Resend collection\.successful/ }));
    await expectToast(M.deliveryQueued);
    expect(api.sent(`POST /api/webhook/deliveries/${DELIVERED.id}/resend`)).toHaveLength(1);
    await waitFor(() => expect(api.sent('GET /api/webhook/deliveries').length).toBeGreaterThanOrEqual(2));
  });

  it("sends a test event with 'Test event queued', and says what to do when no URL is set", async () => {
    const first = renderLog();
    await first.user.click(await screen.findByRole('button', { name: M.sendTestEvent }));
    await expectToast(M.testEventQueued);
    expect(first.api.sent('POST /api/webhook/test-event')).toHaveLength(1);
    first.unmount();

    const refused = renderLog({ list: page([]), testEvent: fail(400, M.noUrlForTestEvent) });
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    await refused.user.click(screen.getByRole('button', { name: M.sendTestEvent }));
    await expectToast(M.noUrlForTestEvent);
  });

  it('says, while no URL is set, that nothing is sent until one is', async () => {
    const first = renderLog({ list: page([]), urls: { collection_url: null, payment_url: null } });
    expect(await screen.findByText(M.emptyNoUrl)).toBeInTheDocument();
    expect(screen.queryByText(M.empty)).not.toBeInTheDocument();
    first.unmount();

    renderLog({ list: page([]), urls: { ...URLS, collection_url: null } });
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it('loads more deliveries with the cursor, and offers to try again when the log cannot be read', async () => {
    const { user, api } = renderLog({
      list: (request) => (request.path.includes('cursor=') ? page([RETRYING]) : page([DELIVERED], true)),
    });
    expect(await rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(api.sent('GET /api/webhook/deliveries').map((request) => request.path)).toContain('/api/webhook/deliveries?cursor=c1');

    stubApi({ 'GET /api/user/profile': ok(testUser()), 'GET /api/webhook/deliveries': fail(500, MESSAGES.somethingWentWrong) });
    render(<WebhookDeliveries />, { path: '/webhooks' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
