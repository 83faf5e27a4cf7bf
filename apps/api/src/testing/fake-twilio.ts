import { randomBytes } from 'node:crypto';
import { listenLocally } from './local-server.ts';

/**
 * A fake of Twilio's Messages API, built from its public documentation (named in sms/twilio.ts:
 * twilio.com/docs/messaging/api/message-resource and the status-callback guide): `POST /2010-04-01/Accounts/{Sid}/
 * Messages.json`, form-encoded `To`, `From`, `Body`, `StatusCallback`, HTTP Basic authentication (401 with error 20003
 * otherwise); 201 with the Message resource (`sid` `SM…`, `status` queued, `price` null until sent), or 400 with error
 * 21211 for a `To` that is not a valid number and 21604 when `Body` is missing.
 */
export type TwilioFault = 'hang' | 500 | { code: number; message: string };

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  requests: Array<Record<string, string>>;
  failNext: (...faults: TwilioFault[]) => void;
  /** A status callback's form for a message this fake took, as Twilio posts it to the message's StatusCallback. */
  report: (sid: string, status: 'delivered' | 'undelivered' | 'failed' | 'sent', errorCode?: string) => string;
  close: () => Promise<void>;
};

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const requests: Array<Record<string, string>> = [];
  const faults: TwilioFault[] = [];
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server = await listenLocally((seen, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (seen.method !== 'POST' || seen.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const form = Object.fromEntries(new URLSearchParams(seen.text));
    requests.push(form);
    const fault = faults.shift();
    if (fault === 'hang') return;
    if (fault === 500) return json(500, { code: 20500, message: 'Internal Server Error', status: 500 });
    if (seen.headers.authorization !== expected) return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (typeof fault === 'object') return json(400, { ...fault, status: 400 });
    if (!form.Body) return json(400, { code: 21604, message: "A 'Body' parameter is required.", status: 400 });
    if (!/^\+\d{8,15}$/.test(form.To ?? '')) {
      return json(400, { code: 21211, message: `The 'To' number ${form.To ?? ''} is not a valid phone number.`, status: 400 });
    }
    json(201, {
      sid: `SM${randomBytes(16).toString('hex')}`,
      account_sid: accountSid,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: 'queued',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
    });
  });
  return {
    url: server.url,
    accountSid,
    authToken,
    from,
    requests,
    failNext: (...next) => faults.push(...next),
    report: (sid, status, errorCode) =>
      new URLSearchParams({
        MessageSid: sid,
        MessageStatus: status,
        AccountSid: accountSid,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      }).toString(),
    close: server.close,
  };
}
