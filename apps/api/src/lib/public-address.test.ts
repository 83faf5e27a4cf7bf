import { describe, expect, it } from 'vitest';
import { type AddressLookup, isPublicAddress, resolveHost } from './public-address.ts';

const NOT_PUBLIC = [
  ['loopback', '127.0.0.1'],
  ['loopback, anywhere in 127/8', '127.255.0.9'],
  ['private 10/8', '10.0.0.1'],
  ['private 172.16/12', '172.16.0.1'],
  ['private 172.16/12, its end', '172.31.255.254'],
  ['private 192.168/16', '192.168.1.10'],
  ['link-local', '169.254.10.20'],
  ['the cloud metadata address', '169.254.169.254'],
  ['CGNAT 100.64/10', '100.64.0.1'],
  ['CGNAT, its end', '100.127.255.254'],
  ['this network 0/8', '0.0.0.0'],
  ['this network 0/8, not only zero', '0.1.2.3'],
  ['multicast', '224.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['reserved 240/4', '240.0.0.1'],
  ['documentation', '192.0.2.10'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique local fc00::/7', 'fd12:3456::1'],
  ['IPv6 unique local, fc half', 'fc00::1'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv6 documentation', '2001:db8::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private, in hex', '::ffff:a00:1'],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
  ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
  ['6to4, which may carry any IPv4 address', '2002:7f00:1::1'],
  ['not an address', 'example.com'],
  ['empty', ''],
] as const;

const PUBLIC = ['8.8.8.8', '1.1.1.1', '41.210.128.5', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

describe('isPublicAddress', () => {
  it.each(NOT_PUBLIC)('refuses %s (%s)', (_what, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('judges a NAT64 address by the IPv4 address inside it', () => {
    expect(isPublicAddress('64:ff9b::8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::7f00:1')).toBe(false);
  });
});

const answering =
  (table: Record<string, string[]>): AddressLookup =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

describe('resolveHost', () => {
  const lookup = answering({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
    'internal.example.com': ['fd00::5'],
  });

  it('answers the addresses of a name whose every address is public', async () => {
    expect(await resolveHost('hooks.example.com', { lookup })).toEqual({
      ok: true,
      addresses: ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
  });

  it('refuses a name with any non-public address, naming it', async () => {
    expect(await resolveHost('rebind.example.com', { lookup })).toEqual({ ok: false, reason: 'not-public', address: '10.0.0.7' });
    expect(await resolveHost('internal.example.com', { lookup })).toEqual({
      ok: false,
      reason: 'not-public',
      address: 'fd00::5',
    });
  });

  it('reads literal addresses without a lookup, IPv6 in brackets as URL.hostname has it', async () => {
    const none: AddressLookup = async () => {
      throw new Error('no lookup expected');
    };
    expect(await resolveHost('8.8.8.8', { lookup: none })).toEqual({ ok: true, addresses: ['8.8.8.8'] });
    expect(await resolveHost('[::1]', { lookup: none })).toEqual({ ok: false, reason: 'not-public', address: '::1' });
    expect(await resolveHost(new URL('http://[::ffff:169.254.169.254]/').hostname, { lookup: none })).toEqual({
      ok: false,
      reason: 'not-public',
      address: '::ffff:a9fe:a9fe',
    });
    // WHATWG URL parsing already turns shorthand and hex IPv4 forms into dotted decimal.
    expect(await resolveHost(new URL('http://0x7f.1/').hostname, { lookup: none })).toMatchObject({ reason: 'not-public' });
  });

  it("resolves 'localhost' with the system resolver, to loopback", async () => {
    expect(await resolveHost('localhost')).toMatchObject({ ok: false, reason: 'not-public' });
  });

  it('answers not-found for a name that does not resolve, a failing resolver or one that does not answer in time', async () => {
    expect(await resolveHost('nowhere.example.com', { lookup })).toEqual({ ok: false, reason: 'not-found' });
    expect(await resolveHost('empty.example.com', { lookup: async () => [] })).toEqual({ ok: false, reason: 'not-found' });
    const hangs: AddressLookup = () => new Promise(() => {});
    expect(await resolveHost('slow.example.com', { lookup: hangs, timeoutMs: 20 })).toEqual({ ok: false, reason: 'not-found' });
    expect(await resolveHost('nowhere.invalid')).toEqual({ ok: false, reason: 'not-found' });
  });

  it('with allowPrivate, answers private addresses, but a name must still resolve', async () => {
    expect(await resolveHost('internal.example.com', { lookup, allowPrivate: true })).toEqual({
      ok: true,
      addresses: ['fd00::5'],
    });
    expect(await resolveHost('localhost', { allowPrivate: true })).toMatchObject({ ok: true });
    expect(await resolveHost('nowhere.example.com', { lookup, allowPrivate: true })).toEqual({ ok: false, reason: 'not-found' });
  });
});
