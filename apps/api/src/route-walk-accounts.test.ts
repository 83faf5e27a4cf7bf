/**
 * Every route that takes an id, a ref, a code, a storage path, an account id or number or a sign-in
 * identifier (in its path, query or body), called by a signed-in owner with another account's values. The routes come
 * from the app's own route table (decision 085). An account's route or the merchant API's with a path parameter is
 * called with the victim's ids from PARAMS (one entry per parameter, by its path) and must answer 404; every other route
 * that takes anything (a path parameter, a query or body field in its catalogue entry) must be classified below (CASES,
 * or NO_REFERENCE with why). A new route fails the first test until its parameters have an entry or it is classified,
 * so none is silently skipped. No answer may carry the victim's identifying values
 * (unless the route is public by design, listed with why), no victim value may get a 2xx that acts on it, nothing of
 * the victim may change, and nothing of the owner may end up pointing at the victim.
 */
import { randomUUID } from 'node:crypto';
import { internationalPhone } from '@sente/contracts/accounts';
import { ROUTES as CATALOGUE, type RouteSchemas } from '@sente/contracts/routes';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from './app.ts';
import { newBatch, rowsOf } from './testing/batches.ts';
import { get, post } from './testing/http.ts';
import { DIGITAL_ITEM, DONATION_LINK, digitalItemWith, type OwnFiles, PAYMENT_LINK, uploadOwnFiles } from './testing/links.ts';
import { apiKeysOf } from './testing/merchant-api.ts';
import { lastCode, lastMessage, lastTextedCode, readOutbox } from './testing/outbox.ts';
import { createDonationLink, createPaymentLink, type Merchant, payId, paymentStatus } from './testing/payments.ts';
import { SAMPLE_BODIES, type SampleContext } from './testing/route-samples.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import {
  fundWallet,
  PIN,
  p2p,
  payout,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  WALLET_ENV,
} from './testing/transfers.ts';
import { createNamedMerchant, moneySnapshot, readWorkbook, switchAccount } from './testing/transfers-more.ts';
import { SAMPLES, uploadPath } from './testing/upload-fixtures.ts';
import { bearer, createAccount, PASSWORD, signIn } from './testing/users.ts';

const SITE = 'https://pay.sente.test';
/** No limit may hide an answer behind a 429 here. */
const UNLIMITED = {
  ...WALLET_ENV,
  PUBLIC_URL: SITE,
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  SHORTEN_RATE_LIMIT_PER_MINUTE: '1000000',
  V1_RATE_LIMIT_PER_MINUTE: '1000000',
};

/** What identifies the victim: none of it may reach the owner, except where a route is public by design. */
const VICTIM_KEYS = [
  'userId',
  'email',
  'firstname',
  'lastname',
  'phone',
  'accountId',
  'accountName',
  'accountNumber',
  'annexId',
  'annexName',
  'annexNumber',
  'bankAccountNumber',
  'bankAccountName',
  'paymentLinkId',
  'paymentLinkRef',
  'paymentLinkTitle',
  'donationId',
  'donationRef',
  'donationTitle',
  'itemId',
  'itemRef',
  'itemTitle',
  'imagePath',
  'itemImagePath',
  'logoPath',
  'certificatePath',
  'certificateName',
  'productPath',
  'productName',
  'attachmentPath',
  'attachmentName',
  'paymentId',
  'itemPaymentId',
  'payerNames',
  'payerPhone',
  'payerEmail',
  'customerId',
  'transferId',
  'settlementId',
  'webhookEventId',
  'refundId',
  'batchId',
  'batchRowId',
  'batchReference',
  'complianceFileId',
  'memberId',
] as const;
type VictimKey = (typeof VICTIM_KEYS)[number];

const VICTIM_PIN = '97531';
const VICTIM_PHONE = '0700111999';
const VICTIM_PAYER = { names: 'Nakimuli Birungi', phone: '0782555111', email: 'nakimuli.birungi@example.com' };
const VICTIM_BANK = { bank_name: 'Centenary Bank', account_number: '3100777555333', account_name: 'Kigezi Fabrics Ltd' };

let t: TestApp;
/** The caller: Mukono Hardware, with a second account of its own (Mukono Annex) to send money to. */
let owner: Merchant;
/** Kigezi Fabrics: everything the walk aims at. Its owner signed up after the owner's. */
let victim: Merchant;
/** The victim's identifying values. */
let v: Record<VictimKey, string>;
/** The victim's other values a request can carry: a PIN token, the cursors of its lists, a short code. */
let vx: { pinToken: string; cursors: Record<string, string>; shortCode: string; pinResetCode: string; phoneCode: string };
/** The owner's own values, for the controls and for the requests that point the owner's records at a file. */
let o: {
  annexId: string;
  files: OwnFiles;
  logo: string;
  certificate: string;
  /** `expires=…&signature=…` of a signed link to the owner's own certificate. */
  certificateQuery: string;
  /** The owner's own payment link attachment (decision 034), on its payment link. */
  attachment: string;
  paymentLink: { id: string; ref: string };
  donation: { id: string; ref: string };
  item: { id: string; ref: string };
  itemPaymentId: string;
  /** `expires=…&signature=…` of the download of the owner's own paid digital item. */
  downloadQuery: string;
};

type Body = Record<string, unknown>;

