/**
 * DESIGN §7 "People and access": each of the six roles, as a real member who joined the account by invitation,
 * against every authenticated endpoint of the platform. The routes come from the app's own route table, and each must
 * be a row of MATRIX (the right it needs and a valid request) or listed in OUTSIDE_THE_MATRIX with why: a new route
 * fails the first test until it is, and a new endpoint is one new row. Every row is called by every role: a role with
 * the right gets the row's success answer, a role without it gets 403 with MESSAGES.forbiddenForRole.
 *
 * The rows run in the table's order, each with every role in turn. Nothing a row does may spoil a later one: each
 * role edits, hides and removes fixtures of its own, the money routes draw on a funded wallet, a row that moves the
 * caller to another account or environment puts it back (`after`), and each test checks the caller is still in the
 * account afterwards.
 */
import { randomUUID } from 'node:crypto';
import { RIGHTS, type Right, STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from './app.ts';
import {
  checkedDraft,
  csvOf,
  goodRows,
  newBatch,
  registeredName,
  rowsOf,
  runBatchWork,
  submittedBatch,
} from './testing/batches.ts';
import { answer, get, post } from './testing/http.ts';
import { DIGITAL_ITEM, DONATION_LINK, PAYMENT_LINK } from './testing/links.ts';
import { lastCode, lastTextedCode } from './testing/outbox.ts';
import { createDonationLink, createPaymentLink, type Merchant, payId } from './testing/payments.ts';
import { invite, inviteToken, joinByInvitation } from './testing/rights.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { accountNumber, fundWallet, PIN, saveBankDetails, setPin, WALLET_ENV } from './testing/transfers.ts';
import { createMember, createNamedMerchant, mintPinToken } from './testing/transfers-more.ts';
import { multipartBody, SAMPLES, uploadPath } from './testing/upload-fixtures.ts';
import { bearer, createAccount, skipCodeCooldown, uniqueEmail } from './testing/users.ts';

/** No limit may hide an answer behind a 429 here; payments and payouts settle only when a test says so. */
const ENV = {
  ...WALLET_ENV,
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  SHORTEN_RATE_LIMIT_PER_MINUTE: '1000000',
};

/**
 * DESIGN §7's table, written out here rather than read from RIGHTS, so that a change to RIGHTS that departs from the
 * design fails (the second test) instead of moving the expectations with it.
 */
const DESIGN_RIGHTS: Record<Right, readonly StaffRole[]> = {
  // see dashboard, collections, customers, links, reports
  view: ['owner', 'administrator', 'operations', 'developer', 'customer_support', 'user'],
  // create and edit links, donation links, digital items
  manageLinks: ['owner', 'administrator', 'operations'],
  // move money (transfers, settlements, payouts, refunds)
  moveMoney: ['owner', 'administrator', 'operations'],
  // resend a payer's receipt: Customer Support answers "I never got my receipt"
  resendReceipts: ['owner', 'administrator', 'operations', 'customer_support'],
  // API keys and webhooks
  manageDevelopers: ['owner', 'administrator', 'developer'],
  // team, business and bank details, compliance, logo, environment
  manageAccount: ['owner', 'administrator'],
};

/** What a row needs: a right on the caller's current account, or only a session (any signed-in user, any role). */
type Need = Right | 'session';
const mayCall = (need: Need, role: StaffRole) => need === 'session' || DESIGN_RIGHTS[need].includes(role);

/** A role's member and the fixtures of its own that its rows edit, hide or remove. */
type Caller = {
  role: StaffRole;
  member: Merchant;
  paymentLink: { id: string; ref: string };
  donation: { id: string; ref: string };
  item: { id: string; ref: string };
  /** A compliance document of the account's, for the role's own call to remove one. */
  complianceFileId: string;
  /** An open invitation of the account's, for the role's own call to remove a member. */
  throwawayInviteId: string;
  /** Another account's invitation to the member's address, for the role's own call to accept one. */
  otherAccountInvite: string;
};

type Call = { url: string; body?: object; multipart?: { payload: Buffer; headers: Record<string, string> } };

type Row = {
  /** `METHOD /path` exactly as the route table has it. */
  route: string;
  needs: Need;
  /** The answer a role with the right gets. */
  ok: number;
  /** A valid request for the route, as `as`. */
  call: (as: Caller) => Call | Promise<Call>;
  /** Puts back what the row changed that later rows rely on (runs after every role's call, allowed or not). */
  after?: (as: Caller) => Promise<void>;
};

let t: TestApp;
/** Kampala Crafts: the account every member joined. Its owner created it. */
let owner: Merchant;
/** Gulu Traders: receives the transfers, and invites every member, for the accept row. */
let other: Merchant;
let otherNumber: string;
const callers = {} as Record<StaffRole, Caller>;
/** Kampala Crafts' uploads and links that every role reads or points at. */
let s: {
  image: string;
  product: string;
  logo: string;
  certificate: string;
  paymentLink: { id: string; ref: string };
  donation: { id: string; ref: string };
  item: { id: string; ref: string };
  /** A successful payment of the account whose payer gave an e-mail: what a payment's view and its receipt need. */
  payment: string;
};

const BUSINESS_DETAILS = {
  business_name: 'Kampala Crafts Ltd',
  business_industry: 'Retail',
  business_email: 'info@kampala-crafts.example',
  business_phone: '0772000222',
  reg_date: '2020-01-10',
  country: 'Uganda',
  city: 'Kampala',
  address_1: 'Plot 7, Luwum Street',
};

const resetCodeOf = (email: string) => {
  try {
    return lastCode(t.outboxDir, email, 'Reset your Sente wallet PIN');
  } catch {
    return '123456';
  }
};

/** Each role's member's own Ugandan mobile, as SMS takes it. */
const phoneOf = (role: StaffRole) => `25677099900${STAFF_ROLES.indexOf(role)}`;
const textedCodeOf = (phone: string) => {
  try {
    return lastTextedCode(t.dataDir, phone);
  } catch {
    return '123456';
  }
};

/** The PIN each role changes to (change_pin), before resetting it back to PIN (reset_pin). */
const NEW_PIN = '86420';

const digitalItem = () => ({ ...DIGITAL_ITEM, image: s.image, file: s.product });

/**
 * The payout batches' fixtures: a member of operations who makes the batches the roles approve, reject or accept a
 * name on (none may answer their own), and a paid batch with a failed row that every role reads and retries.
 */
let b: { maker: Merchant; paid: string };
let rowSeed = 0;
/** Row numbers no batch of the run has used, so that every sheet's references and numbers are its own. */
const nextRow = () => (rowSeed += 10);
/** A sheet name the simulator's registered name for the number never matches. */
const MISMATCHED_NAME = 'Zzyzx Quorra';
/** Who makes a row's own draft: the role's member when it may, else the owner (the call is refused before it is read). */
const makerFor = (as: Caller) => (mayCall('moveMoney', as.role) ? as.member : owner);
const draftOf = (as: Caller) => newBatch(t, makerFor(as), goodRows(2, nextRow()));

/** The account's approval threshold (decision 067), written as its Payout rules tab saves it. */
async function setThreshold(approval_threshold: number): Promise<void> {
  await t.database.db
    .insertInto('payout_rules')
    .values({ account_id: owner.accountId, approval_threshold, updated_by: owner.userId, updated_at: new Date() })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ approval_threshold }))
    .execute();
}

