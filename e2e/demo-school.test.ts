import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMoney } from '@sente/contracts/format';
import { SHARING_MESSAGES, whatsappShareUrl } from '@sente/contracts/link-sharing';
import { NOTIFICATION_LABELS, NOTIFICATION_MESSAGES } from '@sente/contracts/notifications';
import { formatPhone, PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { PHONE_MESSAGES, PHONE_TEXT } from '@sente/contracts/phone-verification';
import { RECEIPT_LABELS, VIEW_RECEIPT } from '@sente/contracts/receipts';
import { REFUND_LABELS as L, REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_BUSINESS, DEMO_PIN, DEMO_USER } from '../apps/api/src/modules/demo/demo-data.ts';
import { lastTextedCode, readSmsOutbox, undoQuotedPrintable } from '../apps/api/src/testing/outbox.ts';
import { startSmtpReceiver } from '../apps/api/src/testing/smtp-receiver.ts';
import { signIn } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { decodeQr } from './support/qr.ts';
import { type RunningServer, startDemoServer } from './support/server.ts';
import { enterCode, enterDashboard, expectToast } from './support/ui.ts';

const SCHOOL = 'Kampala Parents School';
/** The demo owner's phone, as she types it in her profile, and as texts are addressed. */
const OWNER_PHONE = '0772 555 014';
const OWNER_MSISDN = '256772555014';
/** The demo's payments this file seeds (seed:demo): enough for the refund to search among, few enough to be quick. */
const DEMO_COLLECTIONS = '60';

/*
 * Two journeys on the demo school, one after the other on one server of their own: the demo is seeded into its fresh
 * DATA_DIR before it starts (the seed script opens the embedded database itself, decision 084), and every mail of this
 * server goes over SMTP to the receiver started here. Seeding it once serves both.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let browser: Browser;
let tokens: { accessToken: string; refreshToken: string };

/**
 * The desktop tab both journeys use, kept from step to step (each step opens its page afresh): a new browser context
 * and its first page cost Chromium about four times what a later page in the same tab does. Closing the browser
 * closes it.
 */
let desktop: Page | undefined;
const desktopTab = async () => (desktop ??= await newPage(browser, server.url));

/** The decoded text of the newest message over SMTP to this address whose subject starts so. */
const mailTo = (address: string, subject: string) => {
  const mail = smtp.received
    .filter((message) => message.to.includes(address) && message.raw.includes(`Subject: ${subject}`))
    .at(-1);
  return mail ? undoQuotedPrintable(mail.raw) : undefined;
};

/** The subject of the newest message over SMTP to this address. */
const lastSubjectTo = (address: string) =>
  /^Subject: (.*)$/m.exec(smtp.received.filter((message) => message.to.includes(address)).at(-1)?.raw ?? '')?.[1]?.trim();

async function call(pathname: string, body?: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: any; message?: string };
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
  return json.data;
}