function must(res: { statusCode: number; body: string }, step: string, status = 200) {
  if (res.statusCode !== status) throw new Error(`${step} answered ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body);
}

/** The digital item form's extra field, as a buyer fills it in. */
const DEDICATION = [{ label: 'Dedication', value: 'For Mum' }];

const queryOf = (url: string) => url.slice(url.indexOf('?') + 1);
/** A stored file's name, `<uuid>.<ext>`: how a pay page opens an attachment. */
const storedName = (path: string) => path.split('/').pop() ?? path;

async function setUpOwner() {
  const annexId = await createAccount(t, owner.accessToken, 'Mukono Annex');
  // The annex became current on creation; the walk works in the first account.
  await switchAccount(t, owner, owner.accountId);
  await fundWallet(t, owner, 500_000);
  await setPin(t, owner);
  await saveBankDetails(t, owner);
  ownBatch = (await newBatch(t, owner, [['0772456780', 5_000, 'Mukono Porter', 'MP-1']], 'Mukono porters')).id;
  const files = await uploadOwnFiles(t, owner);
  const [logo, certificate, attachment] = await Promise.all([
    uploadPath(t, owner.accessToken, { bytes: SAMPLES.png, name: 'mukono-logo.png' }, 'companylogos'),
    uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'mukono-certificate.pdf' }, 'certificates'),
    uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'mukono-price-list.pdf' }, 'attachments'),
  ]);
  must(await post(t, owner, '/api/sente-account/update-logo', { company_logo: logo }), 'update-logo');
  const signed = must(await get(t, owner, `/api/files/signed-url?path=${certificate}`), 'signed-url').data.url;
  const paymentLink = await createPaymentLink(t, owner, { attachments: [attachment] });
  const donation = await createDonationLink(t, owner, { image: files.image });
  const item = must(await post(t, owner, '/api/donation-link/create_digital_item', digitalItemWith(files)), 'item', 201).data;
  const itemPaymentId = await payId(t, item.ref, { email: 'item.buyer@example.com', extra_data: DEDICATION });
  await t.app.services.payments.settle(itemPaymentId, { status: 'successful', message: null });
  const download = (await paymentStatus(t, itemPaymentId)).download_url;
  if (!download) throw new Error("the owner's paid item has no download");
  // Its receipt went out, as if long ago: the control of the receipt's resend (at most once a minute) may send another.
  // The receipt goes after the settlement's commit: on a loaded machine that can take more than waitFor's default second.
  await vi.waitFor(async () => {
    const aged = await t.database.db
      .updateTable('collection_events')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where('collection_id', '=', itemPaymentId)
      .where('kind', '=', 'receipt_sent')
      .executeTakeFirst();
    expect(aged.numUpdatedRows).toBe(1n);
  }, 10_000);
  o = {
    annexId,
    files,
    logo,
    certificate,
    certificateQuery: queryOf(signed),
    attachment,
    paymentLink,
    donation,
    item,
    itemPaymentId,
    downloadQuery: queryOf(download),
  };
}

async function setUpVictim() {
  const annexId = await createAccount(t, victim.accessToken, 'Kigezi Annex');
  // The annex became current on creation; the walk works in the first account.
  await switchAccount(t, victim, victim.accountId);
  must(
    await post(t, victim, '/api/user/update-profile', { firstname: 'Victoria', lastname: 'Ssewankambo', phone: VICTIM_PHONE }),
    'update-profile',
  );
  must(await post(t, victim, '/api/sente-account/update-bank-details', VICTIM_BANK), 'update-bank-details');
  await setPin(t, victim, VICTIM_PIN);
  const upload = (bytes: Buffer, name: string, folder: string) => uploadPath(t, victim.accessToken, { bytes, name }, folder);
  const [imagePath, itemImagePath, logoPath, certificatePath, productPath, attachmentPath] = await Promise.all([
    upload(SAMPLES.png, 'kigezi-banner.png', 'uploads'),
    upload(SAMPLES.png, 'kigezi-cover.png', 'uploads'),
    upload(SAMPLES.png, 'kigezi-logo.png', 'companylogos'),
    upload(SAMPLES.pdf, 'kigezi-certificate.pdf', 'certificates'),
    upload(SAMPLES.pdf, 'kigezi-weaving-guide.pdf', 'products'),
    upload(SAMPLES.pdf, 'kigezi-price-list.pdf', 'attachments'),
  ]);
  must(await post(t, victim, '/api/sente-account/update-logo', { company_logo: logoPath }), 'update-logo');
  const paymentLink = await createPaymentLink(t, victim, {
    title: 'Kigezi tuition',
    fixed_amount: false,
    attachments: [attachmentPath],
  });
  const donation = await createDonationLink(t, victim, { title: 'Kigezi borehole', image: imagePath });
  const item = must(
    await post(t, victim, '/api/donation-link/create_digital_item', {
      ...DIGITAL_ITEM,
      title: 'Kigezi weaving guide',
      image: itemImagePath,
      file: productPath,
    }),
    'item',
    201,
  ).data;

  // Money in, from a payer of the victim's own, on the payment link and the digital item.
  const paymentId = await payId(t, paymentLink.ref, { ...VICTIM_PAYER, amount: 300_000 });
  const itemPaymentId = await payId(t, item.ref, { ...VICTIM_PAYER, extra_data: DEDICATION });
  for (const id of [paymentId, itemPaymentId]) {
    await t.app.services.payments.settle(id, { status: 'successful', message: null });
  }
  // Money out: a wallet transfer to the victim's own annex (never to the owner, whose lists must stay free of the
  // victim) and a settlement to the bank.
  const transfer = must(
    await p2p(t, victim, { accountId: annexId }, 5000, { token: await pinToken(t, victim, VICTIM_PIN) }),
    'p2p',
    201,
  ).data;
  const settlement = must(
    await requestSettlement(t, victim, 10_000, { token: await pinToken(t, victim, VICTIM_PIN) }),
    'settlement',
    201,
  ).data;
  const short = must(await post(t, victim, '/api/shorten_url', { long_url: `${SITE}/pay/${paymentLink.ref}` }), 'shorten');
  // A refund of part of the payment to its payer (decision 053), left pending: no worker runs here.
  const refund = must(
    await post(
      t,
      victim,
      `/api/collections/${paymentId}/refund`,
      { amount: 20_000, reason: 'Wrong colour', pin_token: await pinToken(t, victim, VICTIM_PIN) },
      { 'idempotency-key': randomUUID() },
    ),
    'refund',
    201,
  ).data;

  // A draft payout batch of the victim's weavers (decision 066).
  const batch = await newBatch(t, victim, [['0772456789', 25_000, 'Kigezi Weaver', 'KW-1']], 'Kigezi weavers November');
  const [batchRow] = await rowsOf(t, victim, batch.id);

  // A compliance document (its certificate) saved to the account.
  must(
    await post(t, victim, '/api/sente-account/save-sente-files', {
      files: [{ file_name: 'TIN certificate', file_path: certificatePath }],
    }),
    'save-sente-files',
  );

  const db = t.database.db;
  const [accounts, payment, customer, webhookEvent, complianceFile, member] = await Promise.all([
    db.selectFrom('accounts').select(['id', 'account_number']).where('user_id', '=', victim.userId).execute(),
    db.selectFrom('collections').select(['msisdn']).where('id', '=', paymentId).executeTakeFirstOrThrow(),
    db.selectFrom('customers').select(['id']).where('account_id', '=', victim.accountId).executeTakeFirstOrThrow(),
    // Its collections and transfers queued webhook deliveries.
    db.selectFrom('webhook_events').select(['id']).where('account_id', '=', victim.accountId).executeTakeFirstOrThrow(),
    db.selectFrom('compliance_files').select(['id']).where('account_id', '=', victim.accountId).executeTakeFirstOrThrow(),
    // The victim's own member row in its account.
    db
      .selectFrom('account_members')
      .select(['id'])
      .where('account_id', '=', victim.accountId)
      .where('user_id', '=', victim.userId)
      .executeTakeFirstOrThrow(),
  ]);
  const numberOf = (id: string) => accounts.find((a) => a.id === id)!.account_number;
  v = {
    userId: victim.userId,
    email: victim.email,
    firstname: 'Victoria',
    lastname: 'Ssewankambo',
    phone: VICTIM_PHONE,
    accountId: victim.accountId,
    accountName: 'Kigezi Fabrics',
    accountNumber: numberOf(victim.accountId),
    annexId,
    annexName: 'Kigezi Annex',
    annexNumber: numberOf(annexId),
    bankAccountNumber: VICTIM_BANK.account_number,
    bankAccountName: VICTIM_BANK.account_name,
    paymentLinkId: paymentLink.id,
    paymentLinkRef: paymentLink.ref,
    paymentLinkTitle: 'Kigezi tuition',
    donationId: donation.id,
    donationRef: donation.ref,
    donationTitle: 'Kigezi borehole',
    itemId: item.id,
    itemRef: item.ref,
    itemTitle: 'Kigezi weaving guide',
    imagePath,
    itemImagePath,
    logoPath,
    certificatePath,
    certificateName: 'kigezi-certificate.pdf',
    productPath,
    productName: 'kigezi-weaving-guide.pdf',
    attachmentPath,
    attachmentName: 'kigezi-price-list.pdf',
    paymentId,
    itemPaymentId,
    payerNames: VICTIM_PAYER.names,
    payerPhone: payment.msisdn ?? VICTIM_PAYER.phone,
    payerEmail: VICTIM_PAYER.email,
    customerId: customer.id,
    transferId: transfer.id,
    settlementId: settlement.id,
    webhookEventId: webhookEvent.id,
    refundId: refund.id,
    batchId: batch.id,
    batchRowId: batchRow!.id,
    batchReference: 'Kigezi weavers November',
    complianceFileId: complianceFile.id,
    memberId: member.id,
  };

  // The victim's own cursors: the last row of each of its lists, as its dashboard would page on.
  const lists: [string, string][] = [
    ['payment_link', '/api/payment-link'],
    ['donation_link', '/api/donation-link'],
    ['digital_item', '/api/donation-link/get_digital_items'],
    ['collections', '/api/collections'],
    ['customers', '/api/customers'],
    ['transfers', '/api/settlements'],
    ['live', `/api/payment-link/collections/${paymentLink.ref}`],
    ['webhook_deliveries', '/api/webhook/deliveries'],
    ['statement', '/api/wallet/statement'],
    ['payout_batches', '/api/payout-batches'],
    ['batch_rows', `/api/payout-batches/${batch.id}/rows`],
  ];
  const cursors: Record<string, string> = {};
  for (const [scope, url] of lists) {
    const cursor = must(await get(t, victim, url), url).data.lastCursor;
    if (typeof cursor !== 'string') throw new Error(`the victim's ${url} has no cursor`);
    cursors[scope] = cursor;
  }
  // A wallet PIN reset code the victim asked for, for the owner to try on their own PIN.
  must(await post(t, victim, '/api/wallet/pin_reset_code', {}), 'pin_reset_code');
  // And the code texted to prove the victim's phone (decision 070), for the owner to try on their own.
  must(await post(t, victim, '/api/user/phone/send-code', {}), 'phone/send-code');
  vx = {
    pinToken: await pinToken(t, victim, VICTIM_PIN),
    cursors,
    shortCode: short.short_url.split('/s/')[1],
    pinResetCode: lastCode(t.outboxDir, victim.email, 'Reset your Sente wallet PIN'),
    phoneCode: lastTextedCode(t.dataDir, internationalPhone(VICTIM_PHONE)!.slice(1)),
  };
}

beforeAll(async () => {
  t = await createTestApp(UNLIMITED);
  // The owner signs up first: where two users share an identifier, the older one is found by it.
  owner = await createNamedMerchant(t, 'Mukono Hardware', { firstname: 'Grace', lastname: 'Namutebi' });
  await Promise.all([
    setUpOwner(),
    (async () => {
      victim = await createNamedMerchant(t, 'Kigezi Fabrics', { firstname: 'Victoria', lastname: 'Ssewankambo' });
      await setUpVictim();
    })(),
  ]);
}, 60_000);
afterAll(() => t?.close());

/** Team: an invitation of the owner's for the control to cancel, and the token of one the victim sent to someone else. */
let staff: { ownInviteId: string; victimInviteToken: string };
beforeAll(async () => {
  must(await post(t, owner, '/api/staff/register', { email: 'walk-invitee@example.com', staff_role: 'user' }), 'invite', 201);
  must(await post(t, victim, '/api/staff/register', { email: 'kigezi-hire@example.com', staff_role: 'user' }), 'invite', 201);
  const victimInviteToken = /invite=([\w-]+)/.exec(lastMessage(t.outboxDir, 'kigezi-hire@example.com')?.text ?? '')?.[1];
  if (!victimInviteToken) throw new Error("the victim's invitation e-mail carries no token");
  const row = (accountId: string, email: string) =>
    t.database.db
      .selectFrom('account_members')
      .select('id')
      .where('account_id', '=', accountId)
      .where('email', '=', email)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
  staff = {
    ownInviteId: (await row(owner.accountId, 'walk-invitee@example.com')).id,
    victimInviteToken,
  };
});

/** A compliance document of the owner's, for the control to remove. */
let ownComplianceFileId: string;
beforeAll(async () => {
  const files = { files: [{ file_name: 'TIN certificate', file_path: o.certificate }] };
  must(await post(t, owner, '/api/sente-account/save-sente-files', files), 'save');
  const saved = must(await get(t, owner, '/api/sente-account/sente-files'), 'files').data as { id: string; file_path: string }[];
  ownComplianceFileId = saved.find((file) => file.file_path === o.certificate)!.id;
});

/** A webhook delivery of the owner's, for the control to resend. */
let ownDeliveryId: string;
beforeAll(async () => {
  const own = await t.database.db
    .selectFrom('webhook_events')
    .select('id')
    .where('account_id', '=', owner.accountId)
    .executeTakeFirstOrThrow();
  ownDeliveryId = own.id;
});

/**
 * The merchant API: the owner's API keys, which the /v1 probes send, and a payout of the owner's for their
 * control (made from the dashboard, so its creator is the owner like every other transfer of the walk).
 */
