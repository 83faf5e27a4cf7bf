import path from 'node:path';
import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoQuotedPrintable } from '../../testing/outbox.ts';
import {
  createDigitalItem,
  createMerchant,
  createPaymentLink,
  type Merchant,
  PAYMENTS_ENV,
  pay,
  payId,
  paymentStatus,
} from '../../testing/payments.ts';
import { startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { createReplica, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SAMPLES } from '../../testing/upload-fixtures.ts';

const DAY_MS = 86_400_000;
/** Not the default (30), so the test proves the setting is read. */
const EMAIL_TTL_DAYS = 7;

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
/** Where the merchant signs up (its codes go to the outbox the test helpers read). */
let dashboard: TestApp;
/** The process the buyers pay through, on the same database and storage, mailing over SMTP. */
let t: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dashboard = await createTestApp(PAYMENTS_ENV);
  t = await createReplica(dashboard, {
    ...PAYMENTS_ENV,
    SMTP_URL: smtp.url,
    STORAGE_DIR: path.join(dashboard.dataDir, 'storage'),
    DOWNLOAD_EMAIL_LINK_TTL_DAYS: String(EMAIL_TTL_DAYS),
  });
  merchant = await createMerchant(dashboard, 'Auma Books');
});
afterAll(async () => {
  await t?.close();
  await dashboard?.close();
  await smtp?.close();
});

const sweep = () => t.app.services.jobs.runDue({});
const collectionsOf = (linkId: string) =>
  t.database.db.selectFrom('collections').select('id').where('link_id', '=', linkId).execute();

/** The download link in the newest mail the SMTP server received for this address, as a path with its query. */
function mailedDownloadPath(to: string): string | undefined {
  const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
  const url =
    mail &&
    /https?:\/\/\S+?(\/api\/public\/payments\/[\w-]+\/download\?expires=\d+&signature=[\w-]+)/.exec(
      undoQuotedPrintable(mail.raw),
    )?.[1];
  return url;
}

describe('a digital item bought without staying on the page', () => {
  it('is refused without an e-mail, with a message that says why, and nothing is charged', async () => {
    const item = await createDigitalItem(dashboard, merchant);
    const res = await pay(t, item.ref, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message: M.emailRequiredForDownload });
    expect(await collectionsOf(item.id)).toEqual([]);
    // A payment link still takes a payment without one.
    const link = await createPaymentLink(dashboard, merchant);
    expect((await pay(t, link.ref, {})).statusCode).toBe(201);
  });

  it('e-mails the download link over SMTP, valid for DOWNLOAD_EMAIL_LINK_TTL_DAYS, and the page says it was e-mailed', async () => {
    const item = await createDigitalItem(dashboard, merchant);
    const id = await payId(t, item.ref, { email: 'Atim.Buyer@Example.com' });
    await sweep();

    const paid = await paymentStatus(t, id);
    expect(paid.download_emailed).toBe(true);
    // The page's own link keeps its short life (DOWNLOAD_LINK_TTL_HOURS).
    expect(new Date(paid.download_expires_at!).getTime() - Date.now()).toBeLessThan(DAY_MS + 60_000);

    await expect.poll(() => mailedDownloadPath('atim.buyer@example.com')).toBeTruthy();
    const mailed = mailedDownloadPath('atim.buyer@example.com')!;
    expect(mailed.startsWith(`/api/public/payments/${id}/download?`)).toBe(true);
    const expires = Number(new URL(mailed, 'http://localhost').searchParams.get('expires')) * 1000;
    expect(Math.abs(expires - (Date.now() + EMAIL_TTL_DAYS * DAY_MS))).toBeLessThan(120_000);

    const download = await t.app.inject({ method: 'GET', url: mailed });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);

    const url = new URL(mailed, 'http://localhost');
    const query = { expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
    const lastMinute = await t.app.services.payments.download(id, query, new Date(expires - 60_000));
    lastMinute.stream.destroy();
    await expect(t.app.services.payments.download(id, query, new Date(expires + 1000))).rejects.toThrow(M.downloadExpired);
  });

  it('says nothing was e-mailed for a payment that is not a digital item', async () => {
    const link = await createPaymentLink(dashboard, merchant);
    const id = await payId(t, link.ref, { email: 'payer@example.com' });
    await sweep();
    expect((await paymentStatus(t, id)).download_emailed).toBeUndefined();
  });
});
