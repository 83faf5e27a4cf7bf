import { DEVELOPER_MESSAGES as M, type WebhookUrls, webhookUrlsInput } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { WEBHOOK_DELIVERY_MESSAGES as DELIVERY_MESSAGES } from '@sente/contracts/webhook-deliveries';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { WebhooksRoute } from './webhooks.tsx';

const COLLECTIONS = 'Collections web hook URL';
const NO_DELIVERIES = { items: [], lastCursor: null, nextCursor: null, totalItems: 0, totalPages: 0 };
const PAYMENTS = 'Payments web hook URL';

type Setup = { user?: ReturnType<typeof testUser>; saved?: WebhookUrls; save?: Answer };

function renderPage({ user = testUser(), saved = { collection_url: null, payment_url: null }, save }: Setup = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(user),
    'GET /api/webhook': ok(saved),
    'GET /api/webhook/deliveries': ok(NO_DELIVERIES),
    // Answers as the server does: the URLs as the contract writes them.
    'POST /api/webhook/save-url': save ?? ((request) => ok(webhookUrlsInput.parse(request.body), M.webhooksUpdated)),
  });
  const view = render(<WebhooksRoute />, { path: '/webhooks' });
  const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
  const saveChanges = async () => view.user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  return { ...view, api, field, saveChanges };
}

const LIVE = testUser({
  account: {
    is_approved: true,
    api_keys: { ...testUser().current_account!.api_keys, active_environment: 'production' },
  },
});

describe('Web Hooks', () => {
  it('shows the saved URLs (empty where none is set) and the hint that live mode needs https', async () => {
    const { field } = renderPage({ saved: { collection_url: 'https://hooks.example.com/c', payment_url: null } });
    await screen.findByRole('textbox', { name: COLLECTIONS });
    expect(field(COLLECTIONS).value).toBe('https://hooks.example.com/c');
    expect(field(PAYMENTS).value).toBe('');
    expect(screen.getByText(M.httpsHint)).toBeInTheDocument();
  });

  it('shows the recent deliveries below the URL fields, saying nothing is sent while no URL is set', async () => {
    renderPage();
    const heading = await screen.findByRole('heading', { name: DELIVERY_MESSAGES.title });
    expect(await screen.findByText(DELIVERY_MESSAGES.emptyNoUrl)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' }).compareDocumentPosition(heading)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("saves both URLs with 'Webhooks Updated', an empty one as none, and shows them as saved", async () => {
    const { user, enter, api, field, saveChanges } = renderPage({
      saved: { collection_url: null, payment_url: 'https://old.example.com/p' },
    });
    await enter(await screen.findByRole('textbox', { name: COLLECTIONS }), '  https://Hooks.Example.com  ');
    await user.clear(field(PAYMENTS));
    await screen.findByText(DELIVERY_MESSAGES.empty);
    const logReads = api.sent('GET /api/webhook/deliveries').length;
    await saveChanges();
    await expectToast(M.webhooksUpdated);
    expect(api.sent('POST /api/webhook/save-url').map((request) => request.body)).toEqual([
      { collection_url: 'https://hooks.example.com/', payment_url: null },
    ]);
    // The log is read again: a destination's 'No URL' deliveries are listed only while it has a URL.
    await waitFor(() => expect(api.sent('GET /api/webhook/deliveries').length).toBe(logReads + 1));
    await waitFor(() => expect(field(COLLECTIONS).value).toBe('https://hooks.example.com/'));
    expect(field(PAYMENTS).value).toBe('');
  });

  it('shows the rule under a URL that is not a full http(s) address, and sends nothing', async () => {
    const { enter, api, field, saveChanges } = renderPage();
    await enter(await screen.findByRole('textbox', { name: COLLECTIONS }), 'hooks.example.com');
    await enter(field(PAYMENTS), 'https://dev:secret@hooks.example.com/p');
    await saveChanges();
    await waitFor(() => expect(errorOf(field(COLLECTIONS))).toBe(M.urlInvalid('Collections')));
    expect(errorOf(field(PAYMENTS))).toBe(M.urlCredentials('Payments'));
    expect(api.sent('POST /api/webhook/save-url')).toEqual([]);
  });

  it('takes http:// in test mode', async () => {
    const { enter, api, saveChanges } = renderPage();
    await enter(await screen.findByRole('textbox', { name: COLLECTIONS }), 'http://hooks.example.com/c');
    await saveChanges();
    await expectToast(M.webhooksUpdated);
    expect(api.sent('POST /api/webhook/save-url')).toHaveLength(1);
  });

  it('refuses http:// in live mode under the field, and sends nothing', async () => {
    const { user, enter, api, field, saveChanges } = renderPage({ user: LIVE });
    await enter(await screen.findByRole('textbox', { name: PAYMENTS }), 'http://hooks.example.com/p');
    await saveChanges();
    await waitFor(() => expect(errorOf(field(PAYMENTS))).toBe(M.httpsRequired('Payments')));
    expect(errorOf(field(COLLECTIONS))).toBeNull();
    expect(api.sent('POST /api/webhook/save-url')).toEqual([]);
    await user.clear(field(PAYMENTS));
    await enter(field(PAYMENTS), 'https://hooks.example.com/p');
    await saveChanges();
    await expectToast(M.webhooksUpdated);
  });

  it("shows each of the server's refusals under its URL, naming ALLOW_PRIVATE_WEBHOOKS for a local host", async () => {
    const refusals = [M.addressNotPublic('Collections', 'localhost'), M.hostNotFound('Payments', 'nowhere.example')];
    const { enter, field, saveChanges } = renderPage({ save: fail(400, refusals[0]!, refusals) });
    await enter(await screen.findByRole('textbox', { name: COLLECTIONS }), 'http://localhost:4000/c');
    await enter(field(PAYMENTS), 'https://nowhere.example/p');
    await saveChanges();
    await expectToast(refusals[0]!);
    await waitFor(() => expect(errorOf(field(COLLECTIONS))).toBe(refusals[0]));
    expect(errorOf(field(COLLECTIONS))).toContain('ALLOW_PRIVATE_WEBHOOKS=true');
    expect(errorOf(field(PAYMENTS))).toBe(refusals[1]);
    expect(screen.queryByText(M.saveFailed)).toBeNull();
    expect(field(COLLECTIONS).value).toBe('http://localhost:4000/c');
  });

  it('lists a refusal about no URL in particular under the form', async () => {
    const { enter, field, saveChanges } = renderPage({ save: fail(500, MESSAGES.somethingWentWrong) });
    await enter(await screen.findByRole('textbox', { name: COLLECTIONS }), 'https://hooks.example.com/c');
    await saveChanges();
    const alert = (await screen.findByText(M.saveFailed)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('listitem').textContent).toBe(MESSAGES.somethingWentWrong);
    expect(errorOf(field(COLLECTIONS))).toBeNull();
  });

  it('shows members without the right a message, and reads no URLs', async () => {
    const { api } = renderPage({ user: testUser({ current_role: 'customer_support' }) });
    expect(await screen.findByText(M.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.sent('GET /api/webhook')).toEqual([]);
    expect(api.sent('GET /api/webhook/deliveries')).toEqual([]);
  });

  it('offers to try again when the URLs cannot be read', async () => {
    stubApi({
      'GET /api/user/profile': ok(testUser()),
      'GET /api/webhook': fail(500, MESSAGES.somethingWentWrong),
      'GET /api/webhook/deliveries': ok(NO_DELIVERIES),
    });
    render(<WebhooksRoute />, { path: '/webhooks' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
