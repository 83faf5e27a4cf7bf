import type { WebhookEventBody, WebhookEventType } from '@sente/contracts/webhook-deliveries';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCall, registeredName, runBatchWork } from '../../testing/batches.ts';
import { post } from '../../testing/http.ts';
import { apiKeysOf, createCollection, v1 } from '../../testing/merchant-api.ts';
import { createPaymentLink, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { p2p, pinToken, requestSettlement, saveBankDetails, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { createNamedMerchant } from '../../testing/transfers-more.ts';
import { type Receiver, saveWebhookUrls, signingSecretOf, startReceiver } from '../../testing/webhook-receiver.ts';

/**
 * Decision 047: every delivered body matches its event's schema under `webhooks` in the OpenAPI document, and a
 * collection or payout event's `data` is what /v1 answers for the same thing, beside the deprecated aliases; a refund
 * event's `data` is the /v1 refund (decision 053), a payout batch's the /v1 batch.
 */
let t: TestApp;
let receiver: Receiver;
let merchant: Merchant;
let key: string;
let secret: string;

const DOCUMENT_ID = 'https://sente.test/v1/openapi.json';

/** A validator for each event's body, resolving the document's `#/components/schemas/...` as a receiver's tools would. */
async function bodyValidators() {
  const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  // JSON Schema resolves $defs; the components are moved there, their references with them. The formats (uuid,
  // date-time) are not checked a second time: zod writes a pattern for each beside it.
  // The document leaves what Sente sends open to new fields (decision 047); the test closes every object that names
  // its properties, so that a field the document does not name fails here.
  const asDefs = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', `${DOCUMENT_ID}#/$defs/`), (_name, part) =>
      part && typeof part === 'object' && 'properties' in part && !('additionalProperties' in part)
        ? { ...part, additionalProperties: false }
        : part,
    );
  const ajv = new Ajv2020({ strict: true, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: DOCUMENT_ID, $defs: asDefs(document.components.schemas) });
  return (type: string) => {
    const schema = document.webhooks?.[type]?.post?.requestBody?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`the document has no webhook ${type}`);
    return ajv.compile(asDefs(schema));
  };
}

const without = (data: object, names: string[]) =>
  Object.fromEntries(Object.entries(data).filter(([name]) => !names.includes(name)));
const COLLECTION_ALIASES = ['msisdn', 'names', 'message', 'link_id'];
const PAYOUT_ALIASES = ['kind', 'direction', 'counterparty'];

