import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

/** Support's real contacts, which production needs besides its other settings. */
const SUPPORT = {
  SUPPORT_PHONE: '+256 414 123 456',
  SUPPORT_WHATSAPP: '+256 772 123 456',
  SUPPORT_EMAIL: 'help@pay.example.com',
};

describe('settings', () => {
  it('has defaults that need nothing installed', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://pay.sente.ug/' }).PUBLIC_URL).toBe('https://pay.sente.ug');
  });

  it('stops with a message naming each wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: /);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
    }
  });

  it('hashes passwords at 2^15 by default, lower only outside production', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow('PASSWORD_HASH_COST: must be 10 to 20');
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      'PASSWORD_HASH_COST: at least 15 in production',
    );
  });

  it('refuses a live provider half configured, naming the group, and never prints its secrets', () => {
    const message = () => {
      try {
        loadConfig({
          MTN_COLLECTION_API_USER: 'user-1',
          MTN_COLLECTION_API_KEY: 'key-secret-1',
          AIRTEL_DISBURSEMENT_PIN: 'pin-secret',
        });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(message().split('\n')).toEqual([
      'Invalid settings:',
      '  MTN_COLLECTION_SUBSCRIPTION_KEY, MTN_COLLECTION_API_USER, MTN_COLLECTION_API_KEY: set all of them or none',
      '  AIRTEL_DISBURSEMENT_PIN: needs AIRTEL_CLIENT_ID and AIRTEL_CLIENT_SECRET',
    ]);
    expect(message()).not.toMatch(/secret-1|pin-secret/);
    expect(() => loadConfig({ AIRTEL_CLIENT_ID: 'id', AIRTEL_CLIENT_SECRET: 'secret' })).not.toThrow();
  });

  it('in production, needs the provider hosts set on purpose, never the sandbox by default', () => {
    const mtn = { MTN_COLLECTION_SUBSCRIPTION_KEY: 'sub', MTN_COLLECTION_API_USER: 'user', MTN_COLLECTION_API_KEY: 'key' };
    const airtel = { AIRTEL_CLIENT_ID: 'id', AIRTEL_CLIENT_SECRET: 'secret' };
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message.split('\n');
      }
      return [];
    };
    expect(message({ NODE_ENV: 'production', ...SUPPORT, ...mtn, ...airtel })).toEqual([
      'Invalid settings:',
      '  MTN_BASE_URL: required in production when MTN MoMo credentials are set',
      '  MTN_TARGET_ENVIRONMENT: required in production when MTN MoMo credentials are set',
      '  AIRTEL_BASE_URL: required in production when Airtel Money credentials are set',
    ]);
    const hosts = {
      MTN_BASE_URL: 'https://proxy.momoapi.mtn.com',
      MTN_TARGET_ENVIRONMENT: 'mtnuganda',
      AIRTEL_BASE_URL: 'https://openapi.airtel.africa',
    };
    expect(message({ NODE_ENV: 'production', ...SUPPORT, ...mtn, ...airtel, ...hosts })).toEqual([]);
    // Outside production the sandboxes stay the default, and production without live rails needs nothing.
    expect(message({ ...mtn, ...airtel })).toEqual([]);
    expect(message({ NODE_ENV: 'production', ...SUPPORT })).toEqual([]);
  });

  it('in production, refuses to start without real support contacts, one line for each', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message.split('\n');
      }
      return [];
    };
    const placeholders = [
      'Invalid settings:',
      "  SUPPORT_PHONE: required in production: support's real phone, shown to merchants and payers (the development placeholder +256 700 000 000 reaches no one)",
      "  SUPPORT_WHATSAPP: required in production: support's real WhatsApp number, shown to merchants and payers (the development placeholder +256 700 000 000 reaches no one)",
      "  SUPPORT_EMAIL: required in production: support's real e-mail address, shown to merchants and payers (the development placeholder support@sente.local reaches no one)",
    ];
    expect(message({ NODE_ENV: 'production' })).toEqual(placeholders);
    expect(
      message({
        NODE_ENV: 'production',
        SUPPORT_PHONE: '+256 700 000 000',
        SUPPORT_WHATSAPP: ' +256 700 000 000 ',
        SUPPORT_EMAIL: 'support@sente.local',
      }),
    ).toEqual(placeholders);
    expect(message({ NODE_ENV: 'production', ...SUPPORT })).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', ...SUPPORT })).toMatchObject(SUPPORT);
    // On a developer's machine and in the tests the placeholders stay the defaults.
    expect(loadConfig({}).SUPPORT_EMAIL).toBe('support@sente.local');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ APP_SECRET: '', JWT_SECRET: '', OPS_SECRET: '', TRUST_PROXY: '' })).toMatchObject({ TRUST_PROXY: false });
    expect(loadConfig({ APP_SECRET: '' }).APP_SECRET).toBeUndefined();
  });

  it('has no secret and trusts no proxy by default', () => {
    const config = loadConfig({});
    expect(config.APP_SECRET).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('allows private webhook addresses by default in development only; ALLOW_PRIVATE_WEBHOOKS decides when set', () => {
    const allowed = (env: Record<string, string>) => loadConfig(env).ALLOW_PRIVATE_WEBHOOKS;
    expect(allowed({})).toBe(true);
    expect(allowed({ NODE_ENV: 'development', ALLOW_PRIVATE_WEBHOOKS: '' })).toBe(true);
    expect(allowed({ NODE_ENV: 'production', ...SUPPORT })).toBe(false);
    expect(allowed({ NODE_ENV: 'test' })).toBe(false);
    expect(allowed({ NODE_ENV: 'development', ALLOW_PRIVATE_WEBHOOKS: 'false' })).toBe(false);
    expect(allowed({ NODE_ENV: 'development', ALLOW_PRIVATE_WEBHOOKS: '0' })).toBe(false);
    expect(allowed({ NODE_ENV: 'production', ...SUPPORT, ALLOW_PRIVATE_WEBHOOKS: 'true' })).toBe(true);
    expect(allowed({ NODE_ENV: 'test', ALLOW_PRIVATE_WEBHOOKS: '1' })).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOKS: 'yes' })).toThrow('ALLOW_PRIVATE_WEBHOOKS: must be true or false');
  });
});