/** A payout of the batches' maker above a threshold of 1,500: awaiting another member's approval. */
async function awaitingPayout(): Promise<string> {
  await setThreshold(1_500);
  const res = await post(
    t,
    b.maker,
    '/api/yo/process_payout',
    { amount: 2_000, account: '0772123456', narrative: 'Supplier', pin_token: await mintPinToken(t, b.maker) },
    { 'idempotency-key': randomUUID() },
  );
  return (must(res, 'process_payout', 201) as { id: string }).id;
}
/** A payout of the caller's own above the threshold, to withdraw; one who may not move money is given the maker's. */
async function ownAwaitingPayout({ role, member }: Caller): Promise<string> {
  if (!mayCall('moveMoney', role)) return awaitingPayout();
  await setThreshold(1_500);
  const res = await post(
    t,
    member,
    '/api/yo/process_payout',
    { amount: 2_000, account: '0772123456', narrative: 'Supplier', pin_token: await mintPinToken(t, member) },
    { 'idempotency-key': randomUUID() },
  );
  return (must(res, 'process_payout', 201) as { id: string }).id;
}
const setEnvironment = (environment: string) => post(t, owner, '/api/keys/set-environment', { environment });

/** One row per endpoint. A new endpoint is one new row here. */
const MATRIX: Row[] = [
  // The session's own user and accounts: any signed-in user, whatever their role
  { route: 'GET /api/user/profile', needs: 'session', ok: 200, call: () => ({ url: '/api/user/profile' }) },
  { route: 'GET /api/support', needs: 'session', ok: 200, call: () => ({ url: '/api/support' }) },
  {
    route: 'POST /api/user/update-profile',
    needs: 'session',
    ok: 200,
    call: ({ member }) => ({
      url: '/api/user/update-profile',
      body: { firstname: member.firstname, lastname: member.lastname },
    }),
  },
  // Decision 070: the member proves the profile's phone with a code texted to it; each role's member has a number of its own
  {
    route: 'POST /api/user/phone/send-code',
    needs: 'session',
    ok: 200,
    call: async ({ role, member }) => {
      await t.database.db
        .updateTable('users')
        .set({ phone: `+${phoneOf(role)}`, phone_verified_at: null })
        .where('id', '=', member.userId)
        .execute();
      await skipCodeCooldown(t, member.userId, 'verify_phone');
      return { url: '/api/user/phone/send-code', body: {} };
    },
  },
  {
    route: 'POST /api/user/phone/verify',
    needs: 'session',
    ok: 200,
    // The code send-code texted the member; before that row (the 401 checks) there is none, and any well-formed code
    // shows the refusal is the session's.
    call: ({ role }) => ({ url: '/api/user/phone/verify', body: { code: textedCodeOf(phoneOf(role)) } }),
  },
  {
    route: 'POST /api/sente-account/create-account',
    needs: 'session',
    ok: 201,
    call: ({ role }) => ({ url: '/api/sente-account/create-account', body: { account_name: `Side shop of the ${role}` } }),
    // The new side shop becomes the member's current account: back to Kampala Crafts.
    after: async ({ member }) => {
      const res = await post(t, member, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
      if (res.statusCode !== 200) throw new Error(`switch-account answered ${res.statusCode}: ${res.body}`);
    },
  },
  {
    route: 'POST /api/sente-account/switch-account',
    needs: 'session',
    ok: 200,
    call: () => ({ url: '/api/sente-account/switch-account', body: { sente_account_id: owner.accountId } }),
  },
  {
    route: 'POST /api/staff/accept',
    needs: 'session',
    ok: 200,
    call: (as) => ({ url: '/api/staff/accept', body: { invite: as.otherAccountInvite } }),
    // Accepting lands the member in Gulu Traders: back to Kampala Crafts.
    after: async ({ member }) => {
      const res = await post(t, member, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
      if (res.statusCode !== 200) throw new Error(`switch-account answered ${res.statusCode}: ${res.body}`);
    },
  },

  // Dashboard and reports: any member
  {
    route: 'GET /api/reports/dashboard-stats',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/reports/dashboard-stats?period=30d' }),
  },

  // Payment links
  {
    route: 'POST /api/payment-link/create',
    needs: 'manageLinks',
    ok: 201,
    call: ({ role }) => ({ url: '/api/payment-link/create', body: { ...PAYMENT_LINK, title: `Fees by the ${role}` } }),
  },
  {
    route: 'POST /api/payment-link/update/:id',
    needs: 'manageLinks',
    ok: 200,
    call: ({ paymentLink }) => ({ url: `/api/payment-link/update/${paymentLink.id}`, body: PAYMENT_LINK }),
  },
  {
    route: 'POST /api/payment-link/enable_or_disable/:id',
    needs: 'manageLinks',
    ok: 200,
    call: ({ paymentLink }) => ({ url: `/api/payment-link/enable_or_disable/${paymentLink.id}`, body: { is_disabled: true } }),
  },
  { route: 'GET /api/payment-link', needs: 'view', ok: 200, call: () => ({ url: '/api/payment-link' }) },
  {
    route: 'GET /api/payment-link/details/:ref',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/payment-link/details/${s.paymentLink.ref}` }),
  },

  // Donation links
  {
    route: 'POST /api/donation-link/create',
    needs: 'manageLinks',
    ok: 201,
    call: ({ role }) => ({ url: '/api/donation-link/create', body: { ...DONATION_LINK, title: `Borehole by the ${role}` } }),
  },
  {
    route: 'POST /api/donation-link/update/:id',
    needs: 'manageLinks',
    ok: 200,
    call: ({ donation }) => ({ url: `/api/donation-link/update/${donation.id}`, body: DONATION_LINK }),
  },
  { route: 'GET /api/donation-link', needs: 'view', ok: 200, call: () => ({ url: '/api/donation-link' }) },
  {
    route: 'GET /api/donation-link/details/:ref',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/donation-link/details/${s.donation.ref}` }),
  },

  // Digital items (update before hide: each role hides the item it updated)
  {
    route: 'POST /api/donation-link/create_digital_item',
    needs: 'manageLinks',
    ok: 201,
    call: () => ({ url: '/api/donation-link/create_digital_item', body: digitalItem() }),
  },
  {
    route: 'POST /api/donation-link/update_digital_item/:id',
    needs: 'manageLinks',
    ok: 200,
    call: ({ item }) => ({ url: `/api/donation-link/update_digital_item/${item.id}`, body: digitalItem() }),
  },
  {
    route: 'POST /api/donation-link/hide_digital_item/:id',
    needs: 'manageLinks',
    ok: 200,
    call: ({ item }) => ({ url: `/api/donation-link/hide_digital_item/${item.id}`, body: { shouldHide: true } }),
  },
  {
    route: 'GET /api/donation-link/get_digital_items',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/donation-link/get_digital_items' }),
  },
  {
    route: 'GET /api/donation-link/details_degital_item/:ref',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/donation-link/details_degital_item/${s.item.ref}` }),
  },

  // Files: any member may upload (what it may be saved on is checked where it is saved) and read the account's own
  {
    route: 'POST /api/files/upload',
    needs: 'view',
    ok: 200,
    call: async ({ role }) => ({
      url: '/api/files/upload',
      multipart: await multipartBody([
        ['folder', 'uploads'],
        ['file', { bytes: SAMPLES.png, name: `${role}.png` }],
      ]),
    }),
  },
  {
    route: 'GET /api/files/signed-url',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/files/signed-url?path=${encodeURIComponent(s.certificate)}` }),
  },

  // Collections and customers
  { route: 'GET /api/collections', needs: 'view', ok: 200, call: () => ({ url: '/api/collections' }) },
  { route: 'GET /api/collections/download', needs: 'view', ok: 200, call: () => ({ url: '/api/collections/download' }) },
  {
    route: 'GET /api/payment-link/collections/:ref',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/payment-link/collections/${s.paymentLink.ref}` }),
  },
  {
    route: 'GET /api/payment-link/collections/:ref/download',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/payment-link/collections/${s.paymentLink.ref}/download` }),
  },
  { route: 'GET /api/collections/:id', needs: 'view', ok: 200, call: () => ({ url: `/api/collections/${s.payment}` }) },
  {
    // Sending a payer their receipt again is for the members who make the links payers pay on and for Customer Support.
    route: 'POST /api/collections/:id/resend-receipt',
    needs: 'resendReceipts',
    ok: 200,
    // A payment's receipt goes at most once a minute: as if its receipts (the first, each role's) had gone long ago.
    call: async () => {
      await t.database.db
        .updateTable('collection_events')
        .set({ created_at: new Date(Date.now() - 10 * 60_000) })
        .where('collection_id', '=', s.payment)
        .execute();
      return { url: `/api/collections/${s.payment}/resend-receipt` };
    },
  },
  {
    // A refund (decision 053): paying a payer back is moving money, with a PIN token of the member's own (UGX 1,000 of the
    // payment's 25,000 for each role that may).
    route: 'POST /api/collections/:id/refund',
    needs: 'moveMoney',
    ok: 201,
    call: async ({ member }) => ({
      url: `/api/collections/${s.payment}/refund`,
      body: { amount: 1000, reason: 'Wrong size', pin_token: await mintPinToken(t, member) },
    }),
  },
  { route: 'GET /api/customers', needs: 'view', ok: 200, call: () => ({ url: '/api/customers' }) },
  { route: 'GET /api/customers/download', needs: 'view', ok: 200, call: () => ({ url: '/api/customers/download?q=Okello' }) },
  { route: 'GET /api/search', needs: 'view', ok: 200, call: () => ({ url: '/api/search?q=Okello' }) },

  // Wallet: reading it is any member's; the PIN, the look-ups and every way out are moving money
  {
    route: 'POST /api/wallet/get_account_number_if_exists',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/wallet/get_account_number_if_exists', body: { sente_account_id: owner.accountId } }),
  },
  { route: 'GET /api/wallet/charges', needs: 'view', ok: 200, call: () => ({ url: '/api/wallet/charges' }) },
  { route: 'GET /api/wallet/usd', needs: 'view', ok: 200, call: () => ({ url: '/api/wallet/usd' }) },
  {
    route: 'POST /api/wallet/pin_exists',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/pin_exists', body: { sente_account_id: owner.accountId } }),
  },
  // Each member's PIN is their own: the set here is what the verify below checks.
  {
    route: 'POST /api/wallet/set_pin',
    needs: 'moveMoney',
    ok: 201,
    call: ({ member }) => ({
      url: '/api/wallet/set_pin',
      body: { sente_account_id: owner.accountId, user_id: member.userId, active_environment: 'test', pin: PIN },
    }),
  },
  {
    route: 'POST /api/wallet/verify_pin',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/verify_pin', body: { sente_account_id: owner.accountId, pin: PIN } }),
  },
  // The member's own PIN, changed and then reset with the code e-mailed to them (each role has its own PIN and mailbox).
  {
    route: 'POST /api/wallet/change_pin',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({
      url: '/api/wallet/change_pin',
      body: { sente_account_id: owner.accountId, old_pin: PIN, new_pin: NEW_PIN, new_pin_confirmation: NEW_PIN },
    }),
  },
  {
    route: 'POST /api/wallet/pin_reset_code',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/pin_reset_code', body: { sente_account_id: owner.accountId } }),
  },
  {
    route: 'POST /api/wallet/reset_pin',
    needs: 'moveMoney',
    ok: 200,
    call: ({ role, member }) => ({
      url: '/api/wallet/reset_pin',
      body: {
        sente_account_id: owner.accountId,
        // The code pin_reset_code e-mailed the member; before that row (the 401 checks) or for a role without the
        // right there is none, and any well-formed code shows the refusal is the session's or the role's.
        code: mayCall('moveMoney', role) ? resetCodeOf(member.email) : '123456',
        new_pin: PIN,
        new_pin_confirmation: PIN,
      },
    }),
  },
  {
    route: 'POST /api/wallet/verify_sente_acc_number',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/verify_sente_acc_number', body: { sente_account_number: otherNumber } }),
  },
  {
    route: 'POST /api/wallet/mobile-money-name',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/mobile-money-name', body: { phone: '0772000011' } }),
  },
  {
    route: 'POST /api/wallet/user_with_sente',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/wallet/user_with_sente', body: { sente_account_id: other.accountId } }),
  },
  // The ways out take a PIN token of the member's own; written directly, so that a failed verify above cannot spoil them.
  {
    route: 'POST /api/wallet-transfers/p2p',
    needs: 'moveMoney',
    ok: 201,
    call: async ({ member }) => ({
      url: '/api/wallet-transfers/p2p',
      body: {
        senderAccountId: owner.accountId,
        recipientAccountId: other.accountId,
        amount: 1000,
        reason: 'Stock',
        env: 'test',
        pin_token: await mintPinToken(t, member),
      },
    }),
  },
  {
    route: 'POST /api/settlements/create',
    needs: 'moveMoney',
    ok: 201,
    call: async ({ member }) => ({
      url: '/api/settlements/create',
      body: { amount: 1000, reason: 'Monthly payout', pin_token: await mintPinToken(t, member) },
    }),
  },
  {
    route: 'POST /api/yo/process_payout',
    needs: 'moveMoney',
    ok: 201,
    call: async ({ member }) => ({
      url: '/api/yo/process_payout',
      body: {
        active_env: 'test',
        sente_account_id: owner.accountId,
        amount: 1000,
        account: '0772123456',
        narrative: 'Supplier',
        pin_token: await mintPinToken(t, member),
      },
    }),
  },
  { route: 'GET /api/settlements', needs: 'view', ok: 200, call: () => ({ url: '/api/settlements' }) },
  // A movement above the approval threshold (decision 067): another member who may move money answers it
  {
    route: 'POST /api/transfers/:id/approve',
    needs: 'moveMoney',
    ok: 200,
    call: async ({ member }) => ({
      url: `/api/transfers/${await awaitingPayout()}/approve`,
      body: { pin_token: await mintPinToken(t, member) },
    }),
    after: () => setThreshold(0),
  },
  {
    route: 'POST /api/transfers/:id/decline',
    needs: 'moveMoney',
    ok: 200,
    call: async () => ({ url: `/api/transfers/${await awaitingPayout()}/decline`, body: { reason: 'Not this supplier' } }),
    after: () => setThreshold(0),
  },
  // What waits for the caller's approval: any member reads it (0 for one who may not move money)
  {
    route: 'GET /api/transfers/awaiting-approval',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/transfers/awaiting-approval' }),
  },
  // The member who asked withdraws their own (decision 071)
  {
    route: 'POST /api/transfers/:id/withdraw',
    needs: 'moveMoney',
    ok: 200,
    call: async (as) => ({ url: `/api/transfers/${await ownAwaitingPayout(as)}/withdraw`, body: {} }),
    after: () => setThreshold(0),
  },
  { route: 'GET /api/collections/smt_download', needs: 'view', ok: 200, call: () => ({ url: '/api/collections/smt_download' }) },
  // The wallet statement (decision 052): reading it is any member's, as the balance is
  { route: 'GET /api/wallet/statement', needs: 'view', ok: 200, call: () => ({ url: '/api/wallet/statement' }) },
  {
    route: 'GET /api/wallet/statement/summary',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/wallet/statement/summary' }),
  },
  {
    route: 'GET /api/wallet/statement/download',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/wallet/statement/download' }),
  },

  // Payout batches (decision 066): any member reads them; those who move money make their own and answer another's
  { route: 'GET /api/payout-batches', needs: 'view', ok: 200, call: () => ({ url: '/api/payout-batches' }) },
  { route: 'GET /api/payout-batches/template', needs: 'view', ok: 200, call: () => ({ url: '/api/payout-batches/template' }) },
  {
    route: 'POST /api/payout-batches',
    needs: 'moveMoney',
    ok: 201,
    call: async ({ role }) => ({
      url: '/api/payout-batches',
      multipart: await multipartBody([['file', { bytes: csvOf(goodRows(2, nextRow())), name: `${role}.csv` }]]),
    }),
  },
  { route: 'GET /api/payout-batches/:id', needs: 'view', ok: 200, call: () => ({ url: `/api/payout-batches/${b.paid}` }) },
  {
    route: 'GET /api/payout-batches/:id/rows',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/payout-batches/${b.paid}/rows` }),
  },
  {
    route: 'GET /api/payout-batches/:id/result',
    needs: 'view',
    ok: 200,
    call: () => ({ url: `/api/payout-batches/${b.paid}/result` }),
  },
  {
    route: 'DELETE /api/payout-batches/:id',
    needs: 'moveMoney',
    ok: 200,
    call: async (as) => ({ url: `/api/payout-batches/${(await draftOf(as)).id}` }),
  },
  {
    route: 'PUT /api/payout-batches/:id/rows/:rowId',
    needs: 'moveMoney',
    ok: 200,
    call: async (as) => {
      const draft = await draftOf(as);
      const [row] = await rowsOf(t, owner, draft.id);
      return {
        url: `/api/payout-batches/${draft.id}/rows/${row!.id}`,
        body: { phone: row!.phone, amount: '2000', name: row!.name, reference: row!.reference, narrative: 'Edited' },
      };
    },
  },
  {
    route: 'DELETE /api/payout-batches/:id/rows/:rowId',
    needs: 'moveMoney',
    ok: 200,
    call: async (as) => {
      const draft = await draftOf(as);
      const [row] = await rowsOf(t, owner, draft.id);
      return { url: `/api/payout-batches/${draft.id}/rows/${row!.id}` };
    },
  },
  {
    route: 'POST /api/payout-batches/:id/submit',
    needs: 'moveMoney',
    ok: 200,
    call: async (as) => ({
      url: `/api/payout-batches/${(await checkedDraft(t, makerFor(as), goodRows(1, nextRow()))).id}/submit`,
      body: {},
    }),
  },
  {
    route: 'POST /api/payout-batches/:id/rows/:rowId/accept-name',
    needs: 'moveMoney',
    ok: 200,
    call: async () => {
      const batch = await submittedBatch(t, b.maker, [
        [...goodRows(1, nextRow())[0]!.slice(0, 2), MISMATCHED_NAME, `R-${nextRow()}`],
      ]);
      const [row] = await rowsOf(t, owner, batch.id);
      return { url: `/api/payout-batches/${batch.id}/rows/${row!.id}/accept-name`, body: {} };
    },
  },
  {
    route: 'POST /api/payout-batches/:id/approve',
    needs: 'moveMoney',
    ok: 200,
    call: async ({ member }) => ({
      url: `/api/payout-batches/${(await submittedBatch(t, b.maker, goodRows(1, nextRow()))).id}/approve`,
      body: { pin_token: await mintPinToken(t, member) },
    }),
  },
  {
    route: 'POST /api/payout-batches/:id/reject',
    needs: 'moveMoney',
    ok: 200,
    call: async () => ({
      url: `/api/payout-batches/${(await submittedBatch(t, b.maker, goodRows(1, nextRow()))).id}/reject`,
      body: { reason: 'Not this month' },
    }),
  },
  {
    route: 'POST /api/payout-batches/:id/withdraw',
    needs: 'moveMoney',
    ok: 200,
    call: async ({ role, member }) => {
      const maker = mayCall('moveMoney', role) ? member : b.maker;
      return { url: `/api/payout-batches/${(await submittedBatch(t, maker, goodRows(1, nextRow()))).id}/withdraw`, body: {} };
    },
  },
  {
    route: 'POST /api/payout-batches/:id/retry',
    needs: 'moveMoney',
    ok: 201,
    call: () => ({ url: `/api/payout-batches/${b.paid}/retry`, body: {} }),
  },

  // Business and bank details, compliance, logo, environment: owners and administrators
  {
    route: 'POST /api/user/update-business-details',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({ url: '/api/user/update-business-details', body: { ...BUSINESS_DETAILS, certificate_url: s.certificate } }),
  },
  {
    route: 'POST /api/sente-account/save-sente-files',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({
      url: '/api/sente-account/save-sente-files',
      body: { files: [{ file_name: 'TIN certificate', file_path: s.certificate }] },
    }),
  },
  {
    route: 'GET /api/sente-account/sente-files',
    needs: 'view',
    ok: 200,
    call: () => ({ url: '/api/sente-account/sente-files' }),
  },
  {
    route: 'POST /api/sente-account/remove-sente-file/:id',
    needs: 'manageAccount',
    ok: 200,
    call: ({ complianceFileId }) => ({ url: `/api/sente-account/remove-sente-file/${complianceFileId}` }),
  },
  {
    route: 'POST /api/sente-account/update-logo',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({ url: '/api/sente-account/update-logo', body: { company_logo: s.logo } }),
  },
  {
    route: 'POST /api/sente-account/sms-receipts',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({ url: '/api/sente-account/sms-receipts', body: { enabled: false } }),
  },
  {
    route: 'POST /api/sente-account/update-bank-details',
    needs: 'manageAccount',
    ok: 200,
    call: ({ role }) => ({
      url: '/api/sente-account/update-bank-details',
      body: { bank_name: 'Stanbic Bank Uganda', account_number: '9030012345678', account_name: `Kampala Crafts (${role})` },
    }),
  },
  // Payout rules: every member reads them; owners and administrators set them (every cap off, so no later row is refused).
  { route: 'GET /api/payout-rules', needs: 'view', ok: 200, call: () => ({ url: '/api/payout-rules' }) },
  // What the member may still send today: for those who move money.
  {
    route: 'GET /api/payout-rules/allowance',
    needs: 'moveMoney',
    ok: 200,
    call: () => ({ url: '/api/payout-rules/allowance' }),
  },
  {
    route: 'POST /api/payout-rules',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({ url: '/api/payout-rules', body: { approval_threshold: 1_000_000 } }),
  },
  // Live mode (the account is approved in the set-up), then back to test for the rows after.
  {
    route: 'POST /api/keys/set-environment',
    needs: 'manageAccount',
    ok: 200,
    call: () => ({ url: '/api/keys/set-environment', body: { environment: 'production' } }),
    after: async () => {
      const res = await setEnvironment('test');
      if (res.statusCode !== 200) throw new Error(`set-environment answered ${res.statusCode}: ${res.body}`);
    },
  },

  // Team: owners and administrators
  { route: 'GET /api/staff/list', needs: 'view', ok: 200, call: () => ({ url: '/api/staff/list' }) },
  // Merchant alerts: each member's own choices; who hears what, for those who manage the account
  { route: 'GET /api/user/notifications', needs: 'view', ok: 200, call: () => ({ url: '/api/user/notifications' }) },
  {
    route: 'POST /api/user/notifications',
    needs: 'view',
    ok: 200,
    call: () => ({
      url: '/api/user/notifications',
      body: {
        payment_received: true,
        payment_above: null,
        daily_summary: false,
        payout_failed: true,
        refund_done: false,
        low_balance_below: 5000,
        by_email: true,
        by_sms: false,
        live: true,
        test: false,
      },
    }),
  },
  { route: 'GET /api/team/notifications', needs: 'manageAccount', ok: 200, call: () => ({ url: '/api/team/notifications' }) },
  {
    route: 'POST /api/staff/register',
    needs: 'manageAccount',
    ok: 201,
    call: ({ role }) => ({ url: '/api/staff/register', body: { email: uniqueEmail(`by-${role}`), staff_role: 'user' } }),
  },
  {
    route: 'POST /api/staff/hide_staff/:id',
    needs: 'manageAccount',
    ok: 200,
    call: ({ throwawayInviteId }) => ({ url: `/api/staff/hide_staff/${throwawayInviteId}` }),
  },

  // API keys and webhooks: owners, administrators and developers
  { route: 'POST /api/keys/generate', needs: 'manageDevelopers', ok: 200, call: () => ({ url: '/api/keys/generate' }) },
  { route: 'GET /api/webhook', needs: 'manageDevelopers', ok: 200, call: () => ({ url: '/api/webhook' }) },
  {
    route: 'POST /api/webhook/save-url',
    needs: 'manageDevelopers',
    ok: 200,
    // Literal public addresses: saving checks the host, and a name would need the network.
    call: ({ role }) => ({
      url: '/api/webhook/save-url',
      body: { collection_url: `https://8.8.8.8/${role}/collections`, payment_url: 'https://1.1.1.1/payments' },
    }),
  },
  { route: 'GET /api/webhook/deliveries', needs: 'manageDevelopers', ok: 200, call: () => ({ url: '/api/webhook/deliveries' }) },
  // The URLs saved above are set; no webhook worker runs here, so nothing is sent to them.
  { route: 'POST /api/webhook/test-event', needs: 'manageDevelopers', ok: 201, call: () => ({ url: '/api/webhook/test-event' }) },
  {
    route: 'POST /api/webhook/deliveries/:id/resend',
    needs: 'manageDevelopers',
    ok: 200,
    call: async () => {
      const delivery = await t.database.db
        .selectFrom('webhook_events')
        .select('id')
        .where('account_id', '=', owner.accountId)
        .where('environment', '=', 'test')
        .executeTakeFirstOrThrow();
      return { url: `/api/webhook/deliveries/${delivery.id}/resend` };
    },
  },
];

