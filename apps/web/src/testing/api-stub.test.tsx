import { loginInput } from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import { issueMessages } from '@sente/contracts/validation';
import { describe, expect, it } from 'vitest';
import { assertNoStubDrift, fail, ok, stubApi } from './api-stub.ts';

const SIGNED_UP = {
  user_id: 'u1',
  email: 'grace@example.com',
  firstname: 'Grace',
  lastname: 'Namutebi',
  last_code_sent_at: '2026-11-24T08:00:00.000Z',
};

const post = async (path: string, body: unknown) => {
  const response = await fetch(path, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};

describe('the API stub answers through the server’s route catalogue', () => {
  it('refuses a stub of a route the server does not have, and matches a path parameter to one segment', () => {
    expect(() => stubApi({ 'GET /api/nowhere': ok() })).toThrow('a route the server does not have');
    expect(() => stubApi({ 'GET /api/payment-link/details/abc/more': fail(404, 'x') })).toThrow('does not have');
    expect(() => stubApi({ 'GET /api/payment-link/details/abc': fail(404, 'x') })).not.toThrow();
  });

  it('refuses a body as the server does: every message of the route’s schema, or ours for a body that is no object', async () => {
    stubApi({ 'POST /api/login': fail(401, 'never reached') });
    const { issues } = loginInput.safeParse({}).error!;
    const errors = issueMessages(loginInput.safeParse({}).error!);
    const fields = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(await post('/api/login', {})).toEqual({
      status: 400,
      body: { status: 'error', message: errors[0], errors, fields },
    });
    expect(await post('/api/login', [])).toEqual({
      status: 400,
      body: { status: 'error', message: MESSAGES.bodyNotObject, errors: [MESSAGES.bodyNotObject] },
    });
  });

  it('answers with the route’s own success status, and drops what the server’s answer never holds', async () => {
    stubApi({ 'POST /api/sign-up': () => ok({ ...SIGNED_UP, password: 'secret' }, 'sent') });
    const body = { firstname: 'Grace', lastname: 'Namutebi', email: 'grace@example.com', password: 'Str0ng!Passw0rd' };
    expect(await post('/api/sign-up', body)).toEqual({
      status: 201,
      body: { status: 'success', message: 'sent', data: SIGNED_UP },
    });
  });

  it('fails the test on an answer the server never sends, where it is written or once the app asked', async () => {
    expect(() => stubApi({ 'POST /api/sign-up': ok({ user_id: 'u1' }) })).toThrow('answers what the server never sends');
    stubApi({ 'GET /api/user/profile': () => ok({ firstname: 'Grace' }) });
    await expect(fetch('/api/user/profile')).rejects.toThrow('GET /api/user/profile');
    expect(() => assertNoStubDrift()).toThrow('answers what the server never sends');
  });
});