let ownKeys: { test: string; live: string };
let ownPayoutId: string;
/** A refund of the owner's own paid digital item, made from the dashboard like the payout. */
let ownRefundId: string;
beforeAll(async () => {
  const keys = await apiKeysOf(t, owner);
  ownKeys = { test: keys.test_key, live: keys.production_key };
  ownPayoutId = must(await payout(t, owner, 1000, '0772123456'), 'payout', 201).data.id;
  const refund = await post(
    t,
    owner,
    `/api/collections/${o.itemPaymentId}/refund`,
    { amount: 1000, reason: 'Walk', pin_token: await pinToken(t, owner) },
    { 'idempotency-key': randomUUID() },
  );
  ownRefundId = must(refund, 'refund', 201).data.id;
});
const withOwnKey = (key: 'test' | 'live' = 'test') => ({ authorization: `Bearer ${ownKeys[key]}` });

/** A payout batch the owner's API key proposed, for the controls of the /v1 batch probes. */
let ownApiBatch: string;
beforeAll(async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/payout-batches',
    headers: { ...withOwnKey(), 'idempotency-key': randomUUID() },
    payload: { reference: 'Walked batch', rows: [{ phone: '0772123456', amount: 1000, name: 'Okello John' }] },
  });
  ownApiBatch = must(res, 'payout batch', 201).data.id;
});

/** One request of the walk, sent as the owner. By default it must be refused with a 4xx. */
type Probe = {
  /** Which of the victim's values it carries, for the failure message. */
  what: string;
  url: string;
  body?: Body;
  headers?: Record<string, string>;
  /** Adds the owner's own PIN token, so that only the victim's value can be why a money movement is refused. */
  ownPinToken?: boolean;
  /** The same request with the owner's own values instead, which must succeed, or the refusal would prove nothing. */
  control?: { url?: string; body?: Body; ownPinToken?: boolean };
  /** Why a 2xx is right: the victim's value is ignored and only the caller's own records are touched. */
  ok?: string;
  /** The refusal's status, where it must be that one (a refund of another's payment is not found, not forbidden). */
  status?: number;
  /** Public by design: why, and which of the victim's values the answer may carry. */
  public?: { why: string; reveals: VictimKey[] };
  /** Sees the answer's JSON, e.g. to note a payment the walk itself opened on the victim's link. */
  seen?: (json: { data?: { id?: string } }) => void;
};

/** The owner's own draft payout batch, for the cursor probe of a batch's rows. */
let ownBatch: string;

/** Payments the walk opened on the victim's public pay page: the only victim rows it may add. */
const openedOnVictim: string[] = [];

const cursorProbes = (url: string, scopes: string[]): Probe[] =>
  scopes.map((scope) => ({
    what: `a cursor at the victim's last ${scope} row`,
    url: `${url}?cursor=${vx.cursors[scope]}`,
    ok: "a cursor is only a position: the page lists the caller's own rows",
  }));

