import { LINK_KINDS, PUBLIC_LINK_PATHS } from '@sente/contracts/links';
import { describe, expect, it } from 'vitest';
import { parsePayPath, payPath, safeRedirectUrl } from './route.ts';

describe('customer page paths', () => {
  it('reads the kind and ref of /pay, /fund and /checkout', () => {
    expect(parsePayPath('/pay/abc123')).toEqual({ kind: 'payment_link', ref: 'abc123' });
    expect(parsePayPath('/fund/xyz/')).toEqual({ kind: 'donation_link', ref: 'xyz' });
    expect(parsePayPath('/checkout/a%20b')).toEqual({ kind: 'digital_item', ref: 'a b' });
  });

  it('answers null for any other path', () => {
    for (const path of ['/', '/pay', '/pay/', '/pay/a/b', '/dashboard', '/checkout/%E0%A4%A'])
      expect(parsePayPath(path)).toBeNull();
  });

  it('builds the same paths as the contract', () => {
    for (const kind of LINK_KINDS) {
      expect(payPath(kind, 'r1')).toBe(`${PUBLIC_LINK_PATHS[kind]}r1`);
      expect(parsePayPath(payPath(kind, 'r/1'))).toEqual({ kind, ref: 'r/1' });
    }
  });

  it('follows only http(s) redirect addresses', () => {
    const origin = 'https://pay.sente.ug';
    expect(safeRedirectUrl('https://shop.example.com/thanks', origin)).toBe('https://shop.example.com/thanks');
    expect(safeRedirectUrl('http://shop.example.com', origin)).toBe('http://shop.example.com/');
    expect(safeRedirectUrl('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirectUrl('data:text/html,hi', origin)).toBeNull();
    expect(safeRedirectUrl(undefined, origin)).toBeNull();
  });
});
