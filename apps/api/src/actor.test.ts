/**
 * One actor (lib/actor.ts) from each entry point, seen where the work lands: the API key's actor names its key, the
 * worker's steps run as the system, a repository writes who changed an account's settings from the context alone, and
 * a session keeps the address it was signed in and refreshed from.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type JobsDeps } from './jobs/jobs.ts';
import { operatorActor } from './lib/actor.ts';
import { currentActor, runAs } from './lib/request-context.ts';
import { post } from './testing/http.ts';
import { apiKeysOf } from './testing/merchant-api.ts';
import { lastCode } from './testing/outbox.ts';
import { createMerchant, type Merchant } from './testing/payments.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { challengeFrom, PASSWORD, SUBJECTS, sessionsOf, signUpAndVerify } from './testing/users.ts';

let t: TestApp;
let merchant: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t, 'Actor Shop');
}, 60_000);
afterAll(() => t?.close());

const settingsChangedBy = async () =>
  (
    await t.database.db
      .selectFrom('accounts')
      .select('settings_changed_by')
      .where('id', '=', merchant.accountId)
      .executeTakeFirstOrThrow()
  ).settings_changed_by;

describe('who changed an account’s settings', () => {
  it('is the signed-in member for the SMS receipts and the bank details, read by the repository from the context', async () => {
    expect(await settingsChangedBy()).toBeNull();
    expect((await post(t, merchant, '/api/sente-account/sms-receipts', { enabled: true })).statusCode).toBe(200);
    expect(await settingsChangedBy()).toBe(`member:${merchant.userId}`);
    await t.database.db.updateTable('accounts').set({ settings_changed_by: null }).where('id', '=', merchant.accountId).execute();
    const bank = { bank_name: 'Stanbic Bank Uganda', account_number: '9030012345678', account_name: 'Actor Shop' };
    expect((await post(t, merchant, '/api/sente-account/update-bank-details', bank)).statusCode).toBe(200);
    expect(await settingsChangedBy()).toBe(`member:${merchant.userId}`);
  });

  it('is the operator when an operator command changes them, and no one outside any context', async () => {
    await runAs(operatorActor('ada'), () => t.app.services.accounts.setSmsReceipts(merchant.accountId, false));
    expect(await settingsChangedBy()).toBe('operator:ada');
    await t.app.services.accounts.setSmsReceipts(merchant.accountId, true);
    expect(await settingsChangedBy()).toBeNull();
  });
});

describe('the API key guard’s actor', () => {
  it('names the key presented: its account, its environment and an id that is no part of the key', async () => {
    const keys = await apiKeysOf(t, merchant);
    const test = await t.app.services.merchantApi.authenticate(keys.test_key);
    const live = await t.app.services.merchantApi.authenticate(keys.production_key);
    expect(test).toEqual({
      kind: 'apiKey',
      keyId: expect.stringMatching(/^key_[\w-]{16}$/),
      accountId: merchant.accountId,
      environment: 'test',
    });
    expect(live).toMatchObject({ kind: 'apiKey', accountId: merchant.accountId, environment: 'production' });
    expect(live!.keyId).not.toBe(test!.keyId);
    expect(keys.test_key).not.toContain(test!.keyId.slice(4));
    expect(await t.app.services.merchantApi.authenticate(keys.test_key)).toEqual(test);
    await t.app.services.developers.generateKeys(merchant.accountId);
    const renewed = await apiKeysOf(t, merchant);
    expect((await t.app.services.merchantApi.authenticate(renewed.test_key))!.keyId).not.toBe(test!.keyId);
  });
});

describe('the worker’s actor', () => {
  it('is the system, named by the step it runs', async () => {
    const seen: unknown[] = [];
    const jobs = createJobs({
      db: t.database.db,
      logger: pino({ level: 'silent' }),
      sms: {
        resendDue: async () => {
          seen.push(currentActor());
          return 0;
        },
      },
    } as unknown as JobsDeps);
    await jobs.runDue();
    expect(seen).toEqual([{ kind: 'system', job: 'sms' }]);
  });
});

describe('a session’s address', () => {
  it('is the one it was signed in from, then the one it last refreshed from', async () => {
    const user = await signUpAndVerify(t);
    const from = (remoteAddress: string, url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'user-agent': 'Sente phone', ...headers } });
    const login = await from('203.0.113.7', '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    const signedIn = await from('203.0.113.7', '/api/login-otp', { emailOrPhone: user.email, code }, challengeFrom(login));
    expect(signedIn.statusCode).toBe(200);
    expect(await sessionsOf(t, user.userId)).toMatchObject([{ ip: '203.0.113.7', user_agent: 'Sente phone' }]);
    const refreshed = await from('198.51.100.2', '/api/refresh-token', { refreshToken: signedIn.json().data.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect(await sessionsOf(t, user.userId)).toMatchObject([{ ip: '198.51.100.2', user_agent: 'Sente phone' }]);
  });
});
