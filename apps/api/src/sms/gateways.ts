import { SMS_MESSAGES } from '@sente/contracts/system';
import type { Kysely, Updateable } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from '../lib/http-error.ts';
import type { GatewayAnswer, SmsGateway } from './gateway.ts';
import { mayText } from './quiet-hours.ts';
import { claimDueResends, insertSmsMessage, smsMessageOfRoute, updateSentSmsMessage, updateSmsMessage } from './repository.ts';
import type { SmsMessage, SmsSender, SmsSent } from './sms.ts';
import type { SmsMessagesTable } from './tables.ts';

/** The text was not sent: a promotional one in quiet hours, or every route refused it (its row says why). */
export class SmsNotSent extends Error {}

export type SmsRouterDeps = {
  db: Kysely<Database>;
  primary: SmsGateway;
  /** The second route: for a message the first refuses, or whose delivery is not reported in time. */
  fallback: SmsGateway | null;
  /** How long the first route has to report a delivery before the fallback sends the message again. */
  deliveryTimeoutSeconds: number;
  logger: Logger;
  now?: () => Date;
};

/** Rows the worker's pass resends at most. */
const RESEND_BATCH_SIZE = 100;

/**
 * The gateways behind the one SMS interface: each message is recorded in `sms_messages`, sent through the
 * first gateway and, when it refuses, fails or cannot be reached, through the second. A message the first took but
 * did not report delivered within `deliveryTimeoutSeconds` (or reported failed) is sent again through the second by
 * the worker (`resendDue`). A gateway that timed out may still have sent the text, so the fallback can make it
 * arrive twice: better than not at all for a code or a receipt. Promotional texts are refused outside 08:00-20:00
 * Kampala time (quiet-hours.ts): they are never queued for later, since a summary or an offer sent the next morning
 * is stale; the caller sends it in hours.
 */
export function createSmsRouter({
  db,
  primary,
  fallback,
  deliveryTimeoutSeconds,
  logger,
  now = () => new Date(),
}: SmsRouterDeps) {
  const gateways = fallback ? [primary, fallback] : [primary];

  async function ask(gateway: SmsGateway, to: string, text: string): Promise<GatewayAnswer> {
    try {
      return await gateway.send(to, text);
    } catch (error) {
      return { accepted: false, reason: error instanceof Error ? error.message.slice(0, 200) : 'failed' };
    }
  }

  /**
   * One route's try: its answer recorded on the row (a refusal's reason stays there when the next route takes it);
   * true when the gateway took the message.
   */
  async function attempt(id: string, gateway: SmsGateway, message: Pick<SmsMessage, 'to' | 'text'>, attempts: number) {
    const answer = await ask(gateway, message.to, message.text);
    const at = now();
    if (answer.accepted) {
      const waits = gateway === primary && fallback !== null;
      await updateSmsMessage(db, id, {
        route: gateway.name,
        status: 'sent',
        gateway_status: answer.status,
        provider_message_id: answer.providerId,
        cost: answer.cost,
        attempts,
        resend_due_at: waits ? new Date(at.getTime() + deliveryTimeoutSeconds * 1000) : null,
        // No route is left after this one: the text is not needed again, and is not kept.
        ...(waits ? {} : { text: null }),
        updated_at: at,
      });
      return true;
    }
    logger.warn({ sms: id, route: gateway.name, reason: answer.reason }, 'SMS gateway did not take the message');
    await updateSmsMessage(db, id, { route: gateway.name, attempts, reason: answer.reason, resend_due_at: null, updated_at: at });
    return false;
  }

  /** No route is left: the message is final, and its text is cleared. */
  const fail = (id: string, reason?: string) =>
    updateSmsMessage(db, id, {
      status: 'failed',
      text: null,
      resend_due_at: null,
      updated_at: now(),
      ...(reason ? { reason } : {}),
    });

  const sender: SmsSender = {
    transport: 'gateway',
    description: `SMS through ${gateways.map((gateway) => gateway.name).join(', then ')}`,
    async send(message): Promise<SmsSent> {
      if (!mayText(message.purpose, now())) throw new SmsNotSent(SMS_MESSAGES.quietHours);
      const id = await insertSmsMessage(db, {
        account_id: message.accountId ?? null,
        to_number: message.to,
        text: message.text,
        purpose: message.purpose,
        route: primary.name,
        status: 'sending',
        attempts: 0,
      });
      for (const [index, gateway] of gateways.entries()) {
        if (await attempt(id, gateway, message, index + 1)) return { id, route: gateway.name };
      }
      await fail(id);
      throw new SmsNotSent(SMS_MESSAGES.notSent);
    },
  };

  return {
    sender,
    /** The gateways' names, as delivery reports name them. */
    names: gateways.map((gateway) => gateway.name),

    /**
     * A gateway's delivery report: the message's status from it. Delivered is final; failed from the first route
     * hands the message to the fallback at the worker's next pass; failed from the last is final. A report of a
     * message already final changes nothing. Throws the refusal the gateway is answered (404, 400).
     */
    async receiveReport(gatewayName: string, body: unknown): Promise<void> {
      const gateway = gateways.find((candidate) => candidate.name === gatewayName);
      if (!gateway) throw notFound(SMS_MESSAGES.unknownGateway);
      const report = gateway.readReport(body);
      if (!report) throw badRequest(SMS_MESSAGES.notAReport);
      const row = await smsMessageOfRoute(db, gateway.name, report.providerId);
      if (!row) {
        logger.warn(
          { route: gateway.name, messageId: report.providerId.slice(0, 100) },
          'SMS delivery report of an unknown message',
        );
        throw notFound(SMS_MESSAGES.unknownMessage);
      }
      if (row.status === 'delivered' || row.status === 'failed') return;
      const at = now();
      const update = (values: Updateable<SmsMessagesTable>) => updateSentSmsMessage(db, row.id, values);
      if (report.outcome === 'delivered') {
        await update({
          status: 'delivered',
          gateway_status: report.status,
          reason: null,
          text: null,
          resend_due_at: null,
          updated_at: at,
        });
      } else if (report.outcome === 'failed' && row.resend_due_at !== null) {
        await update({ gateway_status: report.status, reason: report.reason, resend_due_at: at, updated_at: at });
      } else if (report.outcome === 'failed') {
        await update({ status: 'failed', gateway_status: report.status, reason: report.reason, text: null, updated_at: at });
      } else {
        await update({ gateway_status: report.status, updated_at: at });
      }
    },

    /**
     * The worker's pass: messages whose delivery the first route did not report in time (or reported failed) are
     * claimed (their due time cleared, rows locked by others skipped) and sent again through the fallback; a
     * promotional one now in quiet hours fails instead. Answers how many were sent again.
     */
    async resendDue(at: Date = now()): Promise<number> {
      const claimed = await claimDueResends(db, at, RESEND_BATCH_SIZE);
      let resent = 0;
      for (const row of claimed) {
        if (!fallback || row.text === null) await fail(row.id, 'no delivery reported');
        else if (!mayText(row.purpose, at)) await fail(row.id, SMS_MESSAGES.quietHours);
        else if (await attempt(row.id, fallback, { to: row.to_number, text: row.text }, row.attempts + 1)) resent += 1;
        else await fail(row.id);
      }
      return resent;
    },
  };
}

export type SmsRouter = ReturnType<typeof createSmsRouter>;
