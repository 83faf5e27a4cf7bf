import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@sente/contracts/messages';
import { WEBHOOK_DELIVERY_MESSAGES as D } from '@sente/contracts/webhook-deliveries';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

type Delivery = { headers: http.IncomingHttpHeaders; body: string };

/**
 * A merchant's developer copies the API keys, regenerates them (the old test key is refused by the
 * API at once), sets the web hook URLs and sends a test event that arrives signed with the encryption key and shows
 * in the delivery log.
 */
describe('developers: API keys, web hook URLs and a test event', () => {
  let session: MerchantSession;
  let receiver: http.Server;
  let receiverUrl: string;
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    session = await startMerchantSession('developers', 'Entebbe Outfitters');
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        deliveries.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sente`;
  });
  afterAll(async () => {
    await session?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const profileKeys = async () => (await session.api('/api/user/profile')).data.current_account.api_keys;
  const balanceWith = (key: string) => fetch(`${session.server.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });

  it('copies each key and regenerates them; the old test key stops working at once', async () => {
    const { page } = session;
    await enterDashboard(page, session.tokens, '/api-keys');
    const before = await profileKeys();
    await expect.poll(() => page.getByRole('textbox', { name: 'Test Key' }).inputValue()).toBe(before.test_key);
    expect(await page.getByRole('textbox', { name: 'Live Key' }).inputValue()).toBe(before.production_key);
    expect(await page.getByRole('textbox', { name: 'Encryption Key' }).inputValue()).toBe(before.encryption_key);
    expect(before.test_key).toMatch(/^sk_test_/);
    expect(before.production_key).toMatch(/^sk_live_/);
    expect(before.encryption_key).toMatch(/^whsec_/);
    await expectAccessible(page, 'api keys');
    await screenshot(page, 'developers-1-api-keys');

    await page.getByRole('button', { name: 'Copy Test Key' }).click();
    await expectToast(page, MESSAGES.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before.test_key);
    await page.getByRole('button', { name: 'Copy Encryption Key' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(before.encryption_key);
    expect((await balanceWith(before.test_key)).status).toBe(200);

    await page.getByRole('button', { name: 'Generate New Keys' }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
    await expect.poll(() => confirm.getByText(/stop working/).count()).toBe(1);
    await expectAccessible(page, 'generate keys: confirm');
    await screenshot(page, 'developers-2-confirm');
    await confirm.getByRole('button', { name: 'Generate New Keys' }).click();
    await expectToast(page, 'Keys Generated');
    const after = await profileKeys();
    expect(after.test_key).not.toBe(before.test_key);
    await expect.poll(() => page.getByRole('textbox', { name: 'Test Key' }).inputValue()).toBe(after.test_key);
    expect((await balanceWith(before.test_key)).status).toBe(401);
    expect((await balanceWith(after.test_key)).status).toBe(200);
  });

  it('saves the web hook URLs and sends a signed test event that shows in the delivery log', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Web Hooks' }).click();
    await page.getByLabel('Collections web hook URL').fill('not a url');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText(/valid|URL/i).count()).toBeGreaterThan(0);
    await page.getByLabel('Collections web hook URL').fill(receiverUrl);
    await page.getByLabel('Payments web hook URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Webhooks Updated');
    expect((await session.api('/api/webhook')).data).toEqual({ collection_url: receiverUrl, payment_url: receiverUrl });

    await page.getByRole('button', { name: D.sendTestEvent }).click();
    await expectToast(page, D.testEventQueued);
    // A test event goes to each URL that is set: here both are the receiver.
    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBe(2);
    const { encryption_key } = await profileKeys();
    for (const delivery of deliveries) {
      const event = new Webhook(encryption_key.slice('whsec_'.length)).verify(delivery.body, {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      }) as { type: string; environment: string };
      expect(event).toMatchObject({ type: 'test.event', environment: 'test' });
    }
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect
      .poll(async () => {
        await page.reload();
        await log.waitFor();
        return log.getByRole('row').filter({ hasText: 'Delivered' }).count();
      })
      .toBe(2);
    expect(await log.getByRole('row').filter({ hasText: 'test.event' }).first().getByText('204').count()).toBe(1);
    // Every column, Resend included, fits a 1,280 px screen: nothing to scroll sideways.
    const frame = page.getByRole('region', { name: 'Webhook deliveries table' });
    expect(await frame.evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'web hooks with the delivery log');
    await screenshot(page, 'developers-3-webhooks');
  });
});
