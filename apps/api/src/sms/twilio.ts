import { type DeliveryReport, field, GatewayUnreachable, postForm, type SmsGateway } from './gateway.ts';

/**
 * Twilio Programmable Messaging, the fallback route, from its public documentation:
 * - Sending: https://www.twilio.com/docs/messaging/api/message-resource (`POST /2010-04-01/Accounts/{AccountSid}/
 *   Messages.json`, form-encoded `To` in E.164, `From` (a Twilio number or alphanumeric sender ID), `Body` and
 *   `StatusCallback`; HTTP Basic authentication with the Account SID and Auth Token). It answers 201 with the
 *   Message resource (`sid`, `status` queued or accepted, `price`, `price_unit`), or a 4xx error (`code`, `message`,
 *   `status`); the same in the generated clients (github.com/twilio/twilio-go rest/api/v2010/docs/AccountsMessagesApi.md).
 * - Status callbacks: https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks: a form
 *   POST to `StatusCallback` with `MessageSid`, `MessageStatus` (queued, sending, sent, then delivered, undelivered or
 *   failed) and `ErrorCode`. The URL carries our secret segment, as Africa's Talking's does.
 */
export const TWILIO_HOST = 'https://api.twilio.com';

export type TwilioSettings = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Where Twilio posts the message's status changes: our delivery-report URL for the route `twilio`. */
  statusCallback: string;
  timeoutMs: number;
};

const FINAL = { delivered: 'delivered', undelivered: 'failed', failed: 'failed' } as const;

export function createTwilio(settings: TwilioSettings): SmsGateway {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  return {
    name: 'twilio',
    async send(to, text) {
      const form = { To: `+${to}`, From: settings.from, Body: text, StatusCallback: settings.statusCallback };
      const answer = await postForm(url, form, { authorization }, settings.timeoutMs);
      if (answer.status >= 500) throw new GatewayUnreachable(`answered ${answer.status}`);
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (answer.status !== 200 && answer.status !== 201) {
        const said = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        return { accepted: false, reason: `${typeof body.code === 'number' ? body.code : `status ${answer.status}`}${said}` };
      }
      if (typeof body.sid !== 'string' || body.sid === '') throw new GatewayUnreachable('answered without a message sid');
      const price = typeof body.price === 'string' ? `${body.price_unit ?? ''} ${body.price}`.trim() : null;
      const status = typeof body.status === 'string' ? body.status.slice(0, 100) : 'queued';
      if (status === 'failed' || status === 'undelivered') return { accepted: false, reason: status };
      return { accepted: true, providerId: body.sid.slice(0, 200), status, cost: price };
    },
    readReport(body): DeliveryReport | null {
      const sid = field(body, 'MessageSid');
      const status = field(body, 'MessageStatus');
      if (sid === '' || status === '') return null;
      const outcome = status in FINAL ? FINAL[status as keyof typeof FINAL] : 'pending';
      const code = field(body, 'ErrorCode');
      return { providerId: sid, outcome, status, reason: code ? `ErrorCode ${code}` : null };
    },
  };
}
