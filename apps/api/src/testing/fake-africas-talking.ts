import { randomBytes } from 'node:crypto';
import { listenLocally } from './local-server.ts';

/**
 * A fake of Africa's Talking's SMS API, built from its public documentation (the sources are named in
 * sms/africas-talking.ts: docs.africastalking.com/sms/sending/nodejs and docs.africastalking.com/sms/
 * deliveryreports): `POST /version1/messaging`, form-encoded, authenticated by the `apiKey` header and the `username`
 * field (401 with a text body otherwise, as the live API does); one recipient answered in `SMSMessageData.Recipients`
 * with statusCode 101 Success, a messageId `ATXid_…` and its cost in UGX, or statusCode 403 InvalidPhoneNumber (and the
 * messageId `None`) for a number that is not `+256` and nine digits.
 */
export type AfricasTalkingFault = 'hang' | 500 | 401 | { statusCode: number; status: string };

export type FakeAfricasTalking = {
  url: string;
  username: string;
  apiKey: string;
  /** Each message taken (or refused), its form as sent. */
  requests: Array<Record<string, string>>;
  /** What the next requests meet instead of the normal answer, one fault a request. */
  failNext: (...faults: AfricasTalkingFault[]) => void;
  /** A delivery report's form for a message this fake took, as Africa's Talking posts it to the callback URL. */
  report: (messageId: string, status: 'Success' | 'Failed' | 'Rejected' | 'Sent' | 'Buffered', failureReason?: string) => string;
  close: () => Promise<void>;
};

export const AT_COST = 'UGX 25.0000';

export async function startFakeAfricasTalking(): Promise<FakeAfricasTalking> {
  const username = 'sente-test';
  const apiKey = `atsk_${randomBytes(16).toString('hex')}`;
  const requests: Array<Record<string, string>> = [];
  const faults: AfricasTalkingFault[] = [];
  const numbers = new Map<string, string>();
  const server = await listenLocally((seen, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const text = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(body);
    };
    if (seen.method !== 'POST' || seen.url !== '/version1/messaging') return json(404, { error: 'not found' });
    const form = Object.fromEntries(new URLSearchParams(seen.text));
    requests.push(form);
    const fault = faults.shift();
    if (fault === 'hang') return;
    if (fault === 500) return json(500, { error: 'internal' });
    if (fault === 401 || seen.headers.apikey !== apiKey || form.username !== username) {
      return text(401, 'The supplied authentication is invalid');
    }
    if (!form.to || !form.message) {
      return text(400, 'Request is missing required form field');
    }
    const valid = /^\+256\d{9}$/.test(form.to);
    const refusal = typeof fault === 'object' ? fault : valid ? null : { statusCode: 403, status: 'InvalidPhoneNumber' };
    const messageId = refusal ? 'None' : `ATXid_${randomBytes(16).toString('hex')}`;
    if (!refusal) numbers.set(messageId, form.to);
    const recipient = {
      statusCode: refusal?.statusCode ?? 101,
      number: form.to,
      status: refusal?.status ?? 'Success',
      cost: refusal ? '0' : AT_COST,
      messageId,
    };
    json(201, {
      SMSMessageData: { Message: `Sent to ${refusal ? 0 : 1}/1 Total Cost: ${refusal ? '0' : AT_COST}`, Recipients: [recipient] },
    });
  });
  return {
    url: server.url,
    username,
    apiKey,
    requests,
    failNext: (...next) => faults.push(...next),
    report: (messageId, status, failureReason) =>
      new URLSearchParams({
        id: messageId,
        status,
        phoneNumber: numbers.get(messageId) ?? '',
        networkCode: '64110',
        ...(failureReason ? { failureReason } : {}),
      }).toString(),
    close: server.close,
  };
}
