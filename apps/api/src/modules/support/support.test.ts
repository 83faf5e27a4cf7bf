import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, createSignedInUser } from '../../testing/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    SUPPORT_PHONE: '+256 414 123 456',
    SUPPORT_WHATSAPP: '+256-772-123-456',
    SUPPORT_EMAIL: 'help@sente.example',
  });
});
afterAll(() => t?.close());

describe('GET /api/support (Help and Support)', () => {
  it('answers the support contacts of the settings to any signed-in user, even before their first account', async () => {
    const newcomer = await createSignedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/support', headers: bearer(newcomer.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ phone: '+256 414 123 456', whatsapp: '+256-772-123-456', email: 'help@sente.example' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
  });
});

describe('SUPPORT_PHONE, SUPPORT_WHATSAPP and SUPPORT_EMAIL', () => {
  it('have defaults for npm start', () => {
    const config = loadConfig({});
    expect([config.SUPPORT_PHONE, config.SUPPORT_WHATSAPP, config.SUPPORT_EMAIL]).toEqual([
      '+256 700 000 000',
      '+256 700 000 000',
      'support@sente.local',
    ]);
  });

  it('stop the start with a message naming each one that is not a phone number or an e-mail address', () => {
    const settings = { SUPPORT_PHONE: '0772 123 456', SUPPORT_WHATSAPP: 'call us', SUPPORT_EMAIL: 'support' };
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(
      /SUPPORT_PHONE: must be a phone number in international form[\s\S]*SUPPORT_WHATSAPP: [\s\S]*SUPPORT_EMAIL: must be an e-mail address/,
    );
  });
});
