import { randomUUID } from 'node:crypto';
import { donationLinkInput, newDigitalItemInput, paymentLinkInput } from '@sente/contracts/links';
import { payInput } from '@sente/contracts/payments-input';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberActor, MemberInScope } from '../../lib/actor.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Services } from '../../services.ts';
import * as authRepo from '../auth/repository.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BUSINESS,
  DEMO_NOTIFICATIONS,
  DEMO_PDF,
  DEMO_PENDING_INVITE,
  DEMO_PIN,
  DEMO_TEAM,
  DEMO_USER,
  PAYER_NAMES,
  seededRandom,
  solidPng,
} from './demo-data.ts';
import { backdateCollections, countSuccessful } from './repository.ts';

/**
 * The public services the seeder drives, as the API's routes do, built by its caller (scripts/seed-demo.ts) from the
 * same createServices as the server: the demo is not one of them.
 */
export type DemoDeps = Pick<
  Services,
  'accounts' | 'links' | 'files' | 'payments' | 'jobs' | 'pins' | 'transfers' | 'refunds' | 'team' | 'notifications'
> & {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  simulatorDelayMs: number;
};

export type DemoSummary = { accounts: number; links: number; collections: number; successful: number; transfers: number };

/** Why the seeder wrote nothing: the demo merchant exists already. */
export type DemoRefusal = 'exists';

/** A link customers pay in the demo, and how much each payer gives. */
type Sale = {
  accountId: string;
  ref: string;
  weight: number;
  amount: (random: () => number) => number | undefined;
  extra?: (random: () => number) => { label: string; value: string }[];
  /** A digital item's buyer must give an e-mail (the download link is sent there): one at example.com, never delivered. */
  asksEmail?: boolean;
};

