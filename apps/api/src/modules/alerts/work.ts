import { kampalaDay, kampalaWallClock } from '@sente/contracts/dates';
import { ALERT_TEXTS } from '@sente/contracts/notifications';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';
import { drainDue } from '../../lib/due-work.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verifiedSmsPhoneOf } from '../../sms/phone.ts';
import { mayText, PROMOTIONAL_HOURS } from '../../sms/quiet-hours.ts';
import type { SmsSender } from '../../sms/sms.ts';
import { queueAlert, queueTransferLowBalanceAlerts } from './queue.ts';
import type { MemberAlertsTable } from './tables.ts';

/** Sends after this many failed attempts are given up (the row kept as 'failed', its last error with it). */
export const ALERT_MAX_ATTEMPTS = 8;
const HOUR_MS = 3_600_000;
/** Why an SMS alert was not sent: its number is no longer the member's verified phone. */
export const PHONE_NOT_VERIFIED = 'the phone is no longer verified';

type ClaimedAlert = Pick<
  Selectable<MemberAlertsTable>,
  'id' | 'channel' | 'destination' | 'purpose' | 'subject' | 'body' | 'account_id' | 'user_id' | 'attempts'
>;

/** The Kampala hour of an instant (0-23). */
const kampalaHour = (at: Date) => kampalaWallClock(at).getUTCHours();

export type AlertsPassResult = { summaries: number; sent: number; failed: number };

/**
 * The worker's alerts pass: queues each due daily summary (after 08:00 EAT, one per member, mode and channel a Kampala
 * day, of the day before), then sends the due alerts, each claimed with a lease so that it goes once however many
 * workers run; a send that fails is tried again with the worker's backoff. A promotional SMS is not claimed outside
 * 08:00-20:00 Kampala time: it waits for the window.
 */
