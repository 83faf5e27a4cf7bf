import { type DeliveryReport, field, GatewayUnreachable, postForm, type SmsGateway } from './gateway.ts';

/**
 * Africa's Talking SMS, from its public documentation and clients:
 * - Sending: http://docs.africastalking.com/sms/sending/nodejs (`POST /version1/messaging`, form-encoded `username`,
 *   `to`, `message`, optional `from` (a registered sender ID or short code) and `enqueue`; the `apiKey` header;
 *   `Accept: application/json` for JSON). It answers `SMSMessageData.Recipients[]`, each with `statusCode`, `status`,
 *   `messageId`, `cost` and `number`; statusCode 100 Processed, 101 Sent and 102 Queued are accepted, the others (401
 *   RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 405 InsufficientBalance, 406
 *   UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection, 500 InternalServerError, 501 GatewayError, 502
 *   RejectedByGateway) are refusals: the codes as a public client lists them (pkg.go.dev/github.com/hekimapro/utils/
 *   communication, MessageStatusCodes); the request fields as in the npm africastalking-wrapper's README.
 * - Hosts: https://api.africastalking.com live and https://api.sandbox.africastalking.com with the username `sandbox`.
 * - Delivery reports: http://docs.africastalking.com/sms/deliveryreports and /sms/notifications: a form POST to the
 *   callback URL set in the dashboard (SMS > SMS Callback URLs > Delivery Reports) with `id` (the messageId),
 *   `status` (Sent, Submitted, Buffered, then the final Success, Failed or Rejected), `phoneNumber`, `networkCode` and,
 *   for Failed and Rejected, `failureReason`. It is not signed: the URL's secret segment is what authenticates it.
 */
export const AFRICAS_TALKING_HOSTS = {
  live: 'https://api.africastalking.com',
  sandbox: 'https://api.sandbox.africastalking.com',
} as const;

export type AfricasTalkingSettings = {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** A sender ID registered with the networks (weeks in Uganda); unset, Africa's Talking's default sender is used. */
  senderId?: string | undefined;
  timeoutMs: number;
};

const ACCEPTED_CODES = new Set([100, 101, 102]);
const FINAL = { Success: 'delivered', Failed: 'failed', Rejected: 'failed' } as const;

export function createAfricasTalking(settings: AfricasTalkingSettings): SmsGateway {
  return {
    name: 'africastalking',
    async send(to, text) {
      const form: Record<string, string> = { username: settings.username, to: `+${to}`, message: text, enqueue: '1' };
      if (settings.senderId) form.from = settings.senderId;
      const answer = await postForm(
        `${settings.baseUrl}/version1/messaging`,
        form,
        { apiKey: settings.apiKey },
        settings.timeoutMs,
      );
      if (answer.status >= 500) throw new GatewayUnreachable(`answered ${answer.status}`);
      const recipient = firstRecipient(answer.body);
      if (!recipient) {
        const said = messageOf(answer.body);
        return { accepted: false, reason: `status ${answer.status}${said ? `: ${said}` : ''}` };
      }
      const code = Number(recipient.statusCode);
      const status = typeof recipient.status === 'string' ? recipient.status.slice(0, 100) : String(code);
      const messageId = typeof recipient.messageId === 'string' ? recipient.messageId : '';
      if (!ACCEPTED_CODES.has(code) || messageId === '' || messageId === 'None') {
        return { accepted: false, reason: `${code} ${status}` };
      }
      const cost = typeof recipient.cost === 'string' ? recipient.cost.slice(0, 50) : null;
      return { accepted: true, providerId: messageId.slice(0, 200), status, cost };
    },
    readReport(body): DeliveryReport | null {
      const id = field(body, 'id');
      const status = field(body, 'status');
      if (id === '' || status === '') return null;
      const outcome = status in FINAL ? FINAL[status as keyof typeof FINAL] : 'pending';
      return { providerId: id, outcome, status, reason: field(body, 'failureReason') || null };
    },
  };
}

function firstRecipient(body: unknown): Record<string, unknown> | null {
  const data = (body as { SMSMessageData?: { Recipients?: unknown } } | null)?.SMSMessageData;
  const recipients = data?.Recipients;
  if (!Array.isArray(recipients) || typeof recipients[0] !== 'object' || recipients[0] === null) return null;
  return recipients[0] as Record<string, unknown>;
}

const messageOf = (body: unknown): string => {
  const message = (body as { SMSMessageData?: { Message?: unknown } } | null)?.SMSMessageData?.Message;
  return typeof message === 'string' ? message.slice(0, 200) : '';
};