const MERCHANT_API = "the merchant API: authorised by an API key, not by a member's role (merchant-api tests)";
const PROVIDER_CALLBACK = "a provider's callback: the secret in its path, and the provider's own status for the outcome";
const API_REFERENCE = "public: the merchant API's reference and its OpenAPI document, for anyone writing a client";

/** Routes that are not rows, each with why: none of them answers to a session's role on an account. */
const OUTSIDE_THE_MATRIX: Record<string, string> = {
  'GET /health': 'public: the load balancer probes it',
  'POST /ops/run': 'operator commands, guarded by OPS_SECRET, not by a session',
  'POST /api/sign-up': 'public: before any session',
  'POST /api/resend-account-verification-code': 'public: before any session',
  'POST /api/verify-account': 'public: before any session',
  'POST /api/login': 'public: before any session',
  'POST /api/login-otp': 'public: before any session',
  'POST /api/password-reset-code': 'public: before any session',
  'POST /api/change-password': 'public: the reset code stands for the session',
  'POST /api/refresh-token': 'public: the refresh token it takes stands for the session',
  'POST /api/logout':
    'answers 200 with or without a session and ends only the session it names (auth tests); no account or role in it',
  'GET /api/staff/invitation': "public: the invitation link's page, before the invitee has an account",
  'GET /api/public/links/:ref': "public: the customer's pay page",
  'POST /api/public/links/:ref/pay': "public: the customer's pay page",
  'GET /api/public/links/:ref/attachments/:name': "public: a payment link's attachment, opened from its pay page",
  'GET /api/public/links/:ref/qr.png': "public: the QR code of a link's short link, as its pay page is public",
  'GET /api/public/links/:ref/qr.svg': "public: the QR code of a link's short link, as its pay page is public",
  'GET /posters/:ref': "public: a link's printable poster shows what its pay page shows, and the merchant codes to print",
  'GET /api/public/payments/:id': "public: the customer's payment status",
  'GET /api/public/payments/:id/download': "public: the buyer's download, by a signed link",
  'POST /api/public/payments/:id/cancel': 'public: the payer cancels their own pending payment on the pay page',
  'GET /storage/*': 'public files by path, members-only files by a signed link (files tests)',
  'GET /s/:code': 'public: short links are shared with customers',
  'GET /r/:code': "public: the payer's receipt, by its unguessable code (receipts tests)",
  'POST /api/shorten_url': "public: takes a URL of this site's; short links belong to no account",
  'POST /api/payment-link/shorten_url': "public: takes a URL of this site's; short links belong to no account",
  // The merchant REST API answers to an API key, which names its account and environment, not to a member.
  'POST /v1/collections': MERCHANT_API,
  'GET /v1/collections': MERCHANT_API,
  'GET /v1/collections/:id': MERCHANT_API,
  'POST /v1/payouts': MERCHANT_API,
  'GET /v1/payouts/:id': MERCHANT_API,
  'GET /v1/balance': MERCHANT_API,
  'POST /v1/refunds': MERCHANT_API,
  'GET /v1/refunds/:id': MERCHANT_API,
  'POST /v1/payout-batches': MERCHANT_API,
  'GET /v1/payout-batches/:id': MERCHANT_API,
  'GET /v1/payout-batches/:id/rows': MERCHANT_API,
  // The live providers' callbacks answer to the secret in their path, and act only on what the provider's
  // own status says (providers/live-rails tests).
  'POST /api/providers/:provider/callback/:secret': PROVIDER_CALLBACK,
  'PUT /api/providers/:provider/callback/:secret': PROVIDER_CALLBACK,
  // The SMS gateways' delivery reports answer to the same secret in their path (sms/gateways tests).
  'POST /api/sms/delivery/:gateway/:secret': "an SMS gateway's delivery report: the callback secret in its path",
  'GET /docs': API_REFERENCE,
  'GET /docs/json': API_REFERENCE,
  'GET /docs/yaml': API_REFERENCE,
  'GET /docs/static/*': API_REFERENCE,
};

