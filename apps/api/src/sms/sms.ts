import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Why a text goes out: a transactional one (a code, a receipt, an alert of a payment) goes at any hour; a
 * promotional one (a daily summary, anything that sells) only from 08:00 to 20:00 Kampala time.
 */
export type SmsPurpose = 'transactional' | 'promotional';

/** A text to one Ugandan number, as `2567XXXXXXXX`; `accountId` names the account it is sent for (its cost), if any. */
export type SmsMessage = { to: string; text: string; purpose: SmsPurpose; accountId?: string | null };

/** What sending answered: our id of the message and the route it took ('outbox', or a gateway's name). */
export type SmsSent = { id: string; route: string };

/** The one interface of SMS, as the Mailer is of e-mail: the outbox in development, the gateways in production. */
export type SmsSender = {
  /** 'outbox' writes each message to DATA_DIR/outbox/sms; 'gateway' sends through the configured gateways. */
  transport: 'outbox' | 'gateway';
  description: string;
  /**
   * The gateways (sms/gateways.ts) throw SmsNotSent when no route took the message, and for a promotional text outside
   * 08:00-20:00 Kampala time; a caller that must not fail with the text catches it (the row in sms_messages says why).
   */
  send: (message: SmsMessage) => Promise<SmsSent>;
};

/**
 * Development and tests: each message is written to `dir` as a JSON file named by its time and number, and logged
 * (as the mail outbox does), so a person or a test reads what would have been sent.
 */
export function createSmsOutbox(dir: string, logger: Logger): SmsSender {
  let sequence = 0;
  return {
    transport: 'outbox',
    description: `SMS outbox files in ${dir}`,
    async send(message) {
      sequence += 1;
      const id = `outbox-${Date.now()}-${sequence}`;
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}-${message.to}.json`);
      await fs.writeFile(file, `${JSON.stringify({ id, ...message }, null, 2)}\n`);
      logger.info({ to: message.to, purpose: message.purpose, file }, `SMS written to outbox: ${message.text}`);
      return { id, route: 'outbox' };
    },
  };
}
