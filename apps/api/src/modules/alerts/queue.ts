import type { Environment } from '@sente/contracts/constants';
import { ALERT_TEXTS, DEFAULT_NOTIFICATION_SETTINGS } from '@sente/contracts/notifications';
import { formatPhone } from '@sente/contracts/payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { oneSms } from '../../sms/gsm7.ts';
import { verifiedSmsPhoneOf } from '../../sms/phone.ts';
import type { SmsPurpose } from '../../sms/sms.ts';
import {
  accountName,
  approvalRecipients,
  batchReference,
  insertAlerts,
  insertAlertsOnce,
  type KindColumn,
  lowBalanceCrossings,
  membersHearing,
  paymentPayer,
  takeLowBalanceChecks,
  userNames,
} from './repository.ts';
import type { AlertKind } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What an alert says: an e-mail's subject and a text that serves as the e-mail's body and the SMS. */
export type AlertText = { subject: string; text: string };

type Alert = AlertText & {
  /** The SMS, when it is not `text` itself: the same words in one message, a long name shortened (oneSms). */
  sms?: string;
  /** The dashboard page the e-mail links to ('/collections?payment=<id>'). */
  linkPath?: string;
  accountId: string;
  environment: Environment;
  kind: AlertKind;
  purpose?: SmsPurpose;
  summaryDay?: string;
  /** Further members left out (a payment below a member's amount); a member's kind and mode choices always count. */
  wants?: (choices: { payment_above: number | null; low_balance_below: number | null }) => boolean;
  /** Only this member (a daily summary is queued member by member). */
  userId?: string;
};

const KIND_COLUMN: Record<AlertKind, KindColumn | null> = {
  payment_received: 'payment_received',
  daily_summary: 'daily_summary',
  payout_failed: 'payout_failed',
  refund_done: 'refund_done',
  low_balance: null,
  approval_needed: 'approval_needed',
};

/**
 * Queues an alert for each member of the account who chose its kind and mode, one row per channel they chose (SMS
 * only to a Ugandan mobile the member verified, decision 070). Called in the transaction of the event, so an alert
 * exists exactly when its event commits. Answers how many rows it queued.
 */
export async function queueAlert(trx: Db, alert: Alert): Promise<number> {
  const column = KIND_COLUMN[alert.kind];
  const members = await membersHearing(trx, {
    accountId: alert.accountId,
    environment: alert.environment,
    column,
    ...(alert.userId ? { userId: alert.userId } : {}),
  });
  const rows = [];
  for (const member of members) {
    const choices = {
      payment_above: member.payment_above === null ? null : Number(member.payment_above),
      low_balance_below: member.low_balance_below === null ? null : Number(member.low_balance_below),
    };
    if (alert.wants && !alert.wants(choices)) continue;
    const phone = verifiedSmsPhoneOf(member);
    const base = {
      account_id: alert.accountId,
      user_id: member.user_id,
      environment: alert.environment,
      kind: alert.kind,
      purpose: alert.purpose ?? 'transactional',
      subject: alert.subject,
      body: alert.text,
      summary_day: alert.summaryDay ?? null,
    };
    if (member.by_email) {
      rows.push({ ...base, channel: 'email' as const, destination: member.email, link_path: alert.linkPath ?? null });
    }
    if (member.by_sms && phone)
      rows.push({ ...base, channel: 'sms' as const, destination: phone, body: alert.sms ?? alert.text });
  }
  if (rows.length === 0) return 0;
  return insertAlertsOnce(trx, rows);
}

/** A payer as the dashboard shows them: the name they gave and the number they paid from, or the card's last digits. */
function alertPayer(p: { names: string | null; msisdn: string | null; card_last4: string | null }): string {
  const how = p.msisdn ? formatPhone(p.msisdn) : p.card_last4 ? ALERT_TEXTS.card(p.card_last4) : '';
  return ALERT_TEXTS.payer(p.names?.trim() ?? '', how);
}

/** The dashboard page of one payment: the payments list with it open (`?payment=<id>`, as the dashboard links it). */
const paymentPath = (collectionId: string) => `/collections?payment=${collectionId}`;

/**
 * A movement or batch now awaiting a second member (decision 071): to each member who may approve it (every member
 * whose role may move money, but its maker), by the channels they chose; a member who never chose hears as the form's
 * defaults say (by e-mail, of live money). Queued in the transaction that makes it wait.
 */
export async function queueApprovalAlert(
  trx: Db,
  request: { accountId: string; environment: Environment; makerId: string | null; what: string; amount: number },
): Promise<number> {
  const [members, account, maker] = await Promise.all([
    approvalRecipients(trx, request),
    accountName(trx, request.accountId),
    request.makerId ? userNames(trx, request.makerId) : undefined,
  ]);
  const live = request.environment === 'production';
  const text = ALERT_TEXTS.approvalNeeded({
    account,
    what: request.what,
    amount: request.amount,
    maker: maker ? `${maker.firstname} ${maker.lastname}`.trim() : 'An API key',
    live,
  });
  const rows = [];
  for (const member of members) {
    const choice = member.chosen === null ? { ...DEFAULT_NOTIFICATION_SETTINGS } : member;
    if (!member.user_id || !choice.approval_needed || !(live ? choice.live : choice.test)) continue;
    const base = {
      account_id: request.accountId,
      user_id: member.user_id,
      environment: request.environment,
      kind: 'approval_needed' as const,
      purpose: 'transactional' as const,
      subject: text.subject,
      body: text.text,
      summary_day: null,
    };
    const phone = verifiedSmsPhoneOf(member);
    if (choice.by_email) rows.push({ ...base, channel: 'email' as const, destination: member.email });
    if (choice.by_sms && phone) rows.push({ ...base, channel: 'sms' as const, destination: phone });
  }
  if (rows.length === 0) return 0;
  return insertAlerts(trx, rows);
}

