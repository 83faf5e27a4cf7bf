import { ALERT_TEXTS } from '@sente/contracts/notifications';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';
import { drainDue } from '../../lib/due-work.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verifiedSmsPhoneOf } from '../../sms/phone.ts';
import { mayText } from '../../sms/quiet-hours.ts';
import type { SmsSender } from '../../sms/sms.ts';
import { queueDailySummaries } from './daily-summary.ts';
import { queueTransferLowBalanceAlerts } from './queue.ts';
import { type ClaimedAlert, claimDueAlerts, settleAlert, userPhone } from './repository.ts';

/** Sends after this many failed attempts are given up (the row kept as 'failed', its last error with it). */
export const ALERT_MAX_ATTEMPTS = 8;
/** Why an SMS alert was not sent: its number is no longer the member's verified phone. */
export const PHONE_NOT_VERIFIED = 'the phone is no longer verified';

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
  publicUrl,
}: {
  /** The site's address: an e-mail's link to the dashboard is under it. */
  publicUrl: string;
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  leaseMs: number;
  batchSize: number;
}) {
  /** Claims due alerts with a lease (FOR UPDATE SKIP LOCKED), promotional SMS only inside the window; commits at once. */
  const claim = (limit: number, now: Date, leaseUntil: Date) =>
    claimDueAlerts(db, { limit, now, leaseUntil, promotionalNow: mayText('promotional', now) });

  /** Writes a row's result only while its lease holds, so a row whose lease ran out and was claimed again is not overwritten. */
  const settle = (
    row: ClaimedAlert,
    leaseUntil: Date,
    values: { status: 'pending' | 'sent' | 'failed'; next?: Date; error?: string },
  ) => settleAlert(db, row.id, leaseUntil, values);

  /**
   * Whether an SMS alert's number is still the member's verified phone (decision 070): one queued before the member
   * changed the phone is not sent to the old number.
   */
  async function stillVerified(row: ClaimedAlert): Promise<boolean> {
    const user = await userPhone(db, row.user_id);
    return user !== undefined && verifiedSmsPhoneOf(user) === row.destination;
  }

  /** An e-mail's text: the alert's, and the link to its page on the dashboard under the site's address. */
  const emailText = (row: ClaimedAlert) =>
    row.link_path ? `${row.body}\n\n${ALERT_TEXTS.link(`${publicUrl}${row.link_path}`)}` : row.body;

  return {
    async runDue(options: { now?: Date; signal?: AbortSignal } = {}): Promise<AlertsPassResult> {
      // The wallet transfers' low-balance checks first (a hundred a pass), so their alerts go in this same pass.
      await queueTransferLowBalanceAlerts(db);
      const result: AlertsPassResult = {
        summaries: await queueDailySummaries(db, options.now ?? new Date()),
        sent: 0,
        failed: 0,
      };
      await drainDue<ClaimedAlert>(
        {
          what: 'alert',
          idField: 'alertId',
          batchSize,
          leaseMs,
          claim: (limit, { now, leaseUntil }) => claim(limit, now, leaseUntil),
          apply: async (row, { leaseUntil }) => {
            if (row.channel === 'email') await mailer.send({ to: row.destination, subject: row.subject, text: emailText(row) });
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