// The seed runs in a process of its own before the server starts: longer than a hook's default.
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const [demo, launched] = await Promise.all([
    startDemoServer(DEMO_COLLECTIONS, {
      SMTP_URL: smtp.url,
      SIMULATOR_DELAY_MS: '300',
      // The refund's web hook receiver listens on 127.0.0.1.
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    }),
    launchBrowser(),
  ]);
  [server, browser] = [demo, launched];
  // The seed names where it wrote: the server's DATA_DIR.
  expect(demo.seeded).toContain(`from DATA_DIR ${server.dataDir}`);
  // The sign-in code arrives over SMTP, as every mail of this server does.
  tokens = await signIn(server, DEMO_USER.email, DEMO_USER.password, () =>
    vi.waitFor(() => {
      const found = mailTo(DEMO_USER.email, 'Your Sente sign-in code')?.match(/\b(\d{6})\b/)?.[1];
      if (!found) throw new Error('no sign-in code over SMTP yet');
      return found;
    }),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/**
 * The promise of alerts and receipts, end to end on the demo with mail over real SMTP: the school's owner proves her phone
 * and chooses to hear of each payment by e-mail and SMS; a parent pays the uniform link on a phone, and the alert
 * arrives by SMTP and as a text; the parent keeps the receipt (the page, printed, the till slip and the PDF); the fees
 * link's QR code decodes to its short link, which opens the link's page; its poster prints with the MoMo Pay and
 * Airtel merchant codes.
 */
describe('alerts, receipts and QR codes on the demo school, with mail over SMTP', () => {
  /** The receipt page the parent opened from the success screen. */
  let receiptUrl: string;

  it('the owner proves her phone with a texted code and chooses to hear of each payment by e-mail and SMS', async () => {
    const page = await desktopTab();
    await enterDashboard(page, tokens, '/profile');
    await page.getByLabel('Phone').fill(OWNER_PHONE);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: PHONE_TEXT.verify }).click();
    const modal = page.getByRole('dialog', { name: PHONE_TEXT.modalTitle });
    await modal.getByText(PHONE_TEXT.modalIntro, { exact: false }).waitFor();
    await expect.poll(() => readSmsOutbox(server.dataDir, OWNER_MSISDN).length).toBe(1);
    await expectAccessible(page, 'verify phone');
    await screenshot(page, 'alerts-1-verify-phone');
    // The sixth digit sends the code, as at sign-in.
    await enterCode(page, lastTextedCode(server.dataDir, OWNER_MSISDN));
    await expectToast(page, PHONE_MESSAGES.verified);
    await page.getByText(PHONE_TEXT.verified, { exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Notifications' });
    // The demo opted her in to payments by e-mail in test mode; she adds SMS.
    expect(await form.getByRole('checkbox', { name: NOTIFICATION_LABELS.payment_received }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: NOTIFICATION_LABELS.by_sms }).check();
    await form.getByRole('button', { name: /Save/ }).click();
    await expectToast(page, NOTIFICATION_MESSAGES.saved);
    expect(await call('/api/user/notifications')).toMatchObject({ payment_received: true, by_sms: true, test: true });
    await expectAccessible(page, 'profile with a verified phone and alerts');
    await screenshot(page, 'alerts-2-profile-notifications');
  });

  it('a parent pays the uniform link on a phone; the alert arrives by SMTP and as a text, and the receipt stays', async () => {
    const link = (await call('/api/payment-link')).items.find((item: { title: string }) => item.title === 'School uniform');
    const page = await newPage(browser, server.url, 'phone');
    await page.goto(`/pay/${link.ref}`);
    await page.getByLabel('Amount (UGX)').fill('85000');
    await page.getByLabel('Student name').fill('Esther Nakato');
    await page.getByLabel('Class').selectOption('P4');
    await page.getByLabel('Your name').fill('Joseph Nakato');
    await page.getByLabel('Mobile money number').fill('0772 123 456');
    await page.getByRole('button', { name: 'Pay UGX 85,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
    // A line of the success screen's receipt, read as the payer does: the value beside its term.
    const line = (term: string) =>
      page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd').textContent();
    expect(await line(RECEIPT_LABELS.amount)).toBe('UGX 85,000');
    expect(await line(RECEIPT_LABELS.paidTo)).toBe(SCHOOL);
    const reference = (await line(RECEIPT_LABELS.reference)) ?? '';
    expect(reference).toMatch(/^SNT[A-Z2-9]{12}$/);

    // The owner hears of it both ways, each naming the amount.
    await expect.poll(() => mailTo(DEMO_USER.email, 'Payment received'), { timeout: 20_000 }).toContain('UGX 85,000');
    await expect
      .poll(() => readSmsOutbox(server.dataDir, OWNER_MSISDN).map((text) => text.text), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining('UGX 85,000'));

    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: VIEW_RECEIPT }).click(),
    ]);
    await receipt.waitForLoadState();
    receiptUrl = receipt.url();
    expect(await receipt.getByRole('heading', { name: SCHOOL }).count()).toBe(1);
    for (const text of ['UGX 85,000', 'Joseph Nakato', 'Esther Nakato', 'P4', 'School uniform', reference]) {
      expect(await receipt.getByRole('cell', { name: text, exact: true }).count(), text).toBeGreaterThan(0);
    }
    await expectAccessible(receipt, 'receipt page on a phone');
    await receipt.emulateMedia({ media: 'print' });
    await screenshot(receipt, 'alerts-3-receipt-printed');
    await page.context().close();
  });

  it('the receipt prints as an A4 page, an 80 mm till slip and a PDF with the school logo', async () => {
    // Axe checked this page on a phone in the step before; here it is printed.
    const page = await desktopTab();
    await page.goto(receiptUrl);
    await page.getByRole('heading', { name: SCHOOL }).waitFor();
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'alerts-4-receipt-a4-printed');
    await page.goto(`${receiptUrl}?layout=slip`);
    await screenshot(page, 'alerts-5-receipt-till-slip');
    const pdf = await fetch(`${receiptUrl}?format=pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain('/Subtype /Image');
    // The tab goes on to the dashboard: back to the screen.
    await page.emulateMedia({ media: null });
  });

  it("the fees link's QR code decodes to its short link, which opens its page; the poster prints the merchant codes", async () => {
    const page = await desktopTab();
    await enterDashboard(page, tokens, '/payment-links');
    await page
      .getByRole('row', { name: /Term 1 fees/ })
      .getByRole('button', { name: 'QR code for Term 1 fees' })
      .click();
    const dialog = page.getByRole('dialog', { name: SHARING_MESSAGES.qrTitle('Term 1 fees') });
    const shortLink = dialog.getByText(/\/s\/[A-Za-z0-9]{7}$/);
    await expect.poll(() => shortLink.count()).toBe(1);
    const short = (await shortLink.textContent()) ?? '';
    const image = dialog.getByRole('img', { name: SHARING_MESSAGES.qrTitle('Term 1 fees') });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'QR code of a demo link');
    await screenshot(page, 'alerts-6-qr-modal');
    // The image the merchant sees, read from its pixels as a phone's camera would.
    const png = Buffer.from(await (await fetch(new URL((await image.getAttribute('src')) ?? '', server.url))).arrayBuffer());
    expect(await decodeQr(png)).toBe(short);
    expect(await dialog.getByRole('link', { name: SHARING_MESSAGES.shareWhatsApp }).getAttribute('href')).toBe(
      whatsappShareUrl('Term 1 fees', short),
    );
    const { ref } = (await call('/api/payment-link')).items.find((item: { title: string }) => item.title === 'Term 1 fees');
    const opened = await fetch(short, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe(`${server.url}/pay/${ref}`);

    // The poster in the same tab: a new one costs Chromium as much as a new context.
    const poster = page;
    await poster.goto(`${server.url}/posters/${ref}?size=a4`);
    await poster.getByRole('heading', { name: 'Term 1 fees' }).waitFor();
    expect(await poster.getByText(SHARING_MESSAGES.payWithMomo(DEMO_BUSINESS.momo_merchant_code)).count()).toBe(1);
    expect(await poster.getByText(SHARING_MESSAGES.payWithAirtel(DEMO_BUSINESS.airtel_merchant_code)).count()).toBe(1);
    expect(await poster.getByText(short).isVisible()).toBe(true);
    await expectAccessible(poster, 'A4 poster of a demo link');
    await poster.emulateMedia({ media: 'print' });
    await screenshot(poster, 'alerts-7-poster-a4-printed');
    await poster.emulateMedia({ media: null });
  });
});

/**
 * A refund (decision 053), on the same demo: the demo merchant finds one of the school's payments by the payer's phone
 * typed with spaces, opens it, refunds half with the wallet PIN and sees the refund in the payment's timeline (with its
 * webhook delivered) and in the wallet statement; then refunds the rest, after which no third refund can be made.
 */
describe('refunds: a demo payment found, opened, refunded half, then the rest', () => {
  let page: Page;
  let receiver: http.Server;
  const delivered: { type: string; data: { amount: number; collection_id?: string } }[] = [];
  /** The demo payment refunded: its id, amount, payer's e-mail and number. */
  let payment: {
    id: string;
    amount: number;
    transaction_id: string;
    msisdn: string;
    payer_email: string | null;
    customer: { names: string };
  };

  const drawer = () => page.getByRole('dialog', { name: 'Payment' });

  async function refund(amount: number, reason: string) {
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    await form.getByLabel(L.amount).fill(String(amount));
    await form.getByLabel(L.reason).fill(reason);
    await form.getByRole('button', { name: L.continue }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await confirm.getByLabel('Wallet PIN digit 1').click();
    await page.keyboard.type(DEMO_PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, R.started);
  }

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        delivered.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sente`;
    await call('/api/webhook/save-url', { collection_url: url, payment_url: url });
    // A successful MTN payment of the school with nothing refunded yet (the demo refunds its latest one itself).
    // One whose payer gave an e-mail (a digital item's buyer) when there is one, so the refund's receipt is seen too.
    const { items } = await call('/api/collections?status=successful&channel=MTN_UG');
    const details = await Promise.all(items.map((item: { id: string }) => call(`/api/collections/${item.id}`)));
    const unrefunded = details.filter((detail) => detail.refunds.length === 0);
    payment = unrefunded.find((detail) => detail.payer_email !== null) ?? unrefunded[0];
    page = await desktopTab();
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("finds the payment by the payer's phone typed with spaces and opens it", async () => {
    await enterDashboard(page, tokens, '/collections');
    const digits = payment.msisdn.slice(3);
    const typed = `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    expect(typed).toMatch(/^07\d{2} \d{3} \d{3}$/);
    const filter = page.getByRole('region', { name: 'Filter collections' });
    await filter.getByRole('searchbox', { name: 'Search' }).fill(typed);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(typed);
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: payment.transaction_id }).click();
    await drawer().getByText('Payment successful').first().waitFor();
    await drawer().getByRole('button', { name: L.refund }).waitFor();
  });

  it('refunds half with the PIN: the timeline shows it and its webhook delivered, the statement its line', async () => {
    const half = Math.floor(payment.amount / 2);
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    const opened = await call(`/api/collections/${payment.id}`);
    await form.getByText(R.feeNotReturned(opened.refundable, opened.fee)).waitFor();
    await expectAccessible(page, 'the refund form');
    await screenshot(page, 'refunds-1-form');
    await form.getByRole('button', { name: L.cancel }).click();

    await refund(half, 'Paid twice by mistake');
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(1);
    await drawer().getByText('Refund successful').waitFor();
    // The refund's webhook, delivered to the receiver and shown in the payment's timeline.
    const ours = () => delivered.filter((event) => event.type === 'refund.successful' && event.data.collection_id === payment.id);
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(1);
    expect(ours()[0]?.data).toMatchObject({ amount: half });
    await expect
      .poll(
        async () => {
          await page.reload();
          await drawer().getByText('Refund successful').waitFor();
          return drawer()
            .getByText(/refund\.successful to .* HTTP 204/)
            .count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    if (payment.payer_email) {
      const receipt = () => lastSubjectTo(payment.payer_email!);
      await expect.poll(receipt).toBe(`Refund: ${formatMoney(half)} from Kampala Parents School`);
    }
    await expectAccessible(page, 'a payment refunded in half');
    await screenshot(page, 'refunds-2-half-refunded');

    await page.keyboard.press('Escape');
    await page.goto('/settlements?view=statement');
    const statement = page.getByRole('table', { name: 'Statement' });
    const line = statement
      .getByRole('row')
      .filter({ hasText: `Refund to ${payment.customer.names} (${formatPhone(payment.msisdn)})` })
      .first();
    await line.getByText(formatMoney(half)).waitFor();
    await screenshot(page, 'refunds-3-statement');
  });

  it('refunds the rest; then no third refund can be made', async () => {
    await page.goto(`/collections?q=${payment.transaction_id}`);
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: payment.transaction_id }).click();
    await refund(payment.amount - Math.floor(payment.amount / 2), 'Order cancelled');
    await expect.poll(() => drawer().getByTestId('refund-blocked').textContent(), { timeout: 20_000 }).toBe(R.refundedInFull);
    expect(await drawer().getByRole('button', { name: L.refund }).count()).toBe(0);
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(2);
    // The server refuses a third, whatever the screen shows.
    const { pin_token } = await call('/api/wallet/verify_pin', { pin: DEMO_PIN });
    const third = await fetch(`${server.url}/api/collections/${payment.id}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1, reason: 'Again', pin_token }),
    });
    expect([third.status, ((await third.json()) as { message: string }).message]).toEqual([400, R.refundedInFull]);
    await expectAccessible(page, 'a payment refunded in full');
    await screenshot(page, 'refunds-4-refunded-in-full');
  });
});