const PAY = { names: 'Okello John', channel: 'MTN_UG', phone: '0772123456', extra_data: [] };
/** A six-digit code the victim was never sent, so that a wrong code cannot be right by chance. */
function wrongCode(): string {
  const sent = new Set(readOutbox(t.outboxDir, v.email).flatMap((message) => message.match(/^\d{6}$/gm) ?? []));
  let code = 0;
  while (sent.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}
const PUBLIC_LINK = "a link's pay page is meant for anyone (customers pay there without an account)";
/** The owner's own business details form, with a certificate chosen per probe. */
const BUSINESS_DETAILS = {
  business_name: 'Mukono Hardware Ltd',
  business_industry: 'Retail',
  business_email: 'info@mukono.example',
  business_phone: '0772000222',
  reg_date: '2020-01-10',
  country: 'Uganda',
  city: 'Mukono',
  address_1: 'Plot 3, Main Street',
};

/**
 * The victim's values for each path parameter of an account's route or the merchant API's, by the path up to and
 * including the parameter: every such route under that path is called with each of them (the merchant API's with each
 * of the owner's two keys), with a valid body (testing/route-samples.ts), and must answer 404 as for an id that does not
 * exist (or its refusal in REFUSALS). `own` is the owner's own value, for one control per route with the test key: the
 * same request with it must succeed, or the 404 would prove nothing. A path without `own` has no control because its
 * routes change the row for good (a batch discarded, a movement approved). A route whose parameter has no entry here
 * fails the first test, so a new route is walked as soon as it exists.
 */
const PARAMS: Record<string, { victim: VictimKey[]; own?: () => string }> = {
  '/api/sente-account/remove-sente-file/:id': { victim: ['complianceFileId'], own: () => ownComplianceFileId },
  '/api/payment-link/update/:id': { victim: ['paymentLinkId', 'paymentLinkRef'], own: () => o.paymentLink.id },
  '/api/payment-link/enable_or_disable/:id': { victim: ['paymentLinkId', 'paymentLinkRef'], own: () => o.paymentLink.id },
  '/api/payment-link/details/:ref': { victim: ['paymentLinkRef', 'paymentLinkId'], own: () => o.paymentLink.ref },
  // A link's live page and its export, by the ref of any of the victim's links.
  '/api/payment-link/collections/:ref': {
    victim: ['paymentLinkRef', 'donationRef', 'itemRef', 'paymentLinkId'],
    own: () => o.paymentLink.ref,
  },
  '/api/donation-link/update/:id': { victim: ['donationId', 'donationRef'], own: () => o.donation.id },
  '/api/donation-link/details/:ref': { victim: ['donationRef', 'donationId'], own: () => o.donation.ref },
  '/api/donation-link/update_digital_item/:id': { victim: ['itemId', 'itemRef'], own: () => o.item.id },
  '/api/donation-link/hide_digital_item/:id': { victim: ['itemId', 'itemRef'], own: () => o.item.id },
  '/api/donation-link/details_degital_item/:ref': { victim: ['itemRef', 'itemId'], own: () => o.item.ref },
  // A payment opened, its receipt sent again (once a minute: one control) and refunded, with any of the victim's ids
  // that a payment's could be mistaken for.
  '/api/collections/:id': {
    victim: ['paymentId', 'itemPaymentId', 'customerId', 'transferId', 'refundId'],
    own: () => o.itemPaymentId,
  },
  '/api/transfers/:id': { victim: ['settlementId', 'transferId', 'refundId'] },
  '/api/payout-batches/:id': { victim: ['batchId'] },
  '/api/payout-batches/:id/rows/:rowId': { victim: ['batchRowId'] },
  '/api/webhook/deliveries/:id': { victim: ['webhookEventId'], own: () => ownDeliveryId },
  '/api/staff/hide_staff/:id': { victim: ['memberId'], own: () => staff.ownInviteId },
  '/v1/collections/:id': { victim: ['paymentId', 'itemPaymentId'], own: () => o.itemPaymentId },
  '/v1/payouts/:id': { victim: ['transferId', 'settlementId', 'paymentId'], own: () => ownPayoutId },
  '/v1/refunds/:id': { victim: ['refundId', 'transferId', 'settlementId', 'paymentId'], own: () => ownRefundId },
  '/v1/payout-batches/:id': { victim: ['batchId', 'batchRowId', 'transferId', 'paymentId'], own: () => ownApiBatch },
};

/** Routes walked by PARAMS whose refusal of another account's id is not a 404, with why. */
const REFUSALS: Record<string, { status: number; why: string }> = {};

/** Bodies of the walk that differ from testing/route-samples.ts. */
const BODIES: Record<string, () => Body> = {
  // The owner's link keeps its attachment: the last test finds it there.
  'POST /api/payment-link/update/:id': () => ({ ...PAYMENT_LINK, attachments: [o.attachment] }),
};

/** An account's route or the merchant API's: the ones PARAMS walks. */
const walksByParams = (route: RouteEntry) => typeof route.access === 'object' || route.access === 'apiKey';
const paramsOf = (url: string) =>
  [...url.matchAll(/:\w+/g)].map((match) => ({ name: match[0], path: url.slice(0, match.index + match[0].length) }));
/** What PARAMS lacks for the route: its parameters without an entry (a wildcard never has one). */
const unfixed = (route: RouteEntry) => [
  ...paramsOf(route.url)
    .filter((param) => !(param.path in PARAMS))
    .map((param) => param.path),
  ...(route.url.includes('*') ? [route.url] : []),
];

/** The route called with the victim's values in its path parameters, from PARAMS. */
async function paramProbes(route: RouteEntry): Promise<Probe[]> {
  const key = keyOf(route);
  const params = paramsOf(route.url).map((param) => ({ ...param, fixture: PARAMS[param.path]! }));
  const fill = (values: string[]) => {
    let i = 0;
    return route.url.replace(/:\w+/g, () => values[i++]!);
  };
  const context: SampleContext = {
    owner,
    other: victim,
    real: {
      linkId: o.paymentLink.id,
      linkRef: o.paymentLink.ref,
      itemId: o.item.id,
      itemRef: o.item.ref,
      paymentId: o.itemPaymentId,
      file: o.files.file,
      paidId: o.itemPaymentId,
      refundId: ownRefundId,
      batchId: ownApiBatch,
    },
    files: o.files,
    // send() puts the owner's PIN token in its place.
    pinToken: async () => ({ pin_token: '' }),
    certificate: async () => o.certificate,
    codeNotSentTo: () => wrongCode(),
  };
  const sample = BODIES[key] ?? SAMPLE_BODIES[key];
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : sample ? await sample(context) : {};
  const takesPin = fieldsOf((CATALOGUE as Record<string, RouteSchemas>)[key]?.body).includes('pin_token');
  const own = params.every((param) => param.fixture.own) ? fill(params.map((param) => param.fixture.own!())) : undefined;
  const urls = new Map<string, string>();
  params.forEach((param, at) => {
    for (const victimKey of param.fixture.victim) {
      const url = fill(params.map((other, i) => v[i === at ? victimKey : other.fixture.victim[0]!]));
      if (!urls.has(url)) urls.set(url, `the victim's ${victimKey} as ${param.name}`);
    }
  });
  const keys = route.access === 'apiKey' ? (['test', 'live'] as const) : ([undefined] as const);
  return [...urls].flatMap(([url, what], i) =>
    keys.map((apiKey, k) => ({
      what: apiKey ? `${what}, with the owner's ${apiKey} key` : what,
      url,
      ...(body ? { body } : {}),
      ...(apiKey ? { headers: withOwnKey(apiKey) } : {}),
      ownPinToken: takesPin,
      status: REFUSALS[key]?.status ?? 404,
      ...(own && i === 0 && k === 0 ? { control: { url: own } } : {}),
    })),
  );
}

/**
 * How each route that takes a reference elsewhere than in a path parameter of an account's route is called with the
 * victim's values: the public pages, callbacks and operator commands, and the bodies, queries and cursors of the
 * account's routes. Not walked on purpose: p2p with the victim as recipient (sending the victim money is what the route
 * is for; the recipient lookup's answers are walked at user_with_sente and verify_sente_acc_number).
 */
const CASES: Record<string, () => Probe[]> = {
  // Sign-in flows take an e-mail or phone: the victim's, with wrong secrets.
  'POST /api/sign-up': () => [
    {
      what: "the victim's e-mail",
      url: '/api/sign-up',
      body: { firstname: 'Ada', lastname: 'Okello', email: v.email, password: PASSWORD },
    },
  ],
  'POST /api/resend-account-verification-code': () =>
    [v.email, v.phone].map((id) => ({
      what: `the victim's ${id.includes('@') ? 'e-mail' : 'phone'}`,
      url: '/api/resend-account-verification-code',
      body: { email_or_phone: id },
    })),
  'POST /api/verify-account': () => [
    { what: "the victim's e-mail", url: '/api/verify-account', body: { email_or_phone: v.email, code: wrongCode() } },
  ],
  'POST /api/login': () =>
    [v.email, v.phone].map((id) => ({
      what: `the victim's ${id.includes('@') ? 'e-mail' : 'phone'} and a wrong password`,
      url: '/api/login',
      body: { emailOrPhone: id, password: 'Wrong#pass1' },
    })),
  'POST /api/login-otp': () =>
    [v.email, v.phone].map((id) => ({
      what: `the victim's ${id.includes('@') ? 'e-mail' : 'phone'} and a wrong code`,
      url: '/api/login-otp',
      body: { emailOrPhone: id, code: wrongCode() },
    })),
  'POST /api/password-reset-code': () =>
    [v.email, v.phone].map((id) => ({
      what: `the victim's ${id.includes('@') ? 'e-mail' : 'phone'}`,
      url: '/api/password-reset-code',
      body: { email_or_phone: id },
      ok: "answers the same for every address; the code goes to the victim's own mailbox",
    })),
  'POST /api/change-password': () => [
    {
      what: "the victim's e-mail and a wrong code",
      url: '/api/change-password',
      body: { email_or_phone: v.email, code: wrongCode(), password: 'Another#Pass9' },
    },
  ],
  'POST /api/user/phone/verify': () => [
    { what: "the code texted to the victim's phone", url: '/api/user/phone/verify', body: { code: vx.phoneCode } },
  ],
  'POST /api/user/update-profile': () => [
    {
      what: "the victim's phone, which signs the victim in",
      url: '/api/user/update-profile',
      body: { firstname: 'Grace', lastname: 'Namutebi', phone: v.phone },
      control: { body: { firstname: 'Grace', lastname: 'Namutebi', phone: '0772000111' } },
    },
  ],

  // Accounts
  'POST /api/sente-account/switch-account': () =>
    [v.accountId, v.annexId].map((id) => ({
      what: id === v.annexId ? "the victim's second account's id" : "the victim's account id",
      url: '/api/sente-account/switch-account',
      body: { sente_account_id: id },
      control: { body: { sente_account_id: owner.accountId } },
    })),
  'POST /api/sente-account/update-logo': () =>
    [v.logoPath, v.imagePath].map((path) => ({
      what: `the victim's ${path === v.logoPath ? 'company logo' : 'uploaded image'}`,
      url: '/api/sente-account/update-logo',
      body: { company_logo: path },
      control: { body: { company_logo: o.logo } },
    })),

  'POST /api/user/update-business-details': () =>
    [v.certificatePath, v.imagePath].map((path) => ({
      what: `the victim's ${path === v.certificatePath ? 'certificate' : 'uploaded image'} as the certificate`,
      url: '/api/user/update-business-details',
      body: { ...BUSINESS_DETAILS, certificate_url: path },
      control: { body: { ...BUSINESS_DETAILS, certificate_url: o.certificate } },
    })),
  'POST /api/sente-account/save-sente-files': () =>
    [v.certificatePath, v.productPath, v.imagePath].map((path) => ({
      what: `the victim's ${path === v.certificatePath ? 'certificate' : path === v.productPath ? 'product file' : 'image'} as a compliance document`,
      url: '/api/sente-account/save-sente-files',
      body: { files: [{ file_name: 'Other', other_name: 'Walk', file_path: path }] },
      control: { body: { files: [{ file_name: 'TIN certificate', file_path: o.certificate }] } },
    })),

  // Payment links
  'POST /api/payment-link/create': () => [
    {
      what: "the victim's attachment",
      url: '/api/payment-link/create',
      body: { ...PAYMENT_LINK, attachments: [v.attachmentPath] },
      control: { body: { ...PAYMENT_LINK, attachments: [o.attachment] } },
    },
  ],
  'POST /api/payment-link/update/:id': () => [
    ...[v.paymentLinkId, v.paymentLinkRef].map((id) => ({
      what: `the victim's payment link ${id === v.paymentLinkId ? 'id' : 'ref'}`,
      url: `/api/payment-link/update/${id}`,
      body: { ...PAYMENT_LINK },
      control: { url: `/api/payment-link/update/${o.paymentLink.id}`, body: { ...PAYMENT_LINK, attachments: [o.attachment] } },
    })),
    {
      what: "the victim's attachment on the owner's own link",
      url: `/api/payment-link/update/${o.paymentLink.id}`,
      body: { ...PAYMENT_LINK, attachments: [o.attachment, v.attachmentPath] },
      control: { body: { ...PAYMENT_LINK, attachments: [o.attachment] } },
    },
  ],
  'GET /api/payment-link': () => cursorProbes('/api/payment-link', ['payment_link']),

  // Donation links
  'POST /api/donation-link/create': () => [
    {
      what: "the victim's uploaded image",
      url: '/api/donation-link/create',
      body: { ...DONATION_LINK, image: v.imagePath },
      control: { body: { ...DONATION_LINK, image: o.files.image } },
    },
  ],
  'POST /api/donation-link/update/:id': () => [
    ...[v.donationId, v.donationRef].map((id) => ({
      what: `the victim's donation link ${id === v.donationId ? 'id' : 'ref'}`,
      url: `/api/donation-link/update/${id}`,
      body: { ...DONATION_LINK, image: o.files.image },
      control: { url: `/api/donation-link/update/${o.donation.id}` },
    })),
    {
      what: "the victim's uploaded image on the owner's donation link",
      url: `/api/donation-link/update/${o.donation.id}`,
      body: { ...DONATION_LINK, image: v.imagePath },
      control: { body: { ...DONATION_LINK, image: o.files.image } },
    },
  ],
  'GET /api/donation-link': () => cursorProbes('/api/donation-link', ['donation_link', 'digital_item']),

  // Digital items
  'POST /api/donation-link/create_digital_item': () => [
    {
      what: "the victim's product file",
      url: '/api/donation-link/create_digital_item',
      body: { ...digitalItemWith(o.files), file: v.productPath },
      control: { body: digitalItemWith(o.files) },
    },
    {
      what: "the victim's uploaded image",
      url: '/api/donation-link/create_digital_item',
      body: { ...digitalItemWith(o.files), image: v.itemImagePath },
      control: { body: digitalItemWith(o.files) },
    },
  ],
  'POST /api/donation-link/update_digital_item/:id': () => [
    ...[v.itemId, v.itemRef].map((id) => ({
      what: `the victim's digital item ${id === v.itemId ? 'id' : 'ref'}`,
      url: `/api/donation-link/update_digital_item/${id}`,
      body: digitalItemWith(o.files),
      control: { url: `/api/donation-link/update_digital_item/${o.item.id}` },
    })),
    ...[
      ['product file', { file: v.productPath }],
      ['uploaded image', { image: v.itemImagePath }],
    ].map(([what, field]) => ({
      what: `the victim's ${what} on the owner's digital item`,
      url: `/api/donation-link/update_digital_item/${o.item.id}`,
      body: { ...digitalItemWith(o.files), ...(field as Body) },
      control: { body: digitalItemWith(o.files) },
    })),
  ],
  'GET /api/donation-link/get_digital_items': () => cursorProbes('/api/donation-link/get_digital_items', ['digital_item']),
  // Files
  'GET /api/files/signed-url': () =>
    (['imagePath', 'logoPath', 'certificatePath', 'productPath'] as const).map((key) => ({
      what: `the victim's ${key}`,
      url: `/api/files/signed-url?path=${encodeURIComponent(v[key])}`,
      control: { url: `/api/files/signed-url?path=${encodeURIComponent(o.certificate)}` },
    })),
  'GET /storage/*': () => [
    {
      what: "the victim's members-only certificate, unsigned",
      url: `/storage/${v.certificatePath}`,
    },
    {
      what: "the victim's members-only certificate with the signature of the owner's own",
      url: `/storage/${v.certificatePath}?${o.certificateQuery}`,
      control: { url: `/storage/${o.certificate}?${o.certificateQuery}` },
    },
    { what: "the victim's private product file", url: `/storage/${v.productPath}` },
    {
      what: "the victim's private product file with the owner's certificate signature",
      url: `/storage/${v.productPath}?${o.certificateQuery}`,
    },
    ...[v.imagePath, v.logoPath].map((path) => ({
      what: `the victim's public ${path === v.logoPath ? 'company logo' : 'link image'}`,
      url: `/storage/${path}`,
      public: { why: 'link images and logos are shown on the public pay pages', reveals: [] },
    })),
  ],

  // Short links belong to no account; the victim's code leads to the victim's public pay page.
  'GET /s/:code': () => [
    {
      what: "the victim's short code",
      url: `/s/${vx.shortCode}`,
      public: { why: `short links are shared with customers; ${PUBLIC_LINK}`, reveals: ['paymentLinkRef'] },
    },
  ],

  // A receipt opens by its own random code only: the victim's payment ids in its place find no receipt.
  'GET /r/:code': () =>
    (['paymentId', 'itemPaymentId'] as const).flatMap((key) => [
      { what: `the victim's ${key} as a receipt code`, url: `/r/${v[key]}`, status: 404 },
      { what: `the victim's ${key} as a receipt code, as a PDF`, url: `/r/${v[key]}?format=pdf`, status: 404 },
    ]),

  // Collections and customers
  'GET /api/collections': () => [
    ...cursorProbes('/api/collections', ['collections']),
    ...[v.paymentLinkRef, v.donationRef, v.itemRef].map((ref) => ({
      what: `the victim's link ref ${ref} as the link filter`,
      url: `/api/collections?link=${ref}`,
      control: { url: `/api/collections?link=${o.paymentLink.ref}` },
      ok: "a link the account does not have finds none of the caller's rows, and never the victim's",
    })),
    {
      what: "the victim's payment link title as the search",
      url: `/api/collections?q=${encodeURIComponent(v.paymentLinkTitle)}`,
      ok: "the search reads the caller's own collections only",
    },
  ],
  'GET /api/collections/download': () => [
    {
      what: "the victim's link ref as the link filter of the export",
      url: `/api/collections/download?link=${v.paymentLinkRef}`,
      ok: "a link the account does not have: the export holds none of the caller's rows, and never the victim's",
    },
  ],
  'GET /api/search': () =>
    [v.paymentLinkRef, v.paymentLinkTitle, v.phone].map((q) => ({
      what: `the victim's ${q === v.phone ? 'phone' : q === v.paymentLinkRef ? 'link ref' : 'link title'} as the search`,
      url: `/api/search?q=${encodeURIComponent(q)}`,
      ok: "the search reads the caller's own collections, customers, links and transfers only",
    })),
  'GET /api/payment-link/collections/:ref': () => [
    ...[v.paymentLinkRef, v.donationRef, v.itemRef, v.paymentLinkId].map((id) => ({
      what: `the victim's link ${id === v.paymentLinkId ? 'id' : 'ref'} ${id}`,
      url: `/api/payment-link/collections/${id}`,
      control: { url: `/api/payment-link/collections/${o.paymentLink.ref}` },
    })),
    ...cursorProbes(`/api/payment-link/collections/${o.paymentLink.ref}`, ['live']),
  ],
  'GET /api/customers': () => [
    ...cursorProbes('/api/customers', ['customers']),
    {
      what: "the victim's payer phone as the customers search",
      url: `/api/customers?q=${encodeURIComponent(v.phone)}`,
      ok: "the search reads the caller's own customers only",
    },
  ],
  'GET /api/customers/download': () => [
    {
      what: "the victim's payer phone as the search of the export",
      url: `/api/customers/download?q=${encodeURIComponent(v.phone)}`,
      ok: "the export holds the caller's own customers only, never the victim's",
    },
  ],

  // The customer pages
  'GET /api/public/links/:ref': () => [
    {
      what: "the victim's payment link ref",
      url: `/api/public/links/${v.paymentLinkRef}`,
      public: { why: PUBLIC_LINK, reveals: ['paymentLinkRef', 'paymentLinkTitle', 'accountName', 'logoPath', 'attachmentName'] },
    },
    {
      what: "the victim's donation link ref",
      url: `/api/public/links/${v.donationRef}`,
      public: { why: PUBLIC_LINK, reveals: ['donationRef', 'donationTitle', 'imagePath', 'accountName', 'logoPath'] },
    },
    {
      what: "the victim's digital item ref",
      url: `/api/public/links/${v.itemRef}`,
      public: { why: PUBLIC_LINK, reveals: ['itemRef', 'itemTitle', 'itemImagePath', 'accountName', 'logoPath'] },
    },
    { what: "the victim's payment link id (pages are found by ref only)", url: `/api/public/links/${v.paymentLinkId}` },
  ],
  // The QR code holds a short link (a code, not the ref); the poster shows what the pay page shows.
  ...Object.fromEntries(
    (['qr.png', 'qr.svg'] as const).map((file) => [
      `GET /api/public/links/:ref/${file}`,
      () => [
        ...[v.paymentLinkRef, v.donationRef, v.itemRef].map((ref) => ({
          what: `the victim's link ref ${ref}, as its QR code`,
          url: `/api/public/links/${ref}/${file}`,
          public: { why: PUBLIC_LINK, reveals: [] },
        })),
        {
          what: "the victim's payment link id (QR codes are found by ref only)",
          url: `/api/public/links/${v.paymentLinkId}/${file}`,
        },
      ],
    ]),
  ),
  'GET /posters/:ref': () => [
    {
      what: "the victim's payment link ref, as its poster",
      url: `/posters/${v.paymentLinkRef}`,
      public: { why: PUBLIC_LINK, reveals: ['paymentLinkTitle', 'accountName', 'logoPath'] },
    },
    {
      what: "the victim's donation link ref, as its poster",
      url: `/posters/${v.donationRef}?size=a5`,
      public: { why: PUBLIC_LINK, reveals: ['donationTitle', 'accountName', 'logoPath'] },
    },
    { what: "the victim's payment link id (posters are found by ref only)", url: `/posters/${v.paymentLinkId}` },
  ],
  'GET /api/public/links/:ref/attachments/:name': () => [
    {
      what: "the victim's attachment, from the victim's own pay page",
      url: `/api/public/links/${v.paymentLinkRef}/attachments/${storedName(v.attachmentPath)}`,
      public: { why: `${PUBLIC_LINK}, and so are the files it lists`, reveals: ['paymentLinkRef', 'attachmentName'] },
    },
    {
      what: "the victim's attachment, under the owner's own link",
      url: `/api/public/links/${o.paymentLink.ref}/attachments/${storedName(v.attachmentPath)}`,
      control: { url: `/api/public/links/${o.paymentLink.ref}/attachments/${storedName(o.attachment)}` },
    },
  ],
  'POST /api/public/links/:ref/pay': () => [
    {
      what: "the victim's payment link ref",
      url: `/api/public/links/${v.paymentLinkRef}/pay`,
      body: { ...PAY, amount: 1000 },
      public: { why: `${PUBLIC_LINK}; it opens a pending payment to the victim, the one change allowed`, reveals: [] },
      seen: (json) => {
        if (json.data?.id) openedOnVictim.push(json.data.id);
      },
    },
  ],
  'GET /api/public/payments/:id': () =>
    (['paymentId', 'itemPaymentId'] as const).map((key) => ({
      what: `the victim's ${key}`,
      url: `/api/public/payments/${v[key]}`,
      public: {
        why: "a payment's id is its payer's receipt (the status page polls it); it shows no names or phone",
        reveals: [key],
      },
    })),
  'POST /api/public/payments/:id/cancel': () =>
    (['paymentId', 'itemPaymentId'] as const).map((key) => ({
      what: `the victim's ${key}`,
      url: `/api/public/payments/${v[key]}/cancel`,
      public: {
        why: "a payment's id is its payer's receipt: its holder may stop waiting while it is pending; these are settled, so nothing changes and the answer is the status page's",
        reveals: [key],
      },
    })),
  'GET /api/public/payments/:id/download': () => [
    { what: "the victim's paid digital item, unsigned", url: `/api/public/payments/${v.itemPaymentId}/download` },
    {
      what: "the victim's paid digital item with the signature of the owner's own download",
      url: `/api/public/payments/${v.itemPaymentId}/download?${o.downloadQuery}`,
      control: { url: `/api/public/payments/${o.itemPaymentId}/download?${o.downloadQuery}` },
    },
  ],

  // Wallet: the body's account id must be the caller's current account
  'POST /api/wallet/pin_exists': () =>
    [v.accountId, v.annexId].map((id) => ({
      what: "the victim's account id",
      url: '/api/wallet/pin_exists',
      body: { sente_account_id: id },
      control: { body: { sente_account_id: owner.accountId } },
    })),
  'POST /api/wallet/set_pin': () =>
    [v.accountId, v.annexId].map((id) => ({
      what: "the victim's account id",
      url: '/api/wallet/set_pin',
      body: { sente_account_id: id, user_id: v.userId, pin: '13579' },
    })),
  'POST /api/wallet/verify_pin': () => [
    {
      what: "the victim's account id and PIN",
      url: '/api/wallet/verify_pin',
      body: { sente_account_id: v.accountId, pin: VICTIM_PIN },
      control: { body: { sente_account_id: owner.accountId, pin: PIN } },
    },
  ],
  // Changing and resetting one's own PIN. No control changes the owner's PIN (the walk spends PIN tokens).
  'POST /api/wallet/change_pin': () =>
    [PIN, VICTIM_PIN].map((oldPin) => ({
      what: `the victim's account id with ${oldPin === PIN ? "the owner's" : "the victim's"} PIN`,
      url: '/api/wallet/change_pin',
      body: { sente_account_id: v.accountId, old_pin: oldPin, new_pin: '13579', new_pin_confirmation: '13579' },
    })),
  'POST /api/wallet/pin_reset_code': () => [
    {
      what: "the victim's account id",
      url: '/api/wallet/pin_reset_code',
      body: { sente_account_id: v.accountId },
      control: { body: { sente_account_id: owner.accountId } },
    },
    { what: "the victim's second account's id", url: '/api/wallet/pin_reset_code', body: { sente_account_id: v.annexId } },
  ],
  'POST /api/wallet/reset_pin': () => [
    {
      what: "the victim's account id and the victim's reset code",
      url: '/api/wallet/reset_pin',
      body: { sente_account_id: v.accountId, code: vx.pinResetCode, new_pin: '13579', new_pin_confirmation: '13579' },
    },
    {
      what: "the victim's reset code on the owner's own PIN",
      url: '/api/wallet/reset_pin',
      body: { code: vx.pinResetCode, new_pin: '13579', new_pin_confirmation: '13579' },
    },
  ],
  'POST /api/wallet/verify_sente_acc_number': () =>
    (
      [
        ['accountNumber', 'accountId'],
        ['annexNumber', 'annexId'],
      ] as const
    ).map(([number, id]) => ({
      what: `the victim's ${number}`,
      url: '/api/wallet/verify_sente_acc_number',
      body: { sente_account_number: v[number] },
      public: { why: 'finding a wallet transfer recipient by account number is what it is for', reveals: [id] },
    })),
  'POST /api/wallet/user_with_sente': () => [
    {
      what: "the victim's account id",
      url: '/api/wallet/user_with_sente',
      body: { sente_account_id: v.accountId },
      public: {
        why: "the PIN step shows the recipient's holder before money is sent",
        reveals: ['accountId', 'accountName', 'accountNumber', 'userId'],
      },
    },
  ],
  'POST /api/wallet/get_account_number_if_exists': () =>
    [v.accountId, v.annexId].map((id) => ({
      what: "the victim's account id",
      url: '/api/wallet/get_account_number_if_exists',
      body: { sente_account_id: id },
      control: { body: { sente_account_id: owner.accountId } },
    })),
  'POST /api/wallet-transfers/p2p': () => {
    const transfer = { amount: 1000, reason: 'Stock', env: 'test' };
    return [
      {
        what: "the victim's account as sender",
        url: '/api/wallet-transfers/p2p',
        body: { ...transfer, senderAccountId: v.accountId, recipientAccountId: o.annexId },
        ownPinToken: true,
        control: { body: { ...transfer, senderAccountId: owner.accountId, recipientAccountId: o.annexId } },
      },
      {
        what: "the victim's account as sender, to the victim's other account",
        url: '/api/wallet-transfers/p2p',
        body: { ...transfer, senderAccountId: v.accountId, recipientAccountId: v.annexId },
        ownPinToken: true,
      },
      {
        what: "the victim's PIN token",
        url: '/api/wallet-transfers/p2p',
        body: { ...transfer, recipientAccountId: o.annexId, pin_token: vx.pinToken },
        control: { body: { ...transfer, recipientAccountId: o.annexId }, ownPinToken: true },
      },
      {
        what: "the victim's user id as creator",
        url: '/api/wallet-transfers/p2p',
        body: { ...transfer, creatorId: v.userId, recipientAccountId: o.annexId },
        ownPinToken: true,
        ok: "the creator is always the signed-in member (checked after the walk); it moves the owner's own money",
      },
    ];
  },
  'POST /api/settlements/create': () => [
    {
      what: "the victim's PIN token",
      url: '/api/settlements/create',
      body: { amount: 1000, reason: 'Rent', pin_token: vx.pinToken },
      control: { body: { amount: 1000, reason: 'Rent' }, ownPinToken: true },
    },
  ],
  'POST /api/yo/process_payout': () => {
    const payout = { amount: 1000, account: '0772123456', narrative: 'Supplier', active_env: 'test' };
    return [
      {
        what: "the victim's account id",
        url: '/api/yo/process_payout',
        body: { ...payout, sente_account_id: v.accountId },
        ownPinToken: true,
        control: { body: { ...payout, sente_account_id: owner.accountId } },
      },
      {
        what: "the victim's PIN token",
        url: '/api/yo/process_payout',
        body: { ...payout, pin_token: vx.pinToken },
        control: { body: payout, ownPinToken: true },
      },
      {
        what: "the victim's user id as creator",
        url: '/api/yo/process_payout',
        body: { ...payout, creator_id: v.userId },
        ownPinToken: true,
        ok: "the creator is always the signed-in member (checked after the walk); it moves the owner's own money",
      },
    ];
  },
  'GET /api/settlements': () => cursorProbes('/api/settlements', ['transfers']),
  'GET /api/payout-batches': () => cursorProbes('/api/payout-batches', ['payout_batches']),
  'GET /api/payout-batches/:id/rows': () => cursorProbes(`/api/payout-batches/${ownBatch}/rows`, ['batch_rows']),
  'GET /api/wallet/statement': () => cursorProbes('/api/wallet/statement', ['statement']),
  'GET /api/webhook/deliveries': () => cursorProbes('/api/webhook/deliveries', ['webhook_deliveries']),
  // The merchant API, called with the owner's own API keys. A refund of the victim's payment by /v1 is not found, and
  // so is the victim's refund; the snapshot shows nothing of the victim moved.
  'POST /v1/refunds': () =>
    (['paymentId', 'itemPaymentId', 'refundId'] as const).flatMap((id) =>
      (['test', 'live'] as const).map((key) => ({
        what: `the victim's ${id} as the collection, with the owner's ${key} key`,
        url: '/v1/refunds',
        body: { collection_id: v[id], amount: 1000 },
        headers: withOwnKey(key),
        // The owner's live key is refused before any look-up: the account is not approved for live.
        ...(key === 'test' ? { status: 404 } : {}),
        ...(id === 'paymentId' && key === 'test'
          ? { control: { body: { collection_id: o.itemPaymentId, amount: 1000, reason: 'Walk' } } }
          : {}),
      })),
    ),
  'GET /v1/collections': () => [
    {
      what: "a cursor at the victim's last collection",
      url: `/v1/collections?cursor=${vx.cursors.collections}`,
      headers: withOwnKey(),
      ok: "a cursor is only a position: the page lists the key's account's own collections",
    },
  ],
  'GET /docs/static/*': () =>
    (['certificatePath', 'productPath'] as const).map((path) => ({
      what: `the victim's ${path} under the API reference's files`,
      url: `/docs/static/${v[path]}`,
    })),

  // Team
  'GET /api/staff/invitation': () => [
    {
      what: "the victim's invitation token",
      url: `/api/staff/invitation?invite=${staff.victimInviteToken}`,
      public: {
        why: "the invitation link's page names the inviting account to whoever holds the e-mailed link",
        reveals: ['accountName'],
      },
    },
  ],
  'POST /api/staff/accept': () => [
    {
      what: "the victim's invitation token, sent to another address",
      url: '/api/staff/accept',
      body: { invite: staff.victimInviteToken },
    },
  ],

  // A provider's callback naming the victim's payment, without the callback secret (the live-rails tests
  // cover the secret, and that a callback acts only on what the provider's own status says)
  'POST /api/providers/:provider/callback/:secret': providerCallbackProbes,
  'PUT /api/providers/:provider/callback/:secret': providerCallbackProbes,
  // An SMS gateway's delivery report, without the callback secret (the sms/gateways tests cover the secret)
  'POST /api/sms/delivery/:gateway/:secret': () =>
    ['africastalking', 'twilio'].flatMap((gateway) => [
      {
        what: `${gateway}: a delivery report, a guessed secret`,
        url: `/api/sms/delivery/${gateway}/${'x'.repeat(43)}`,
        body: { id: v.paymentId, status: 'Success', MessageSid: v.paymentId, MessageStatus: 'delivered' },
      },
      {
        what: `${gateway}: a delivery report, an empty secret`,
        url: `/api/sms/delivery/${gateway}/-`,
        body: { id: v.paymentId, status: 'Success' },
      },
    ]),

  // Operator commands naming the victim, from a signed-in merchant without the operator secret
  'POST /ops/run': () =>
    [
      ['accounts:approve', v.accountId],
      ['members:set-role', v.accountId, owner.email, 'owner'],
      ['settlements:reject', v.settlementId, 'walk'],
      ['pins:reset', v.email],
    ].flatMap(([command, ...args]) => [
      { what: `${command} on the victim, no secret`, url: '/ops/run', body: { command, args } },
      {
        what: `${command} on the victim, a wrong secret`,
        url: '/ops/run',
        body: { command, args },
        headers: { 'x-ops-secret': 'not-the-secret' },
      },
    ]),
};

/** A callback about the victim's payment, by each provider's name, with a guessed secret and with none. */
function providerCallbackProbes(): Probe[] {
  return ['mtn_momo', 'airtel_money', 'simulator'].flatMap((provider) => [
    {
      what: `${provider}: the victim's payment, a guessed secret`,
      url: `/api/providers/${provider}/callback/${'x'.repeat(43)}`,
      body: { externalId: v.paymentId, status: 'SUCCESSFUL', transaction: { id: v.paymentId, status_code: 'TS' } },
    },
    {
      what: `${provider}: the victim's payment, an empty secret`,
      url: `/api/providers/${provider}/callback/-`,
      body: { externalId: v.paymentId, status: 'SUCCESSFUL' },
    },
  ]);
}

/**
 * Routes that take a value but no reference to another record, with why. A route that takes nothing (no path
 * parameter, no query or body field in its catalogue entry) needs no entry. The GET ones are still read after the walk.
 */
const NO_REFERENCE: Record<string, string> = {
  'GET /api/payout-batches/template': 'the same template for everyone; takes only its format',
  'POST /api/payout-batches': "a sheet of the caller's own rows; its batch is the session's account's",
  'POST /api/refresh-token': "takes a session's own secret, not a reference to a record",
  'POST /api/logout': "takes a session's own secret (or none), not a reference to a record",
  'POST /api/sente-account/create-account': "takes a name; the new account is the caller's",
  'POST /api/keys/set-environment': "takes an environment name; the account is the session's",
  'POST /api/sente-account/sms-receipts': "takes a boolean; the account is the session's",
  'POST /api/files/upload': 'the server makes the storage path; the folder is one of five names',
  'POST /api/payment-link/shorten_url': "takes a URL of this site's; short links belong to no account",
  'POST /api/shorten_url': "takes a URL of this site's; short links belong to no account",
  'GET /api/collections/smt_download': "the session's account's export; no cursor or id",
  'POST /api/wallet/mobile-money-name': "takes only a phone number; the answer is the provider's masked name, no account of ours",
  'GET /api/wallet/statement/download': "the session's account's wallet; takes only days and a currency",
  'GET /api/wallet/statement/summary': "the session's account's wallet; takes only days and a currency",
  'GET /api/reports/dashboard-stats': "the session's account's figures; takes only a period name",
  'POST /api/sente-account/update-bank-details': "the caller's own bank account, not a Sente record",
  'POST /api/payout-rules': "the session's account's payout rules; takes only amounts",
  'GET /api/staff/list': "the session's account's team; its cursor is only a position in the caller's own list",
  'POST /api/user/notifications': "the session's own choices for the session's account; takes only flags and amounts",
  'POST /api/staff/register':
    "takes an e-mail to invite to the caller's account; nothing changes for its owner until they prove that mailbox",
  'POST /api/webhook/save-url': "takes two URLs of the merchant's own servers; the account is the session's",
  'POST /v1/collections': "takes an amount, a phone and the merchant's own reference; the account is the API key's",
  'POST /v1/payouts': "takes an amount and a phone; the money is the API key's account's",
  'POST /v1/payout-batches':
    "takes phones, amounts, names and the merchant's own references; the batch is the API key's account's",
};

/** Routes served from the built web app's files, which read nothing from the request. */
/** The web app's built files (`/assets/…`, `/favicon.svg`); an API route may end in a file name too (a link's `qr.png`). */
const isStaticFile = (route: RouteEntry) =>
  route.url.startsWith('/assets/') || (!route.url.startsWith('/api/') && /\.\w+$/.test(route.url));
const walked = () => t.app.routeTable.filter((route) => !isStaticFile(route));
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const hasParameter = (route: RouteEntry) => /[:*]/.test(route.url);
/** The fields of a request schema, unwrapped from its pipes and defaults; one that is not an object counts as a field. */
function fieldsOf(schema: unknown): string[] {
  if (schema === undefined) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return fieldsOf(schema.unwrap());
  return ['(the whole body)'];
}
/** A route that reads nothing from the request but who calls it: no path parameter, no query or body field. */
const takesNothing = (route: RouteEntry) => {
  const entry = (CATALOGUE as Record<string, RouteSchemas>)[keyOf(route)];
  return !hasParameter(route) && fieldsOf(entry?.querystring).length === 0 && fieldsOf(entry?.body).length === 0;
};
/** The route's path as a pattern, so that a probe with a typo cannot pass as "refused" on a route that does not exist. */
const patternOf = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+').replace('*', '.+')}$`);

/**
 * Some walked routes may end the session they are called with: on a 401, sign in again if the session is gone (a 401
 * that is the route's own answer leaves it as it is). Answers whether it signed in again.
 */
async function signedInAgain(): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(owner.accessToken) });
  if (res.statusCode !== 401) return false;
  owner = { ...owner, ...(await signIn(t, owner.email)) };
  return true;
}

