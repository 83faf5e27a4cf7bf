import { DEVELOPER_MESSAGES as M, WEBHOOK_URL_MAX_LENGTH } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressLookup } from '../../lib/public-address.ts';
import { answer, get } from '../../testing/http.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createReplica, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createNamedMerchant, useEnvironment } from '../../testing/transfers-more.ts';
import { createDevelopersService } from './service.ts';

/** Shared with the replica that allows private addresses, so that each accepts the other's sessions. */
const APP_SECRET = 'webhook-test-app-secret-0123456789abcdef';

let t: TestApp;
let a: Merchant;
let b: Merchant;

const save = (who: { accessToken: string }, body: unknown, on: TestApp = t) =>
  on.app.inject({
    method: 'POST',
    url: '/api/webhook/save-url',
    headers: { authorization: `Bearer ${who.accessToken}` },
    payload: body as object,
  });
const read = async (who: { accessToken: string }) => {
  const res = await get(t, who, '/api/webhook');
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const PUBLIC = { collection_url: 'https://8.8.8.8/sente/collections', payment_url: 'https://1.1.1.1/sente/payments' };

beforeAll(async () => {
  t = await createTestApp({ APP_SECRET });
  [a, b] = await Promise.all([
    createNamedMerchant(t, 'Kampala Crafts', { firstname: 'Ada', lastname: 'Nakato' }),
    createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' }),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/webhook and POST /api/webhook/save-url', () => {
  it("answers null for URLs never set, saves both with 'Webhooks Updated', and an empty one clears it", async () => {
    expect(await read(a)).toEqual({ collection_url: null, payment_url: null });
    const res = await save(a, PUBLIC);
    expect(answer(res)).toEqual([200, M.webhooksUpdated]);
    expect(res.json().data).toEqual(PUBLIC);
    expect(await read(a)).toEqual(PUBLIC);

    expect(answer(await save(a, { collection_url: '  ', payment_url: PUBLIC.payment_url }))).toEqual([200, M.webhooksUpdated]);
    expect(await read(a)).toEqual({ collection_url: null, payment_url: PUBLIC.payment_url });
    expect(answer(await save(a, {}))).toEqual([200, M.webhooksUpdated]);
    expect(await read(a)).toEqual({ collection_url: null, payment_url: null });
  });

  it('keeps the URL as the URL parser writes it: trimmed, host in lower case, a path of at least /', async () => {
    const res = await save(a, { collection_url: '  HTTPS://8.8.8.8  ', payment_url: 'https://8.8.8.8:8443/Hooks?a=1' });
    expect(res.json().data).toEqual({ collection_url: 'https://8.8.8.8/', payment_url: 'https://8.8.8.8:8443/Hooks?a=1' });
  });

  it("keeps each account's URLs its own", async () => {
    await save(a, PUBLIC);
    await save(b, { collection_url: 'https://9.9.9.9/gulu', payment_url: '' });
    expect(await read(a)).toEqual(PUBLIC);
    expect(await read(b)).toEqual({ collection_url: 'https://9.9.9.9/gulu', payment_url: null });
  });

  it('takes http in test mode and only https in live mode, where http is refused for each URL', async () => {
    const owner = await createNamedMerchant(t, 'Mbale Coffee', { firstname: 'Sarah', lastname: 'Atim' });
    const plain = { collection_url: 'http://8.8.8.8/collections', payment_url: 'http://1.1.1.1/payments' };
    expect(answer(await save(owner, plain))).toEqual([200, M.webhooksUpdated]);
    await useEnvironment(t, owner, 'production');
    const refused = await save(owner, plain);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: M.httpsRequired('Collections'),
      errors: [M.httpsRequired('Collections'), M.httpsRequired('Payments')],
    });
    expect(answer(await save(owner, PUBLIC))).toEqual([200, M.webhooksUpdated]);
    expect(await read(owner)).toEqual(PUBLIC);
  });
});

describe('webhook addresses that are not public are refused', () => {
  const HOSTS = [
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.1', '10.0.0.1'],
    ['172.16.5.4', '172.16.5.4'],
    ['192.168.1.1', '192.168.1.1'],
    ['[::1]', '[::1]'],
    ['169.254.169.254', '169.254.169.254'],
    ['100.64.0.1', '100.64.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['224.0.0.1', '224.0.0.1'],
    ['[fd00::1]', '[fd00::1]'],
    ['[fe80::1]', '[fe80::1]'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['[::ffff:169.254.169.254]', '[::ffff:a9fe:a9fe]'],
    ['localhost', 'localhost'],
    ['0x7f.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
  ] as const;

  it.each(HOSTS)('https://%s/hook, saving nothing', async (host, named) => {
    await save(a, PUBLIC);
    const res = await save(a, { collection_url: `https://${host}/hook`, payment_url: PUBLIC.payment_url });
    expect(answer(res)).toEqual([400, M.addressNotPublic('Collections', named)]);
    expect(await read(a)).toEqual(PUBLIC);
  });

  it('refuses a host that does not resolve', async () => {
    const res = await save(a, { collection_url: PUBLIC.collection_url, payment_url: 'https://nowhere.invalid/hook' });
    expect(answer(res)).toEqual([400, M.hostNotFound('Payments', 'nowhere.invalid')]);
  });

  it('lists every refusal, in the order of the page', async () => {
    const res = await save(a, { payment_url: 'https://10.0.0.1/p', collection_url: 'https://localhost/c' });
    expect(res.json()).toMatchObject({
      message: M.addressNotPublic('Collections', 'localhost'),
      errors: [M.addressNotPublic('Collections', 'localhost'), M.addressNotPublic('Payments', '10.0.0.1')],
    });
    // The refusal says what a developer trying a receiver on their own machine can do.
    expect(res.json().message).toBe(
      "The Collections web hook URL's host, localhost, is a private or local address: give one reachable from the internet, or allow local receivers on a development server with ALLOW_PRIVATE_WEBHOOKS=true",
    );
  });

  it('accepts them, on a server started with ALLOW_PRIVATE_WEBHOOKS=true; a name must still resolve', async () => {
    const relaxed = await createReplica(t, { APP_SECRET, ALLOW_PRIVATE_WEBHOOKS: 'true' });
    try {
      const local = { collection_url: 'http://localhost:4000/hooks', payment_url: 'http://127.0.0.1:4000/hooks' };
      expect(answer(await save(a, local, relaxed))).toEqual([200, M.webhooksUpdated]);
      expect(await read(a)).toEqual({
        collection_url: 'http://localhost:4000/hooks',
        payment_url: 'http://127.0.0.1:4000/hooks',
      });
      const nowhere = await save(a, { collection_url: 'https://nowhere.invalid/' }, relaxed);
      expect(answer(nowhere)).toEqual([400, M.hostNotFound('Collections', 'nowhere.invalid')]);
      // The server that does not allow them still refuses them.
      expect((await save(a, local)).statusCode).toBe(400);
    } finally {
      await relaxed.close();
    }
  });

  it('accepts them on a development server without the setting, and refuses them on a production one', async () => {
    const local = { collection_url: 'http://localhost:4000/dev', payment_url: null };
    const development = await createReplica(t, { APP_SECRET, NODE_ENV: 'development' });
    try {
      expect(answer(await save(a, local, development))).toEqual([200, M.webhooksUpdated]);
      expect((await read(a)).collection_url).toBe('http://localhost:4000/dev');
    } finally {
      await development.close();
    }
    // Production hashes passwords at 2^15 at least; this replica hashes none.
    const production = await createReplica(t, {
      APP_SECRET,
      NODE_ENV: 'production',
      PASSWORD_HASH_COST: '15',
      SUPPORT_PHONE: '+256 414 123 456',
      SUPPORT_WHATSAPP: '+256 772 123 456',
      SUPPORT_EMAIL: 'help@pay.example.com',
    });
    try {
      const refused = await save(a, { collection_url: 'http://localhost:4000/prod' }, production);
      expect(answer(refused)).toEqual([400, M.addressNotPublic('Collections', 'localhost')]);
      expect((await read(a)).collection_url).toBe('http://localhost:4000/dev');
    } finally {
      await production.close();
    }
  });
});

describe('host names, resolved (a resolver of our own, so the test needs no network)', () => {
  const lookup: AddressLookup = async (hostname) => {
    const table: Record<string, string[]> = {
      'hooks.kampala-crafts.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'rebind.example': ['93.184.216.34', '10.0.0.7'],
    };
    if (!table[hostname]) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return table[hostname];
  };

  it('saves a name whose every address is public, and refuses one with any private address', async () => {
    const developers = createDevelopersService({
      db: t.database.db,
      secrets: { keysSecret: 'k'.repeat(43), keyLookupSecret: 'l'.repeat(43) },
      logger: pino({ level: 'silent' }),
      allowPrivateWebhooks: false,
      lookup,
    });
    const account = { id: b.accountId, environment: 'production' as const };
    const urls = { collection_url: 'https://hooks.kampala-crafts.example/c', payment_url: null };
    expect(await developers.saveWebhookUrls(account, urls)).toEqual(urls);
    expect(await read(b)).toEqual(urls);
    await expect(
      developers.saveWebhookUrls(account, { collection_url: null, payment_url: 'https://rebind.example/p' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: M.addressNotPublic('Payments', 'rebind.example'),
    });
    expect(await read(b)).toEqual(urls);
  });
});

describe('bad input is a 400 with a message, never a 500', () => {
  const BAD: [string, unknown, string][] = [
    ['a NUL byte', 'https://8.8.8.8/a\u0000b', MESSAGES.invalidCharacter('collection_url')],
    ['a lone surrogate', 'https://8.8.8.8/\ud800', MESSAGES.invalidCharacter('collection_url')],
    ['a huge string', `https://8.8.8.8/${'x'.repeat(200_000)}`, M.urlTooLong('Collections')],
    ['one character too many', `https://8.8.8.8/${'x'.repeat(WEBHOOK_URL_MAX_LENGTH - 15)}`, M.urlTooLong('Collections')],
    ['a number', 42, M.urlInvalid('Collections')],
    ['a boolean', true, M.urlInvalid('Collections')],
    ['an object', { href: 'https://8.8.8.8/' }, M.urlInvalid('Collections')],
    ['an array', ['https://8.8.8.8/'], M.urlInvalid('Collections')],
    ['no scheme', '8.8.8.8/hook', M.urlInvalid('Collections')],
    ['a relative path', '/hooks', M.urlInvalid('Collections')],
    ['another scheme', 'ftp://8.8.8.8/hook', M.urlInvalid('Collections')],
    ['a script', 'javascript:alert(1)', M.urlInvalid('Collections')],
    ['a file', 'file:///etc/passwd', M.urlInvalid('Collections')],
    ['no host', 'https://', M.urlInvalid('Collections')],
    ['a space inside', 'https://8.8.8 .8/hook', M.urlInvalid('Collections')],
    ['a line break inside', 'https://8.8.\n8.8/hook', M.urlInvalid('Collections')],
    ['a bad port', 'https://8.8.8.8:99999/hook', M.urlInvalid('Collections')],
    ['credentials', 'https://user:secret@8.8.8.8/hook', M.urlCredentials('Collections')],
  ];

  it.each(BAD)('%s', async (_what, value, message) => {
    const res = await save(a, { collection_url: value, payment_url: PUBLIC.payment_url });
    expect(answer(res)).toEqual([400, message]);
  });

  it('a URL of exactly the longest length is taken', async () => {
    const longest = `https://8.8.8.8/${'x'.repeat(WEBHOOK_URL_MAX_LENGTH - 16)}`;
    expect(longest).toHaveLength(WEBHOOK_URL_MAX_LENGTH);
    expect(answer(await save(a, { collection_url: longest }))).toEqual([200, M.webhooksUpdated]);
  });

  it('bodies that are not an object of URLs', async () => {
    for (const body of ['"https://8.8.8.8/"', '[1, 2]', '{"collection_url": ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhook/save-url',
        headers: { authorization: `Bearer ${a.accessToken}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