beforeAll(async () => {
  t = await createTestApp({ ...WALLET_ENV, ALLOW_PRIVATE_WEBHOOKS: 'true' });
  receiver = await startReceiver();
  merchant = await createNamedMerchant(t, 'Kampala Books', { firstname: 'Ada', lastname: 'Nakato' });
  await saveWebhookUrls(t, merchant, { collection_url: `${receiver.url}/collections`, payment_url: `${receiver.url}/payments` });
  [secret, key] = [await signingSecretOf(t, merchant), (await apiKeysOf(t, merchant)).test_key];
  await Promise.all([setPin(t, merchant), saveBankDetails(t, merchant)]);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('webhook bodies (decision 047)', () => {
  it('match their schema under webhooks in /v1/openapi.json, and carry the /v1 collection and payout', async () => {
    const link = await createPaymentLink(t, merchant, { fixed_amount: false });
    const paid = await payId(t, link.ref, { amount: 200_000, email: 'ada@example.com' });
    await t.app.services.payments.settle(paid, { status: 'successful', message: null });
    const refused = await createCollection(t, key, {
      amount: 7000,
      phone: '0701230001',
      channel: 'AIRTEL',
      reference: 'INV-9',
      metadata: { order: '9' },
    });
    const payouts = [];
    for (const body of [
      { amount: 20_000, phone: '+256 752 000 111', reason: 'Fish & chips <b>refund</b>' },
      { amount: 3000, phone: '0772000001' },
    ]) {
      const res = await v1(t, key, 'POST', '/payouts', body);
      expect(res.statusCode, res.body).toBe(201);
      payouts.push(res.json().data.id as string);
    }
    // Refunds of two more payments: one back to its payer, one to a ...0001 number, which the
    // simulator fails. Not of `paid`, whose collection event must still equal its /v1 object (amount_refunded).
    const refunds = [];
    for (const phone of ['0772123456', '0772120001']) {
      const refunded = await payId(t, link.ref, { amount: 30_000, phone });
      await t.app.services.payments.settle(refunded, { status: 'successful', message: null });
      const res = await v1(t, key, 'POST', '/refunds', { collection_id: refunded, amount: 12_500, reason: 'Order <b>7</b>' });
      expect(res.statusCode, res.body).toBe(201);
      refunds.push(res.json().data.id as string);
    }
    // The simulator's outcomes: the collection from a ...0001 number fails, so do the payout and the refund to one.
    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 1000) });
    // A batch proposed through /v1, approved by the owner in the dashboard and paid by the worker.
    const proposed = await v1(
      t,
      key,
      'POST',
      '/payout-batches',
      { reference: 'Bodies', rows: [{ phone: '0772345678', amount: 4000, name: registeredName('0772345678') }] },
      { 'idempotency-key': 'bodies-batch' },
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    const batchId = proposed.json().data.id as string;
    await runBatchWork(t);
    const approval = { pin_token: await pinToken(t, merchant) };
    expect((await batchCall(t, merchant, 'POST', `/api/payout-batches/${batchId}/approve`, approval)).statusCode).toBe(200);
    await runBatchWork(t);
    const other = await createNamedMerchant(t, 'Jinja Fabrics', { firstname: 'Grace', lastname: 'Namutebi' });
    expect((await p2p(t, merchant, other, 10_000, { reason: 'Stock' })).statusCode).toBe(201);
    expect((await requestSettlement(t, merchant, 20_000)).statusCode).toBe(201);
    expect((await post(t, merchant, '/api/webhook/test-event')).statusCode).toBe(201);
    await t.app.services.webhookDeliveries.deliverDue();

    const validatorOf = await bodyValidators();
    const events = receiver.arrivals.map(
      (arrival) => new Webhook(secret).verify(arrival.body, arrival.headers) as WebhookEventBody,
    );
    for (const event of events) {
      const validate = validatorOf(event.type);
      expect(validate(event), `${event.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(event.api_version).toBe('2026-11-27');
    }
    const produced: WebhookEventType[] = [
      'collection.successful',
      'collection.failed',
      'payout.pending',
      'payout.successful',
      'payout.rejected',
      'transfer.successful',
      'settlement.pending',
      'refund.successful',
      'refund.failed',
      'payout_batch.submitted',
      'payout_batch.approved',
      'payout_batch.completed',
      'test.event',
    ];
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(produced));

    const last = (id: string) =>
      events.filter((event) => (event.data as { id?: string }).id === id).at(-1)!.data as Record<string, unknown>;
    for (const id of [paid, refused.id]) {
      const data = last(id);
      const object = (await v1(t, key, 'GET', `/collections/${id}`)).json().data;
      expect(without(data, COLLECTION_ALIASES)).toEqual(object);
      expect(data).toMatchObject({ msisdn: object.phone, names: object.customer_name, link_id: object.link?.id ?? null });
    }
    expect(last(paid)).toMatchObject({ email: 'ada@example.com', link: { id: link.id, ref: link.ref, kind: 'payment_link' } });
    expect(last(refused.id)).toMatchObject({ status: 'failed', link: null, reference: 'INV-9', message: expect.any(String) });
    for (const id of payouts) {
      const data = last(id);
      expect(without(data, PAYOUT_ALIASES)).toEqual((await v1(t, key, 'GET', `/payouts/${id}`)).json().data);
    }
    // A batch's event is the /v1 batch; its row's payout events carry the batch's id.
    expect(last(batchId)).toEqual((await v1(t, key, 'GET', `/payout-batches/${batchId}`)).json().data);
    expect(last(batchId)).toMatchObject({ status: 'completed', counts: { rows: 1, paid: 1 } });
    const [batchRow] = (await v1(t, key, 'GET', `/payout-batches/${batchId}/rows`)).json().data.items;
    const rowPayout = (await v1(t, key, 'GET', `/payouts/${batchRow.payout_id}`)).json().data;
    expect(without(last(batchRow.payout_id), PAYOUT_ALIASES)).toEqual(rowPayout);
    expect(rowPayout).toMatchObject({ batch_id: batchId, status: 'successful', amount: 4000 });
    // A refund event's data is the /v1 refund, and nothing beside it.
    for (const id of refunds) {
      expect(last(id)).toEqual((await v1(t, key, 'GET', `/refunds/${id}`)).json().data);
    }
    const [successful, failed] = refunds.map((id) => events.find((event) => (event.data as { id?: string }).id === id)!);
    expect(successful).toMatchObject({ type: 'refund.successful', data: { status: 'successful', reason: 'Order 7' } });
    expect(failed).toMatchObject({ type: 'refund.failed', data: { status: 'failed', failure_reason: expect.any(String) } });
    expect(last(payouts[0]!)).toMatchObject({
      status: 'successful',
      reason: 'Fish & chips refund',
      phone: '256752000111',
      kind: 'payout',
      direction: 'out',
      counterparty: '0752 000 111',
    });
  });
});