/** Controls already answered 2xx: the same request again would prove nothing more. */
const controlsPassed = new Set<string>();

/** One PIN token serves the money routes until a call spends it (minting one per call would take most of the walk). */
let pinTokenInHand: string | undefined;

async function send(method: string, url: string, body: Body | undefined, headers: Record<string, string> = {}, pin = false) {
  if (pin && pinTokenInHand === undefined) {
    // Not pinToken(): a failure here is reported by the request that needed it, not thrown out of the walk.
    const minted = await post(t, owner, '/api/wallet/verify_pin', { pin: PIN });
    pinTokenInHand = minted.statusCode === 200 ? minted.json().pin_token : 'no-pin-token';
  }
  const payload = body && pin ? { ...body, pin_token: pinTokenInHand } : body;
  const request = () =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID(), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  let res = await request();
  if (res.statusCode === 401 && (await signedInAgain())) res = await request();
  if (pin && (res.statusCode < 300 || res.body.includes(WALLET_MESSAGES.pinTokenInvalid))) pinTokenInHand = undefined;
  return { res, sent: `${decodeURIComponent(url)} ${JSON.stringify(payload ?? {})} ${JSON.stringify(headers)}` };
}

/** Everything an answer says: its headers and body, and the cells of a spreadsheet. */
async function answerText(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  let text = `${JSON.stringify(res.headers)}\n${res.body}`;
  if (String(res.headers['content-type']).includes('spreadsheetml') && res.rawPayload.length > 0) {
    const workbook = await readWorkbook(res.rawPayload);
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => {
        text += `\n${JSON.stringify(row.values)}`;
      }),
    );
  }
  return text;
}

