import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AFRICAS_TALKING_HOSTS, createAfricasTalking } from './africas-talking.ts';
import { createSmsRouter, type SmsRouter } from './gateways.ts';
import { createSmsOutbox, type SmsSender } from './sms.ts';
import { createTwilio, TWILIO_HOST } from './twilio.ts';

/** Where a gateway posts its delivery reports: the callback secret in the path, as for the payment providers. */
export const smsDeliveryPath = (gateway: string, secret: string) => `/api/sms/delivery/${gateway}/${secret}`;

/** The sender, the router behind it (null for the outbox), and where each gateway is to post its delivery reports. */
export type SmsFromConfig = { sms: SmsSender; gateways: SmsRouter | null; deliveryUrls: { gateway: string; url: string }[] };

/**
 * SMS as the settings say (docs/settings.md): the outbox in DATA_DIR/outbox/sms unless SMS_GATEWAY=africastalking
 * (so `npm start` needs nothing), then Africa's Talking first and Twilio as the fallback when its settings are given.
 */
export function createSmsFromConfig(deps: {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  callbackSecret: string;
}): SmsFromConfig {
  const { config, db, logger, callbackSecret } = deps;
  if (config.SMS_GATEWAY === 'outbox' || !config.AFRICASTALKING_USERNAME || !config.AFRICASTALKING_API_KEY) {
    return { sms: createSmsOutbox(path.join(config.dataDir, 'outbox', 'sms'), logger), gateways: null, deliveryUrls: [] };
  }
  const timeoutMs = config.SMS_GATEWAY_TIMEOUT_MS;
  const primary = createAfricasTalking({
    baseUrl:
      config.AFRICASTALKING_BASE_URL ??
      ((config.AFRICASTALKING_SANDBOX ?? config.AFRICASTALKING_USERNAME === 'sandbox')
        ? AFRICAS_TALKING_HOSTS.sandbox
        : AFRICAS_TALKING_HOSTS.live),
    username: config.AFRICASTALKING_USERNAME,
    apiKey: config.AFRICASTALKING_API_KEY,
    senderId: config.AFRICASTALKING_SENDER_ID,
    timeoutMs,
  });
  const fallback =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? createTwilio({
          baseUrl: config.TWILIO_BASE_URL ?? TWILIO_HOST,
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          statusCallback: `${config.PUBLIC_URL}${smsDeliveryPath('twilio', callbackSecret)}`,
          timeoutMs,
        })
      : null;
  const gateways = createSmsRouter({
    db,
    primary,
    fallback,
    deliveryTimeoutSeconds: config.SMS_DELIVERY_TIMEOUT_SECONDS,
    logger,
  });
  const deliveryUrls = gateways.names.map((gateway) => ({
    gateway,
    url: `${config.PUBLIC_URL}${smsDeliveryPath(gateway, callbackSecret)}`,
  }));
  return { sms: gateways.sender, gateways, deliveryUrls };
}