/** The message loadConfig stops with, or '' when it accepts the settings. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('TRUST_PROXY', () => {
  it('reads off, a hop count, or proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, and names the entries that are not addresses', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toMatch(/^ {2}TRUST_PROXY: true would believe any caller's X-Forwarded-For/m);
    const message = refusal({ TRUST_PROXY: '10.0.0.1, 10.0.0.300, 10.0.0.0/33, lb.internal' });
    expect(message).toContain(
      'TRUST_PROXY: must be false, a number of proxies, or a comma-separated list of IP addresses or CIDR ranges',
    );
    expect(message).toContain('(not: 10.0.0.300, 10.0.0.0/33, lb.internal)');
    expect(refusal({ TRUST_PROXY: '10.0.0.1,' })).toContain('(not: (empty))');
  });

  it('gives Fastify a hop count as a rule on the hop, since Fastify trusts nobody for a bare number', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const twoHops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('203.0.113.9', hop))).toEqual([true, true, false]);
  });
});

describe('secrets and production', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://sente@db/sente', ...SUPPORT };
  const secret = 'a-long-random-secret-of-40-characters-xx';

  it('stops a production start on PostgreSQL without APP_SECRET, TRUST_PROXY and PUBLIC_URL, one line for each', () => {
    const message = refusal(production);
    expect(message.split('\n')).toEqual([
      'Invalid settings:',
      "  APP_SECRET: required in production with DATABASE_URL: the same value (32+ random characters) on every replica, so they accept each other's sessions, codes and links",
      '  TRUST_PROXY: required in production with DATABASE_URL: the number of proxies in front (1), their addresses, or false when clients connect directly',
      "  PUBLIC_URL: required in production with DATABASE_URL: the site's address as merchants and payers reach it (https://pay.example.com)",
    ]);
    expect(refusal({ ...production, APP_SECRET: secret, TRUST_PROXY: '1' })).toMatch(/^ {2}PUBLIC_URL: required/m);
    expect(refusal({ ...production, TRUST_PROXY: '1' })).toMatch(/APP_SECRET: required/);
    expect(refusal({ ...production, TRUST_PROXY: '1' })).not.toMatch(/TRUST_PROXY/);
    expect(refusal({ ...production, APP_SECRET: secret })).not.toMatch(/APP_SECRET/);
    expect(refusal({ ...production, APP_SECRET: '', TRUST_PROXY: ' ' })).toMatch(
      /APP_SECRET: required.*\n.*TRUST_PROXY: required/,
    );
    // JWT_SECRET alone leaves the code pepper and the operator secret to each replica's DATA_DIR.
    expect(refusal({ ...production, JWT_SECRET: secret, TRUST_PROXY: '1' })).toMatch(/APP_SECRET: required/);
  });

  it('starts in production with all three, with an explicit false for no proxy, and without PostgreSQL with none', () => {
    const site = { PUBLIC_URL: 'https://pay.example.com' };
    expect(loadConfig({ ...production, ...site, APP_SECRET: secret, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...production, ...site, APP_SECRET: secret, TRUST_PROXY: '10.1.0.0/16' }).APP_SECRET).toBe(secret);
    expect(loadConfig({ NODE_ENV: 'production', ...SUPPORT }).APP_SECRET).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: production.DATABASE_URL }).APP_SECRET).toBeUndefined();
  });

  it('lists a wrong value together with what production misses, and never prints a secret', () => {
    const short = 'tooshort-secret-value';
    const message = refusal({ ...production, APP_SECRET: short, OPS_SECRET: `${short}2`, PORT: 'eighty' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}APP_SECRET: must be at least 32 characters$/m);
    expect(message).toMatch(/^ {2}OPS_SECRET: must be at least 32 characters$/m);
    expect(message).toMatch(/^ {2}TRUST_PROXY: required in production/m);
    expect(message).not.toContain(short);
  });
});
