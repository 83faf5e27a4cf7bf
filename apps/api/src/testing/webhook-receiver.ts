import { listenLocally } from './local-server.ts';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { bearer, getProfile } from './users.ts';

/** One request a receiver got: its path, headers (lower-case names) and raw body. */
export type Arrival = { path: string; headers: Record<string, string>; body: string };

/** What the receiver does with a request: answer with this status, or never answer. */
type Answer = number | 'hang';

export type Receiver = {
  /** `http://127.0.0.1:<port>`: a merchant's endpoint on loopback. */
  url: string;
  port: number;
  arrivals: Arrival[];
  /** Changes how the next requests are answered. */
  answerWith: (answer: (arrival: Arrival, index: number) => Answer | Promise<Answer>) => void;
  close: () => Promise<void>;
};

/** A merchant's webhook endpoint on 127.0.0.1 that records every request; answers 200 unless told otherwise. */
export async function startReceiver(): Promise<Receiver> {
  const arrivals: Arrival[] = [];
  let answer: (arrival: Arrival, index: number) => Answer | Promise<Answer> = () => 200;
  const local = await listenLocally(async ({ url, headers, text }, response) => {
    const arrival = { path: url, headers, body: text };
    arrivals.push(arrival);
    const status = await answer(arrival, arrivals.length - 1);
    if (status === 'hang') return;
    response.writeHead(status, status >= 300 && status < 400 ? { location: '/moved' } : {}).end('ok');
  });
  return {
    url: local.url,
    port: local.port,
    arrivals,
    answerWith: (next) => {
      answer = next;
    },
    close: local.close,
  };
}

/** The account's Standard Webhooks signing secret: the encryption key the Api Keys page shows. */
export async function signingSecretOf(t: TestApp, merchant: Merchant): Promise<string> {
  const res = await getProfile(t, merchant.accessToken);
  const secret = res.json().data?.current_account?.api_keys?.encryption_key;
  if (typeof secret !== 'string') throw new Error(`the profile carries no encryption key: ${res.body}`);
  return secret;
}

/** Saves the account's two webhook URLs through the page's call. */
export async function saveWebhookUrls(
  t: TestApp,
  merchant: Merchant,
  urls: { collection_url?: string | null; payment_url?: string | null },
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhook/save-url',
    headers: bearer(merchant.accessToken),
    payload: urls,
  });
  if (res.statusCode !== 200) throw new Error(`save-url answered ${res.statusCode}: ${res.body}`);
}

/** The account's queued events and their deliveries, oldest first. */
export function webhookEventsOf(t: TestApp, accountId: string) {
  return t.database.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Makes every pending event due now, as if its backoff had passed. */
export async function makeDue(t: TestApp): Promise<void> {
  await t.database.db
    .updateTable('webhook_events')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
}

/** Each test starts with nothing due: what an earlier one left pending is closed, and the receiver answers 200 again. */
export async function startAfresh(t: TestApp, receiver: Receiver): Promise<void> {
  await t.database.db.updateTable('webhook_events').set({ status: 'failed' }).where('status', '=', 'pending').execute();
  receiver.arrivals.length = 0;
  receiver.answerWith(() => 200);
}