/** A successful payment: to the members who hear of each, or of those above their amount. */
export async function queuePaymentAlert(
  trx: Db,
  payment: {
    id: string;
    account_id: string;
    environment: Environment;
    amount: string | number;
    msisdn: string | null;
    names: string;
    card_last4: string | null;
    transaction_id: string;
  },
) {
  const amount = Number(payment.amount);
  const words = { amount, reference: payment.transaction_id, live: payment.environment === 'production' };
  const say = (account: string, names: string) =>
    ALERT_TEXTS.paymentReceived({ ...words, account, payer: alertPayer({ ...payment, names }) });
  const account = await accountName(trx, payment.account_id);
  await queueAlert(trx, {
    accountId: payment.account_id,
    environment: payment.environment,
    kind: 'payment_received',
    ...say(account, payment.names),
    sms: oneSms([account, payment.names], ([a, n]) => say(a!, n!).text),
    linkPath: paymentPath(payment.id),
    wants: ({ payment_above }) => payment_above === null || amount > payment_above,
  });
}

type MovementOut = {
  id: string;
  account_id: string;
  environment: Environment;
  amount: string | number;
  failure_reason?: string | null;
  payout_msisdn?: string | null;
  batch_id?: string | null;
  collection_id?: string | null;
};

/** A payout that failed (its money is back in the wallet): the number it was for, and its batch's reference. */
export async function queuePayoutFailedAlert(trx: Db, payout: MovementOut) {
  const account = await accountName(trx, payout.account_id);
  const batch = payout.batch_id ? await batchReference(trx, payout.batch_id) : undefined;
  const words = {
    amount: Number(payout.amount),
    to: payout.payout_msisdn ? formatPhone(payout.payout_msisdn) : '',
    batch: batch?.reference ?? null,
    live: payout.environment === 'production',
  };
  const say = (account: string, reason: string) => ALERT_TEXTS.payoutFailed({ ...words, account, reason });
  const reason = payout.failure_reason ?? '';
  await queueAlert(trx, {
    accountId: payout.account_id,
    environment: payout.environment,
    kind: 'payout_failed',
    ...say(account, reason),
    sms: oneSms([account, reason], ([a, r]) => say(a!, r!).text),
    linkPath: payout.batch_id ? `/settlements/batches/${payout.batch_id}` : '/settlements',
  });
}

/** A refund paid back to its payer: the payer and the refunded payment's Sente reference. */
export async function queueRefundDoneAlert(trx: Db, refund: MovementOut) {
  const account = await accountName(trx, refund.account_id);
  const payment = refund.collection_id ? await paymentPayer(trx, refund.collection_id) : undefined;
  const words = {
    amount: Number(refund.amount),
    reference: payment?.transaction_id ?? '',
    live: refund.environment === 'production',
  };
  const say = (account: string, names: string) =>
    ALERT_TEXTS.refundDone({ ...words, account, payer: payment ? alertPayer({ ...payment, names }) : '' });
  const names = payment?.names ?? '';
  await queueAlert(trx, {
    accountId: refund.account_id,
    environment: refund.environment,
    kind: 'refund_done',
    ...say(account, names),
    sms: oneSms([account, names], ([a, n]) => say(a!, n!).text),
    ...(payment ? { linkPath: paymentPath(payment.id) } : {}),
  });
}

/**
 * The wallet transfers' low-balance checks (migration 044, decision 069), oldest first: each turned into the alerts
 * of any line its transfer crossed and deleted, in one transaction; two workers at once take different rows.
 */
export async function queueTransferLowBalanceAlerts(db: Kysely<Database>, limit = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await takeLowBalanceChecks(trx, limit);
    for (const row of rows) await queueLowBalanceAlerts(trx, row.transaction_id);
    return rows.length;
  });
}

/**
 * After a ledger movement: each UGX merchant wallet it took money from whose balance went from at or above a member's
 * amount to below it tells that member, once per crossing. Called by the ledger in the movement's transaction, and for
 * a wallet transfer by the worker with its check (above); the crossing is read from the ledger rows either way. One query that finds no row when no member's amount lies in the drop, as on most movements, so
 * a movement that crosses no line costs this one indexed look-up.
 */
export async function queueLowBalanceAlerts(trx: Db, ledgerTransactionId: string) {
  const rows = await lowBalanceCrossings(trx, ledgerTransactionId);
  for (const row of rows) {
    const before = Number(row.before);
    const after = Number(row.after);
    const account = await accountName(trx, row.account_id);
    const say = (account: string) => ALERT_TEXTS.lowBalance({ account, balance: after, live: row.environment === 'production' });
    await queueAlert(trx, {
      accountId: row.account_id,
      environment: row.environment,
      kind: 'low_balance',
      ...say(account),
      sms: oneSms([account], ([a]) => say(a!).text),
      linkPath: '/settlements?view=statement',
      wants: ({ low_balance_below }) => low_balance_below !== null && before >= low_balance_below && after < low_balance_below,
    });
  }
}