/**
 * The victim's values in an answer that it may not carry. A value the request itself carried is left out: echoing
 * what the caller sent tells them nothing new.
 */
function leaked(text: string, sent: string, reveals: readonly VictimKey[] = []): string[] {
  return VICTIM_KEYS.filter((key) => !reveals.includes(key) && !sent.includes(v[key]) && text.includes(v[key])).map(
    (key) => `${key} (${v[key]})`,
  );
}

/** What is wrong with the answers to one probe (and its control). */
async function problemsOf(method: string, probe: Probe): Promise<string[]> {
  const request = `${method} ${probe.url.slice(0, 160)} (${probe.what})`;
  const problems: string[] = [];
  // The control first: the request with the owner's own values must succeed, or the refusal below would prove nothing.
  const controlOf = probe.control && {
    url: probe.control.url ?? probe.url,
    body: probe.control.body ?? probe.body,
    pin: probe.control.ownPinToken ?? probe.ownPinToken,
  };
  const controlKey = controlOf && JSON.stringify([method, controlOf, probe.headers]);
  if (controlOf && controlKey && !controlsPassed.has(controlKey)) {
    const control = await send(method, controlOf.url, controlOf.body, probe.headers, controlOf.pin);
    if (control.res.statusCode < 300) controlsPassed.add(controlKey);
    else {
      problems.push(
        `${request}: its control with the owner's own values answered ${control.res.statusCode} ${control.res.body.slice(0, 200)}, so a refusal would prove nothing`,
      );
    }
  }
  const { res, sent } = await send(method, probe.url, probe.body, probe.headers, probe.ownPinToken);
  const allows2xx = probe.ok !== undefined || probe.public !== undefined;
  if (res.statusCode >= 500) problems.push(`${request}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  else if (!allows2xx && res.statusCode < 400)
    problems.push(`${request}: accepted (${res.statusCode}) ${res.body.slice(0, 300)}`);
  else if (probe.status !== undefined && res.statusCode !== probe.status) {
    problems.push(`${request}: answered ${res.statusCode} where ${probe.status} was due: ${res.body.slice(0, 200)}`);
  } else if (probe.ok !== undefined && res.statusCode >= 400) {
    problems.push(`${request}: answered ${res.statusCode} ${res.body.slice(0, 200)} where it should act on the caller's own`);
  }
  const found = leaked(await answerText(res), sent, probe.public?.reveals);
  if (found.length > 0) problems.push(`${request}: the answer (${res.statusCode}) carries the victim's ${found.join(', ')}`);
  if (probe.seen && res.headers['content-type']?.toString().includes('json')) probe.seen(res.json());
  return problems;
}