export function createAlertsWork({
  db,
  mailer,
  sms,
  logger,
  leaseMs,
  batchSize,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  leaseMs: number;
  batchSize: number;
}) {
  async function queueSummaries(now: Date): Promise<number> {
    if (kampalaHour(now) < PROMOTIONAL_HOURS.from) return 0;
    const today = kampalaDay(now);
    const dayEnd = new Date(`${today}T00:00:00+03:00`);
    const dayStart = new Date(dayEnd.getTime() - 24 * HOUR_MS);
    const yesterday = kampalaDay(dayStart);
    const due = await db
      .selectFrom('notification_settings as s')
      .innerJoin('account_members as m', (join) =>
        join.onRef('m.account_id', '=', 's.account_id').onRef('m.user_id', '=', 's.user_id').on('m.removed_at', 'is', null),
      )
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(['s.account_id', 's.user_id', 's.live', 's.test', 'a.account_name'])
      .where('s.daily_summary', '=', true)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('member_alerts as x')
              .select('x.id')
              .whereRef('x.account_id', '=', 's.account_id')
              .whereRef('x.user_id', '=', 's.user_id')
              .where('x.summary_day', '=', sql<string>`${today}::date`),
          ),
        ),
      )
      .execute();
    let queued = 0;
    for (const member of due) {
      const environments = [...(member.live ? (['production'] as const) : []), ...(member.test ? (['test'] as const) : [])];
      for (const environment of environments) {
        const { rows } = await sql<{ collected: string; count: string; paid_out: string; payouts: string; balance: string }>`
          select
            (select coalesce(sum(amount), 0)::text from collections where account_id = ${member.account_id}
              and environment = ${environment} and status = 'successful'
              and completed_at >= ${dayStart.toISOString()}::timestamptz and completed_at < ${dayEnd.toISOString()}::timestamptz) as collected,
            (select count(*)::text from collections where account_id = ${member.account_id}
              and environment = ${environment} and status = 'successful'
              and completed_at >= ${dayStart.toISOString()}::timestamptz and completed_at < ${dayEnd.toISOString()}::timestamptz) as count,
            (select coalesce(sum(amount), 0)::text from transfers where account_id = ${member.account_id}
              and environment = ${environment} and status = 'successful' and kind in ('payout', 'batch_payout')
              and completed_at >= ${dayStart.toISOString()}::timestamptz and completed_at < ${dayEnd.toISOString()}::timestamptz) as paid_out,
            (select count(*)::text from transfers where account_id = ${member.account_id}
              and environment = ${environment} and status = 'successful' and kind in ('payout', 'batch_payout')
              and completed_at >= ${dayStart.toISOString()}::timestamptz and completed_at < ${dayEnd.toISOString()}::timestamptz) as payouts,
            (select coalesce(sum(balance), 0)::text from wallets where account_id = ${member.account_id}
              and environment = ${environment} and kind = 'merchant' and currency = 'UGX') as balance`.execute(db);
        const figures = rows[0]!;
        queued += await queueAlert(db, {
          accountId: member.account_id,
          environment,
          kind: 'daily_summary',
          userId: member.user_id,
          purpose: 'promotional',
          summaryDay: today,
          ...ALERT_TEXTS.dailySummary({
            account: member.account_name,
            day: yesterday,
            live: environment === 'production',
            payments: Number(figures.count),
            collected: Number(figures.collected),
            payouts: Number(figures.payouts),
            paidOut: Number(figures.paid_out),
            balance: Number(figures.balance),
          }),
        });
      }
    }
    return queued;
  }

  /** Claims due alerts with a lease (FOR UPDATE SKIP LOCKED), promotional SMS only inside the window; commits at once. */
  async function claim(limit: number, now: Date, leaseUntil: Date): Promise<ClaimedAlert[]> {
    const { rows } = await sql<ClaimedAlert>`
      with due as (
        select id from member_alerts
         where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
           and (channel = 'email' or purpose = 'transactional' or ${mayText('promotional', now)})
         order by next_attempt_at
         limit ${limit}
         for update skip locked
      )
      update member_alerts a set attempts = a.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
        from due where a.id = due.id
      returning a.id, a.channel, a.destination, a.purpose, a.subject, a.body, a.account_id, a.user_id, a.attempts`.execute(db);
    return rows;
  }

  /** Writes a row's result only while its lease holds, so a row whose lease ran out and was claimed again is not overwritten. */
  const settle = (
    row: ClaimedAlert,
    leaseUntil: Date,
    values: { status: 'pending' | 'sent' | 'failed'; next?: Date; error?: string },
  ) =>
    db
      .updateTable('member_alerts')
      .set({
        status: values.status,
        ...(values.next ? { next_attempt_at: values.next } : {}),
        ...(values.status === 'sent' ? { sent_at: new Date() } : { last_error: values.error ?? null }),
      })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', leaseUntil)
      .execute();

  /**
   * Whether an SMS alert's number is still the member's verified phone (decision 070): one queued before the member
   * changed the phone is not sent to the old number.
   */
  async function stillVerified(row: ClaimedAlert): Promise<boolean> {
    const user = await db
      .selectFrom('users')
      .select(['phone', 'phone_verified_at'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    return user !== undefined && verifiedSmsPhoneOf(user) === row.destination;
  }

  return {
    async runDue(options: { now?: Date; signal?: AbortSignal } = {}): Promise<AlertsPassResult> {
      // The wallet transfers' low-balance checks first (a hundred a pass), so their alerts go in this same pass.
      await queueTransferLowBalanceAlerts(db);
      const result: AlertsPassResult = { summaries: await queueSummaries(options.now ?? new Date()), sent: 0, failed: 0 };
      await drainDue<ClaimedAlert>(
        {
          what: 'alert',
          idField: 'alertId',
          batchSize,
          leaseMs,
          claim: (limit, { now, leaseUntil }) => claim(limit, now, leaseUntil),
          apply: async (row, { leaseUntil }) => {
            if (row.channel === 'email') await mailer.send({ to: row.destination, subject: row.subject, text: row.body });
            else if (await stillVerified(row)) {
              await sms.send({ to: row.destination, text: row.body, purpose: row.purpose, accountId: row.account_id });
            } else {
              await settle(row, leaseUntil, { status: 'failed', error: PHONE_NOT_VERIFIED });
              return;
            }
            await settle(row, leaseUntil, { status: 'sent' });
            result.sent += 1;
          },
          retry: (row, { now, leaseUntil }, error) => {
            result.failed += 1;
            const last = row.attempts >= ALERT_MAX_ATTEMPTS;
            return settle(row, leaseUntil, {
              status: last ? 'failed' : 'pending',
              next: new Date(now.getTime() + backoffMs(BACKOFF.workerRetry, row.attempts)),
              error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            });
          },
          failureLog: (row) => ({ attempts: row.attempts }),
        },
        logger,
        options,
      );
      return result;
    },
  };
}

export type AlertsWork = ReturnType<typeof createAlertsWork>;
