import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A host name's addresses, as `dns.lookup` with `all: true` gives them (the system resolver, /etc/hosts included). */
export type AddressLookup = (hostname: string) => Promise<string[]>;

const systemLookup: AddressLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** NAT64's well-known prefix (RFC 6052): an IPv6-only network's resolver maps every IPv4 address into it. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Whether an address is public unicast: not loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
 * the cloud metadata address among them), CGNAT (100.64/10), 0/8, multicast, broadcast or reserved, nor in IPv6 ::1,
 * ::, fc00::/7, fe80::/10, multicast, documentation or a tunnel prefix. An IPv4 address inside IPv6 (::ffff:a.b.c.d,
 * or NAT64's 64:ff9b::a.b.c.d) is judged as that IPv4 address. Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(NAT64)) {
    const parts = (parsed as ipaddr.IPv6).toByteArray().slice(12);
    return isPublicAddress(parts.join('.'));
  }
  return parsed.range() === 'unicast';
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-public'; address: string };

type Options = {
  /** Accept non-public addresses (ALLOW_PRIVATE_WEBHOOKS, for development); the name must still resolve. */
  allowPrivate?: boolean;
  lookup?: AddressLookup;
  timeoutMs?: number;
};

/**
 * Resolves a URL's host (a name, or a literal address, IPv6 in brackets as URL.hostname has it) and answers its
 * addresses only when every one is public. Webhook URLs are checked with it when saved, and must be again before
 * each delivery, connecting only to the addresses it answered: a name may point elsewhere by then.
 */
export async function resolveHost(hostname: string, options: Options = {}): Promise<HostCheck> {
  const { allowPrivate = false, lookup = systemLookup, timeoutMs = 5000 } = options;
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = net.isIP(bare) !== 0 ? [bare] : await lookupWithin(lookup, bare, timeoutMs);
  if (addresses.length === 0) return { ok: false, reason: 'not-found' };
  const refused = allowPrivate ? undefined : addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? { ok: true, addresses } : { ok: false, reason: 'not-public', address: refused };
}

/** The name's addresses, or none when it does not resolve, the resolver fails or takes longer than `timeoutMs`. */
async function lookupWithin(lookup: AddressLookup, hostname: string, timeoutMs: number): Promise<string[]> {
  if (hostname === '') return [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([lookup(hostname).catch(() => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