/**
 * A route that moved the owner into another account would spoil every request after it: reports it, and puts the
 * owner back. Read once per route: none of a route's probes may move the owner.
 */
async function movedOwner(route: string): Promise<string[]> {
  const { current_account_id } = await t.database.db
    .selectFrom('users')
    .select('current_account_id')
    .where('id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  if (current_account_id === owner.accountId) return [];
  await t.database.db.updateTable('users').set({ current_account_id: owner.accountId }).where('id', '=', owner.userId).execute();
  return [`${route}: made ${current_account_id} the owner's current account`];
}

/**
 * The victim's rows, everything a route could change: equal snapshots mean nothing of the victim changed. Left out on
 * purpose: the one-time codes and the wrong-secret counts that the public sign-in flows keep per address (anyone may
 * ask for a reset code for an address, or try a password on it; that is what they are for, and throttle.ts bounds it).
 */
async function victimSnapshot() {
  const db = t.database.db;
  const accounts = [v.accountId, v.annexId];
  const links = await db.selectFrom('links').selectAll().where('account_id', 'in', accounts).orderBy('id').execute();
  const walletIds = db.selectFrom('wallets').select('id').where('account_id', 'in', accounts);
  const [user, sessions, accountRows, members, linkTotals, collections, customers, transfers, files, wallets, pins, entries] =
    await Promise.all([
      db.selectFrom('users').selectAll().where('id', '=', v.userId).executeTakeFirstOrThrow(),
      db.selectFrom('sessions').selectAll().where('user_id', '=', v.userId).orderBy('id').execute(),
      db.selectFrom('accounts').selectAll().where('id', 'in', accounts).orderBy('id').execute(),
      db
        .selectFrom('account_members')
        .selectAll()
        .where((eb) => eb.or([eb('account_id', 'in', accounts), eb('user_id', '=', v.userId)]))
        .orderBy('id')
        .execute(),
      db
        .selectFrom('link_totals')
        .selectAll()
        .where(
          'link_id',
          'in',
          links.map((link) => link.id),
        )
        .orderBy('link_id')
        .orderBy('environment')
        .execute(),
      db
        .selectFrom('collections')
        .selectAll()
        .where('account_id', 'in', accounts)
        .where('id', 'not in', [randomUUID(), ...openedOnVictim]) // (an unknown id keeps the list from being empty)
        .orderBy('id')
        .execute(),
      db.selectFrom('customers').selectAll().where('account_id', 'in', accounts).orderBy('id').execute(),
      db
        .selectFrom('transfers')
        .selectAll()
        .where((eb) => eb.or([eb('account_id', 'in', accounts), eb('recipient_account_id', 'in', accounts)]))
        .orderBy('id')
        .execute(),
      db.selectFrom('files').selectAll().where('account_id', 'in', accounts).orderBy('id').execute(),
      db.selectFrom('wallets').selectAll().where('account_id', 'in', accounts).orderBy('id').execute(),
      db
        .selectFrom('wallet_pins')
        .selectAll()
        .where((eb) => eb.or([eb('account_id', 'in', accounts), eb('user_id', '=', v.userId)]))
        .orderBy('account_id')
        .execute(),
      db.selectFrom('ledger_entries').select(['id', 'amount']).where('wallet_id', 'in', walletIds).orderBy('id').execute(),
    ]);
  const [compliance, dailyTotals, webhookEvents, linkAttachments] = await Promise.all([
    db.selectFrom('compliance_files').selectAll().where('account_id', 'in', accounts).orderBy('id').execute(),
    db
      .selectFrom('collection_daily_totals')
      .selectAll()
      .where('account_id', 'in', accounts)
      .orderBy(['account_id', 'environment', 'day', 'channel', 'currency'])
      .execute(),
    db.selectFrom('webhook_events').selectAll().where('account_id', 'in', accounts).orderBy('id').execute(),
    db
      .selectFrom('link_attachments')
      .selectAll()
      .where(
        'link_id',
        'in',
        links.map((link) => link.id),
      )
      .orderBy(['link_id', 'position'])
      .execute(),
  ]);
  return {
    compliance,
    linkAttachments,
    dailyTotals,
    webhookEvents,
    user,
    sessions,
    accounts: accountRows,
    members,
    links,
    linkTotals,
    collections,
    customers,
    transfers,
    files,
    wallets,
    balances: (await moneySnapshot(t, ...accounts)).balances,
    pins,
    entries,
  };
}

describe("every route, called with another account's values", () => {
  it('walks every route of the app that takes something: by PARAMS, or else by CASES or NO_REFERENCE', () => {
    const routes = walked();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter(takesNothing).length).toBeGreaterThan(10);
    const byParams = routes.filter((route) => walksByParams(route) && hasParameter(route));
    expect(byParams.length).toBeGreaterThan(30);
    const keys = new Set(routes.map(keyOf));
    const problems = [
      ...byParams
        .filter((route) => unfixed(route).length > 0)
        .map(
          (route) =>
            `${keyOf(route)} is not walked: add ${unfixed(route).join(', ')} to PARAMS in route-walk-accounts.test.ts ` +
            "with the victim's values it takes",
        ),
      ...routes
        .filter(
          (route) =>
            !(walksByParams(route) && hasParameter(route)) &&
            !(keyOf(route) in CASES) &&
            !(keyOf(route) in NO_REFERENCE) &&
            !takesNothing(route),
        )
        .map(
          (route) =>
            `${keyOf(route)} is not walked: add it to CASES in route-walk-accounts.test.ts with another account's ` +
            'values for each id, ref, code, path or account it takes, or to NO_REFERENCE saying why it takes none',
        ),
      ...routes
        .filter((route) => hasParameter(route) && keyOf(route) in NO_REFERENCE)
        .map((route) => `${keyOf(route)} has a path parameter: it belongs in CASES, not NO_REFERENCE`),
      ...[...Object.keys(CASES), ...Object.keys(NO_REFERENCE), ...Object.keys(REFUSALS), ...Object.keys(BODIES)]
        .filter((key) => !keys.has(key))
        .map((key) => `${key} is listed but the app has no such route: remove or rename it`),
      ...Object.keys(PARAMS)
        .filter((path) => !byParams.some((route) => paramsOf(route.url).some((param) => param.path === path)))
        .map((path) => `${path} is in PARAMS but no account's route has that parameter: remove or rename it`),
    ];
    expect(problems).toEqual([]);
  });

  it("gives the owner none of the victim's data and acts on none of its records", async () => {
    const before = await victimSnapshot();
    const problems: string[] = [];
    for (const route of walked()) {
      const probes = [
        ...(walksByParams(route) && hasParameter(route) ? await paramProbes(route) : []),
        ...(CASES[keyOf(route)]?.() ?? []),
      ];
      for (const probe of probes) {
        if (!patternOf(route.url).test(probe.url.split('?')[0]!)) {
          problems.push(`${keyOf(route)}: the probe "${probe.what}" calls ${probe.url}, another route`);
          continue;
        }
        problems.push(...(await problemsOf(route.method, probe)));
      }
      if (probes.length > 0) problems.push(...(await movedOwner(keyOf(route))));
    }
    // After the walk, every page the owner reads without a reference still carries nothing of the victim. Those of rate
    // class 'none' are health and fixed files (the API reference): the same for everyone, they read no account's data.
    for (const route of walked().filter((r) => r.method === 'GET' && !hasParameter(r) && r.rateClass !== 'none')) {
      const probe = { what: 'after the walk', url: route.url, public: { why: "the caller's own pages", reveals: [] } };
      problems.push(...(await problemsOf('GET', probe)));
    }
    problems.push(...(await movedOwner('the pages read after the walk')));
    expect.soft(problems).toEqual([]);
    expect(openedOnVictim).toHaveLength(1);

    expect(await victimSnapshot(), 'nothing of the victim changed').toEqual(before);
  }, 60_000);

  it('leaves nothing of the owner pointing at the victim', async () => {
    const db = t.database.db;
    const ownerAccounts = [owner.accountId, o.annexId];
    const victimFiles = [v.imagePath, v.itemImagePath, v.logoPath, v.certificatePath, v.productPath, v.attachmentPath];
    const [user, accounts, links, members, transfers, files, attached] = await Promise.all([
      db.selectFrom('users').selectAll().where('id', '=', owner.userId).executeTakeFirstOrThrow(),
      db.selectFrom('accounts').selectAll().where('id', 'in', ownerAccounts).execute(),
      db.selectFrom('links').select(['id', 'image', 'file']).where('account_id', 'in', ownerAccounts).execute(),
      db.selectFrom('account_members').select(['account_id']).where('user_id', '=', owner.userId).execute(),
      db
        .selectFrom('transfers')
        .select(['id', 'kind', 'creator_id', 'recipient_account_id'])
        .where('account_id', 'in', ownerAccounts)
        .execute(),
      db.selectFrom('files').select(['account_id', 'path']).where('path', 'in', victimFiles).execute(),
      db
        .selectFrom('link_attachments')
        .innerJoin('links', 'links.id', 'link_attachments.link_id')
        .innerJoin('files', 'files.id', 'link_attachments.file_id')
        .select(['links.id', 'files.path'])
        .where('links.account_id', 'in', ownerAccounts)
        .execute(),
    ]);
    expect.soft(user.current_account_id, "the owner's current account").toBe(owner.accountId);
    expect.soft(user.phone, "the owner's phone is the victim's sign-in").not.toBe(internationalPhone(v.phone));
    expect.soft(accounts.map((a) => a.company_logo).filter((logo) => victimFiles.includes(logo ?? ''))).toEqual([]);
    expect
      .soft(links.filter((link) => victimFiles.includes(link.image ?? '') || victimFiles.includes(link.file ?? '')))
      .toEqual([]);
    expect.soft(attached.filter((row) => victimFiles.includes(row.path))).toEqual([]);
    expect.soft(attached.map((row) => row.path)).toContain(o.attachment);
    expect.soft(members.map((m) => m.account_id).sort()).toEqual([...ownerAccounts].sort());
    expect.soft(transfers.length).toBeGreaterThan(0);
    // The one transfer without a member is the /v1 refund control's: an API key creates it, no one signed in.
    const byKey = (row: (typeof transfers)[number]) => row.creator_id === null && row.kind === 'refund';
    expect.soft(transfers.filter(byKey)).toHaveLength(1);
    expect.soft(transfers.filter((row) => row.creator_id !== owner.userId && !byKey(row))).toEqual([]);
    expect.soft(transfers.filter((row) => [v.accountId, v.annexId].includes(row.recipient_account_id ?? ''))).toEqual([]);
    expect.soft(files.every((file) => file.account_id === victim.accountId)).toBe(true);

    // The victim's phone still signs the victim in (the older user is found first where two share an identifier).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { emailOrPhone: v.phone, password: PASSWORD },
    });
    expect.soft([login.statusCode, login.json().data?.email], "the victim's phone signs in someone else").toEqual([200, v.email]);
  });
});