/** Routes served from the built web app's files, which read nothing from the request. */
/** The web app's built files (`/assets/…`, `/favicon.svg`); an API route may end in a file name too (a link's `qr.png`). */
const isStaticFile = (route: RouteEntry) =>
  route.url.startsWith('/assets/') || (!route.url.startsWith('/api/') && /\.\w+$/.test(route.url));
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
/** The route's path as a pattern, so that a row whose request has a typo cannot pass as "refused". */
const patternOf = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+').replace('*', '.+')}$`);

function send(row: Row, who: { accessToken: string } | null, call: Call) {
  const method = row.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const headers = { 'idempotency-key': randomUUID(), ...(who ? bearer(who.accessToken) : {}), ...call.multipart?.headers };
  const payload = call.multipart?.payload ?? call.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  return t.app.inject({ method, url: call.url, headers, ...(payload === undefined ? {} : { payload }) });
}

const currentAccountOf = async (userId: string) =>
  (await t.database.db.selectFrom('users').select('current_account_id').where('id', '=', userId).executeTakeFirstOrThrow())
    .current_account_id;

const must = (res: { statusCode: number; body: string }, step: string, status: number) => {
  if (res.statusCode !== status) throw new Error(`${step} answered ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).data;
};

const NAMES: Record<StaffRole, { firstname: string; lastname: string }> = {
  owner: { firstname: 'Ada', lastname: 'Nakato' },
  administrator: { firstname: 'Ivan', lastname: 'Tumusiime' },
  operations: { firstname: 'Brenda', lastname: 'Achieng' },
  developer: { firstname: 'Dan', lastname: 'Opio' },
  customer_support: { firstname: 'Sarah', lastname: 'Atim' },
  user: { firstname: 'Moses', lastname: 'Okot' },
};

/**
 * The role's own fixtures, created by the owner: a payment link, a donation link, a digital item, a compliance
 * document, an open invitation; and Gulu Traders' invitation to the member's address.
 */
async function fixturesOf(role: StaffRole, member: Merchant): Promise<Caller> {
  const throwaway = uniqueEmail(`throwaway-${role.replace('_', '-')}`);
  const saveDocument = async () => {
    const path = await uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: `${role}.pdf` }, 'certificates');
    const files = [{ file_name: 'Other', other_name: `Spare of the ${role}`, file_path: path }];
    const saved = must(await post(t, owner, '/api/sente-account/save-sente-files', { files }), 'save-sente-files', 200);
    return (saved as { id: string; file_path: string }[]).find((file) => file.file_path === path)!.id;
  };
  const [paymentLink, donation, item, complianceFileId] = await Promise.all([
    createPaymentLink(t, owner, { title: `Link of the ${role}` }),
    createDonationLink(t, owner, { title: `Appeal of the ${role}` }),
    post(t, owner, '/api/donation-link/create_digital_item', { ...digitalItem(), title: `Item of the ${role}` }).then(
      (res) => must(res, 'create_digital_item', 201) as { id: string; ref: string },
    ),
    saveDocument(),
    invite(t, owner, throwaway, 'user'),
    invite(t, other, member.email, 'user'),
  ]);
  const { id: throwawayInviteId } = await t.database.db
    .selectFrom('account_members')
    .select('id')
    .where('account_id', '=', owner.accountId)
    .where('email', '=', throwaway)
    .executeTakeFirstOrThrow();
  return {
    role,
    member,
    paymentLink,
    donation,
    item,
    complianceFileId,
    throwawayInviteId,
    otherAccountInvite: inviteToken(t, member.email),
  };
}

beforeAll(async () => {
  t = await createTestApp(ENV);
  [owner, other] = await Promise.all([
    createNamedMerchant(t, 'Kampala Crafts', NAMES.owner),
    createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' }),
  ]);
  const upload = (bytes: Buffer, name: string, folder: string) => uploadPath(t, owner.accessToken, { bytes, name }, folder);
  const [members, image, product, logo, certificate, number] = await Promise.all([
    // The five other roles join by invitation; the owner is the account's creator.
    Promise.all(STAFF_ROLES.filter((role) => role !== 'owner').map((role) => joinByInvitation(t, owner, role, NAMES[role]))),
    upload(SAMPLES.png, 'banner.png', 'uploads'),
    upload(SAMPLES.pdf, 'planner.pdf', 'products'),
    upload(SAMPLES.png, 'logo.png', 'companylogos'),
    upload(SAMPLES.pdf, 'tin-certificate.pdf', 'certificates'),
    accountNumber(t, other),
    // Money for the three roles that move it, and a bank for the settlements; live mode may be chosen.
    fundWallet(t, owner, 200_000),
    saveBankDetails(t, owner),
    t.app.services.accounts.approve(owner.accountId),
  ]);
  otherNumber = number;
  const [paymentLink, donation, item] = await Promise.all([
    createPaymentLink(t, owner, { title: 'School fees' }),
    createDonationLink(t, owner, { title: 'New classroom', image }),
    post(t, owner, '/api/donation-link/create_digital_item', { ...DIGITAL_ITEM, image, file: product }).then(
      (res) => must(res, 'create_digital_item', 201) as { id: string; ref: string },
    ),
  ]);
  const payment = await payId(t, paymentLink.ref, { email: 'okello@example.com' });
  await t.app.services.payments.settle(payment, { status: 'successful', message: null });
  // Its receipt has gone, and is recorded: the resend row's calls come after it.
  await vi.waitFor(async () => {
    const sent = await t.database.db
      .selectFrom('collection_events')
      .select('id')
      .where('collection_id', '=', payment)
      .where('kind', '=', 'receipt_sent')
      .execute();
    expect(sent).toHaveLength(1);
  });
  s = { image, product, logo, certificate, paymentLink, donation, item, payment };
  const maker = await createMember(t, owner, 'operations', { firstname: 'Esther', lastname: 'Apio' });
  await setPin(t, maker);
  const paid = await submittedBatch(t, maker, [
    ...goodRows(1, nextRow()),
    ['0772550001', 1000, registeredName('0772550001'), 'FAILS'],
  ]);
  const approved = await post(t, owner, `/api/payout-batches/${paid.id}/approve`, { pin_token: await mintPinToken(t, owner) });
  must(approved, 'approve', 200);
  await runBatchWork(t);
  b = { maker, paid: paid.id };
  const all = [owner, ...members];
  const ready = await Promise.all(STAFF_ROLES.map((role, i) => fixturesOf(role, all[i]!)));
  for (const caller of ready) callers[caller.role] = caller;
}, 120_000);
afterAll(() => t?.close());

describe('the rights matrix (DESIGN §7)', () => {
  it('classifies every route of the app: a new route must be a row of MATRIX or listed in OUTSIDE_THE_MATRIX', () => {
    const routes = t.app.routeTable.filter((route) => !isStaticFile(route));
    expect(routes.length).toBeGreaterThan(50);
    const rows = MATRIX.map((row) => row.route);
    const keys = new Set(routes.map(keyOf));
    const problems = [
      ...routes
        .filter((route) => !rows.includes(keyOf(route)) && !(keyOf(route) in OUTSIDE_THE_MATRIX))
        .map(
          (route) =>
            `${keyOf(route)} is not in the rights matrix: add a row to MATRIX in rights-matrix.test.ts with the right it ` +
            'needs and a valid request, or list it in OUTSIDE_THE_MATRIX saying why no role applies',
        ),
      ...rows.filter((key, i) => rows.indexOf(key) !== i).map((key) => `${key} has two rows`),
      ...rows.filter((key) => key in OUTSIDE_THE_MATRIX).map((key) => `${key} is both a row and outside the matrix`),
      ...[...rows, ...Object.keys(OUTSIDE_THE_MATRIX)]
        .filter((key) => !keys.has(key))
        .map((key) => `${key} is listed but the app has no such route: remove or rename it`),
    ];
    expect(problems).toEqual([]);
  });

  it("RIGHTS in @sente/contracts is DESIGN §7's table", () => {
    expect(RIGHTS).toEqual(DESIGN_RIGHTS);
  });

  it('each of the five other roles joined by invitation and is in the account with its role', async () => {
    const profiles = await Promise.all(
      STAFF_ROLES.map(async (role) => {
        const { current_account, current_role } = must(await get(t, callers[role].member, '/api/user/profile'), 'profile', 200);
        return [role, current_account?.id, current_role];
      }),
    );
    expect(profiles).toEqual(STAFF_ROLES.map((role) => [role, owner.accountId, role]));
    const joined = await t.database.db
      .selectFrom('account_members')
      .select(['staff_role', 'creator_id', 'invite_expires_at'])
      .where('account_id', '=', owner.accountId)
      .where(
        'user_id',
        'in',
        STAFF_ROLES.map((role) => callers[role].member.userId),
      )
      .execute();
    // Every member but the creator came in through an invitation the owner sent.
    expect(
      joined
        .filter((row) => row.invite_expires_at !== null)
        .map((row) => row.staff_role)
        .sort(),
    ).toEqual(STAFF_ROLES.filter((role) => role !== 'owner').sort());
    expect(joined.every((row) => row.creator_id === owner.userId)).toBe(true);
  });

  for (const row of MATRIX) {
    it(`${row.route} needs a session (401 without one)`, async () => {
      const res = await send(row, null, await row.call(callers.owner));
      expect(answer(res)).toEqual([401, MESSAGES.unauthenticated]);
    });
  }
});

for (const row of MATRIX) {
  describe(`${row.route} (${row.needs === 'session' ? 'session only' : row.needs === 'view' ? 'any member' : row.needs})`, () => {
    it.each(STAFF_ROLES)('as %s', async (role) => {
      const caller = callers[role];
      const call = await row.call(caller);
      expect(call.url.split('?')[0], 'the row calls its own route').toMatch(patternOf(row.route.split(' ')[1]!));
      try {
        const res = await send(row, caller.member, call);
        if (mayCall(row.needs, role)) {
          expect(res.statusCode, `${role} may: ${res.body.slice(0, 300)}`).toBe(row.ok);
        } else {
          expect(answer(res), `${role} may not`).toEqual([403, MESSAGES.forbiddenForRole]);
        }
      } finally {
        await row.after?.(caller);
      }
      expect(await currentAccountOf(caller.member.userId), 'still in Kampala Crafts').toBe(owner.accountId);
    });
  });
}

describe('a member removed from the account loses access at once (DESIGN §7)', () => {
  const removeMember = async (member: Merchant) => {
    const { id } = await t.database.db
      .selectFrom('account_members')
      .select('id')
      .where('account_id', '=', owner.accountId)
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(answer(await post(t, owner, `/api/staff/hide_staff/${id}`))).toEqual([200, TEAM_MESSAGES.memberRemoved]);
  };

  it('with no other account, their very next request, on the same access token, is refused: no current account', async () => {
    const admin = await joinByInvitation(t, owner, 'administrator', { firstname: 'Ruth', lastname: 'Nabirye' });
    expect((await get(t, admin, '/api/staff/list')).statusCode).toBe(200);
    await removeMember(admin);
    expect(answer(await get(t, admin, '/api/staff/list'))).toEqual([409, MESSAGES.noCurrentAccount]);
    expect(answer(await get(t, admin, '/api/collections'))).toEqual([409, MESSAGES.noCurrentAccount]);
    const pin = await post(t, admin, '/api/wallet/pin_exists', {});
    expect(answer(pin)).toEqual([409, MESSAGES.noCurrentAccount]);
    expect(must(await get(t, admin, '/api/user/profile'), 'profile', 200).staff_profiles).toEqual([]);
  });

  it('with an account of their own, their next request acts on their own account, and they cannot switch back', async () => {
    const ops = await joinByInvitation(t, owner, 'operations', { firstname: 'Paul', lastname: 'Kato' });
    const ownId = await createAccount(t, ops.accessToken, 'Kato Repairs');
    // Creating Kato Repairs took Paul into it: back to Kampala Crafts, the account he is then removed from.
    must(await post(t, ops, '/api/sente-account/switch-account', { sente_account_id: owner.accountId }), 'switch', 200);
    expect(must(await get(t, ops, '/api/payment-link'), 'payment-link', 200).items.length).toBeGreaterThan(0);
    await removeMember(ops);
    expect(await currentAccountOf(ops.userId)).toBe(ownId);
    // Kato Repairs has no links: nothing of Kampala Crafts is listed.
    expect(must(await get(t, ops, '/api/payment-link'), 'payment-link', 200).items).toEqual([]);
    const back = await post(t, ops, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
    expect(answer(back)).toEqual([404, MESSAGES.accountNotFound]);
  });
});