const emailOf = (names: string) => `${names.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

const MINUTE = 60_000;
const DAY = 86_400_000;
const HISTORY_DAYS = 180;
/** How many payments are made before a worker pass settles them: fewer than a pass claims. */
const SETTLE_EVERY = 50;
const TEST = 'test' as const;
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/**
 * `npm run seed:demo`: a demo merchant with two accounts, links of every kind, thousands of test-mode collections over
 * the last six months and transfers of every kind, all made through the same services the API uses, so the ledger,
 * customers and link totals are what real use would leave. Runs once: a second call finds the demo user and adds
 * nothing.
 */
export function createDemoSeeder({
  db,
  accounts,
  links,
  files,
  payments,
  jobs,
  pins,
  transfers,
  refunds,
  simulatorDelayMs,
  passwords,
  team,
  notifications,
}: DemoDeps) {
  /**
   * The demo owner acting in one of their accounts without signing in: no session proves them, so the seeder's name
   * stands for one.
   */
  const owner = (userId: string, accountId: string): MemberActor => ({
    kind: 'member',
    userId,
    sessionId: 'demo-seeder',
    accountId,
    role: 'owner',
    amr: [],
  });

  async function createLinks(userId: string, schoolId: string, bakeryId: string): Promise<{ sales: Sale[]; count: number }> {
    const school = { accountId: schoolId, environment: TEST };
    const bakery = { accountId: bakeryId, environment: TEST };
    const atSchool = owner(userId, schoolId);
    const atBakery = owner(userId, bakeryId);
    const upload = (accountId: string, folder: 'companylogos' | 'uploads' | 'products', bytes: Buffer, originalName: string) =>
      files.upload({ accountId, userId, folder, bytes, originalName });
    await accounts.updateLogo(schoolId, await upload(schoolId, 'companylogos', solidPng(96, [11, 122, 83]), 'logo.png'));
    await accounts.updateLogo(bakeryId, await upload(bakeryId, 'companylogos', solidPng(96, [201, 111, 39]), 'logo.png'));

    const fees = await links.createPaymentLink(
      school,
      atSchool,
      paymentLinkInput.parse({
        title: 'Term 1 fees',
        description: 'School fees for the first term of 2027',
        fixed_amount: true,
        amount: 450_000,
      }),
    );
    const uniform = await links.createPaymentLink(
      school,
      atSchool,
      paymentLinkInput.parse({
        title: 'School uniform',
        description: 'Shirts, shorts and sweaters; pay what your order costs',
        fixed_amount: false,
        extra_fields: [
          { type: 'text', label: 'Student name' },
          { type: 'select', label: 'Class', options: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'] },
        ],
      }),
    );
    const trip = await links.createPaymentLink(
      school,
      atSchool,
      paymentLinkInput.parse({ title: 'Zoo trip 2026', fixed_amount: true, amount: 40_000 }),
    );
    await links.setPaymentLinkDisabled(school, trip.id, true);
    const library = await links.createDonationLink(
      school,
      atSchool,
      donationLinkInput.parse({
        title: 'New library',
        description: 'Books and shelves for the P7 library',
        beneficiary: 'P7 pupils',
        target: 25_000_000,
      }),
    );
    const workbook = await links.createDigitalItem(
      school,
      atSchool,
      newDigitalItemInput.parse({
        title: 'Holiday workbook',
        description: 'Forty pages of exercises for the long holiday',
        price: 15_000,
        original_price: 20_000,
        image: await upload(schoolId, 'uploads', solidPng(240, [42, 96, 170]), 'cover.png'),
        file: await upload(schoolId, 'products', DEMO_PDF, 'workbook.pdf'),
        buyer_note: 'Print pages 1 to 12 first.',
      }),
    );
    const cake = await links.createPaymentLink(
      bakery,
      atBakery,
      paymentLinkInput.parse({
        title: 'Birthday cake order',
        fixed_amount: false,
        extra_fields: [{ type: 'text', label: 'Message on the cake' }],
      }),
    );
    const bread = await links.createPaymentLink(
      bakery,
      atBakery,
      paymentLinkInput.parse({
        title: 'Weekly bread basket',
        fixed_amount: true,
        amount: 60_000,
      }),
    );

    const choose = (amounts: number[]) => (random: () => number) => pick(random, amounts);
    const sales: Sale[] = [
      { accountId: schoolId, ref: fees.ref, weight: 3, amount: () => undefined },
      {
        accountId: schoolId,
        ref: uniform.ref,
        weight: 3,
        amount: choose([35_000, 48_000, 62_000, 75_000]),
        extra: (random) => [
          { label: 'Student name', value: pick(random, PAYER_NAMES).split(' ')[0] ?? 'Student' },
          { label: 'Class', value: pick(random, ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']) },
        ],
      },
      { accountId: schoolId, ref: library.ref, weight: 2, amount: choose([5_000, 10_000, 20_000, 50_000, 100_000]) },
      { accountId: schoolId, ref: workbook.ref, weight: 2, amount: () => undefined, asksEmail: true },
      {
        accountId: bakeryId,
        ref: cake.ref,
        weight: 1,
        amount: choose([45_000, 80_000, 120_000]),
        extra: (random) => [
          { label: 'Message on the cake', value: pick(random, ['Happy birthday!', 'Congratulations', 'Well done']) },
        ],
      },
      { accountId: bakeryId, ref: bread.ref, weight: 1, amount: () => undefined },
    ];
    return { sales, count: 7 };
  }

  /**
   * Customers pay through the public payment service and the simulator settles them as the worker would, now: the
   * ledger stamps every movement by the database's clock, so the statement shows the history on the day of the seed.
   * The payments' own rows, timelines, customers and daily totals are then dated over the six months by
   * backdateCollections, so the collections, Overview and Reports show them on their own days (decision 084).
   */
  async function collect(sales: Sale[], count: number, now: Date) {
    const random = seededRandom(2026);
    const weighted = sales.flatMap((sale) => Array.from({ length: sale.weight }, () => sale));
    const planned = Array.from({ length: count }, () => {
      const sale = pick(random, weighted);
      const airtel = random() < 0.35;
      // One payer in twelve has too little on their mobile money account: the simulator fails numbers ending 0001.
      const tail = random() < 1 / 12 ? '0001' : String(1000 + Math.floor(random() * 8998)).padStart(4, '0');
      const phone = `${airtel ? pick(random, ['070', '075']) : pick(random, ['077', '078'])}${String(Math.floor(random() * 1000)).padStart(3, '0')}${tail}`;
      const names = pick(random, PAYER_NAMES);
      const input = payInput.parse({
        names,
        ...(sale.asksEmail ? { email: emailOf(names) } : {}),
        phone,
        channel: airtel ? 'AIRTEL' : 'MTN_UG',
        amount: sale.amount(random),
        extra_data: sale.extra?.(random) ?? [],
      });
      // Busier lately: the square root leans the days towards today, and the hours fall between 7:00 and 21:00 EAT.
      const daysAgo = Math.floor(HISTORY_DAYS * (1 - Math.sqrt(random())));
      const at = new Date(now.getTime() - daysAgo * DAY);
      at.setUTCHours(4 + Math.floor(random() * 14), Math.floor(random() * 60), Math.floor(random() * 60), 0);
      // Completed (PAID_AFTER_MS later) before the seed itself, which the database's clock dates.
      if (at.getTime() > now.getTime() - MINUTE) at.setTime(now.getTime() - MINUTE - Math.floor(random() * 3_600_000));
      return { sale, input, at };
    });
    // Oldest first, so the ledger's order (the seed's) is the payments' order too.
    planned.sort((a, b) => a.at.getTime() - b.at.getTime());
    const paidAt = new Map<string, { id: string; at: Date }[]>();
    for (const [index, { sale, input, at }] of planned.entries()) {
      const payment = await payments.pay(sale.ref, input, undefined);
      paidAt.set(sale.accountId, [...(paidAt.get(sale.accountId) ?? []), { id: payment.id, at }]);
      if ((index + 1) % SETTLE_EVERY === 0) await settleDue();
    }
    await settleDue();
    // The receipts are sent before the backdating, so a receipt step is never left at today.
    await payments.receiptsSent();
    for (const [accountId, rows] of paidAt) await backdateCollections(db, accountId, rows);
  }

  /**
   * The worker's passes, run with the clock the worker takes set past the simulator's delay (payments expire much
   * later than that), until no payment is left to settle.
   */
  async function settleDue() {
    for (;;) {
      const { payments: tally } = await jobs.runDue({ now: new Date(Date.now() + simulatorDelayMs + 1_000) });
      if (tally.settled + tally.expired + tally.failed === 0) return;
    }
  }

  /** Money out of the school's test wallet, each way once, behind the demo PIN as a merchant would. */
  async function moveMoney(userId: string, schoolId: string, bakeryId: string): Promise<number> {
    const actor: MemberInScope = { ...owner(userId, schoolId), environment: TEST };
    await pins.set(actor, DEMO_PIN);
    const token = () => pins.verify(actor, DEMO_PIN);
    await transfers.p2p(
      actor,
      {
        recipientAccountId: bakeryId,
        amount: 150_000,
        reason: 'Bread for the <b>school feeding</b> programme',
        pin_token: await token(),
      },
      randomUUID(),
    );
    await transfers.setBankDetails(schoolId, {
      bank_name: 'Stanbic Bank Uganda',
      account_number: '9030012345678',
      account_name: DEMO_ACCOUNTS.school,
    });
    await fileThePaperwork(userId, schoolId);
    const paid = await transfers.requestSettlement(
      actor,
      { amount: 2_000_000, reason: 'Monthly settlement', pin_token: await token() },
      randomUUID(),
    );
    await transfers.approveSettlement(paid.row.id);
    await transfers.requestSettlement(
      actor,
      { amount: 1_000_000, reason: 'Staff salaries', pin_token: await token() },
      randomUUID(),
    );
    await transfers.payout(
      actor,
      { amount: 80_000, account: '256772555123', narrative: 'Transport refund for the choir', pin_token: await token() },
      randomUUID(),
    );
    // A parent paid a fee twice: half of the school's latest mobile-money payment goes back (decision 053).
    const paidTwice = await db
      .selectFrom('collections')
      .select(['id', 'amount'])
      .where('account_id', '=', schoolId)
      .where('environment', '=', TEST)
      .where('status', '=', 'successful')
      .where('msisdn', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await refunds.refund(
      actor,
      { member: actor, pinToken: await token() },
      paidTwice.id,
      { amount: Math.floor(Number(paidTwice.amount) / 2), reason: 'Paid twice by mistake' },
      randomUUID(),
      () => new Error('the demo payment to refund is gone'),
    );
    return 5;
  }

  /** The school's business details with its certificate, and two compliance documents. */
  async function fileThePaperwork(userId: string, schoolId: string) {
    const certificate = (name: string) =>
      files.upload({ accountId: schoolId, userId, folder: 'certificates', bytes: DEMO_PDF, originalName: `${name}.pdf` });
    await accounts.updateBusinessDetails(schoolId, {
      ...DEMO_BUSINESS,
      certificate_url: await certificate('Certificate of incorporation'),
    });
    await accounts.saveComplianceFiles(schoolId, owner(userId, schoolId), [
      { file_name: 'TIN certificate', other_name: null, file_path: await certificate('TIN certificate') },
      { file_name: 'Trading license', other_name: null, file_path: await certificate('Trading license 2026') },
    ]);
  }

  /** The school's team: a member of each role who joined by invitation, and one invitation still open. */
  async function gatherTheTeam(ownerId: string, schoolId: string, password: string) {
    for (const { staff_role, ...names } of DEMO_TEAM) {
      await team.invite({ id: schoolId }, owner(ownerId, schoolId), { email: names.email, staff_role });
      const member = await authRepo.insertUser(db, { ...names, password_hash: await passwords.hash(password) });
      if (!member) continue;
      await authRepo.markVerified(db, member.id);
      await team.joinOpenInvitations(member);
    }
    await team.invite({ id: schoolId }, owner(ownerId, schoolId), DEMO_PENDING_INVITE);
  }

  /**
   * SMS receipts for the school's payers and payment alerts by e-mail for the demo user, turned on once the history is
   * made, so the seed itself queues no SMS nor alert for the thousands of payments it backdates.
   */
  async function turnOnTheMessages(userId: string, schoolId: string) {
    await accounts.setSmsReceipts(schoolId, true);
    await notifications.save(schoolId, userId, DEMO_NOTIFICATIONS);
  }

  return {
    async seed({ collections = 2_400, now = new Date() } = {}): Promise<DemoSummary | DemoRefusal> {
      if (await authRepo.findUserByEmailOrPhone(db, DEMO_USER.email)) return 'exists';
      const { password, ...names } = DEMO_USER;
      const user = await authRepo.insertUser(db, { ...names, password_hash: await passwords.hash(password) });
      if (!user) return 'exists';
      await authRepo.markVerified(db, user.id);
      const owner = { id: user.id, email: user.email };
      const schoolId = await accounts.create(owner, DEMO_ACCOUNTS.school);
      const bakeryId = await accounts.create(owner, DEMO_ACCOUNTS.bakery);
      // Creating the bakery made it current; the demo opens on the school, the account with the living dashboard.
      await accounts.switchTo(owner.id, schoolId);
      const { sales, count } = await createLinks(user.id, schoolId, bakeryId);
      await collect(sales, collections, now);
      const transfers = await moveMoney(user.id, schoolId, bakeryId);
      await gatherTheTeam(user.id, schoolId, password);
      await turnOnTheMessages(user.id, schoolId);
      const successful = await countSuccessful(db, [schoolId, bakeryId]);
      return { accounts: 2, links: count, collections, successful, transfers };
    },
  };
}
