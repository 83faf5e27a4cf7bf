import { DEVELOPER_MESSAGES as M } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { TEST_API_KEYS, testUser } from '../../../testing/test-user.ts';
import { expectToast, toastMessages } from '../../../testing/toasts.ts';
import { ApiKeysRoute } from './api-keys.tsx';

const NEW_KEYS = {
  test_key: 'sk_test_NewNewNewNewNewNewNewNewNewNewNewNew00',
  production_key: 'sk_live_NewNewNewNewNewNewNewNewNewNewNewNew00',
  encryption_key: 'whsec_bmV3IHNpZ25pbmcgc2VjcmV0IG9mIDMyIGJ5dGVzIQ==',
};

function renderPage({ user = testUser(), generate = ok(NEW_KEYS, M.keysGenerated) } = {}) {
  const api = stubApi({ 'GET /api/user/profile': ok(user), 'POST /api/keys/generate': generate });
  const view = render(<ApiKeysRoute />, { path: '/api-keys' });
  const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
  return { ...view, api, field };
}

describe('Api Keys', () => {
  it('shows the Test Key, Live Key and Encryption Key whole and read-only', async () => {
    const { field } = renderPage();
    await screen.findByRole('textbox', { name: 'Test Key' });
    expect(field('Test Key').value).toBe(TEST_API_KEYS.test_key);
    expect(field('Live Key').value).toBe(TEST_API_KEYS.production_key);
    expect(field('Encryption Key').value).toBe(TEST_API_KEYS.encryption_key);
    for (const label of ['Test Key', 'Live Key', 'Encryption Key']) expect(field(label)).toHaveAttribute('readonly');
  });

  it("copies each key with its Copy button, saying 'Copied'", async () => {
    vi.stubGlobal('isSecureContext', true);
    const { user } = renderPage();
    for (const [label, key] of [
      ['Test Key', TEST_API_KEYS.test_key],
      ['Live Key', TEST_API_KEYS.production_key],
      ['Encryption Key', TEST_API_KEYS.encryption_key],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: `Copy ${label}` }));
      await expectToast(MESSAGES.copied);
      expect(await navigator.clipboard.readText()).toBe(key);
    }
  });

  it('asks first, saying the old keys stop working; Cancel generates nothing', async () => {
    const { user, api } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate New Keys' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTitle });
    expect(within(dialog).getByText(M.generateConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/keys/generate')).toEqual([]);
  });

  it("generates on confirmation: 'Keys Generated', and the fields show the new keys", async () => {
    const { user, api, field } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate New Keys' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Generate New Keys' }));
    await expectToast(M.keysGenerated);
    expect(api.sent('POST /api/keys/generate')).toHaveLength(1);
    await waitFor(() => expect(field('Test Key').value).toBe(NEW_KEYS.test_key));
    expect(field('Live Key').value).toBe(NEW_KEYS.production_key);
    expect(field('Encryption Key').value).toBe(NEW_KEYS.encryption_key);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the keys shown and toasts the server's message when generating is refused", async () => {
    const { user, field } = renderPage({ generate: fail(403, MESSAGES.forbiddenForRole) });
    await user.click(await screen.findByRole('button', { name: 'Generate New Keys' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate New Keys' }));
    await expectToast(MESSAGES.forbiddenForRole);
    expect(toastMessages()).not.toContain(M.keysGenerated);
    expect(field('Test Key').value).toBe(TEST_API_KEYS.test_key);
  });

  it('tells a member whose keys the server cannot read to generate new ones', async () => {
    const user = testUser({
      account: { api_keys: { active_environment: 'test', test_key: null, production_key: null, encryption_key: null } },
    });
    renderPage({ user });
    expect(await screen.findByText(M.keysUnreadable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Test Key' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate New Keys' })).toBeEnabled();
  });

  it('links the API reference and the OpenAPI document, which the API serves itself, with a call to copy', async () => {
    renderPage();
    const reference = await screen.findByRole('link', { name: 'API reference' });
    expect(reference).toHaveAttribute('href', '/docs');
    expect(screen.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute('href', '/v1/openapi.json');
    expect(screen.getByText(/\/v1\/balance -H "Authorization: Bearer <your test key>"/)).toBeInTheDocument();
  });

  it('shows members without the right a message and no keys', async () => {
    const user = testUser({
      current_role: 'operations',
      account: { api_keys: { active_environment: 'test', test_key: null, production_key: null, encryption_key: null } },
    });
    const { api } = renderPage({ user });
    await waitFor(() => expect(api.sent('GET /api/user/profile').length).toBeGreaterThan(0));
    expect(await screen.findByText(M.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate New Keys' })).toBeNull();
  });
});
