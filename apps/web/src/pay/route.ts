import type { LinkKind } from '@sente/contracts/links';

/** The path segment of each kind's public page (PUBLIC_LINK_PATHS; that module carries zod, so it is not imported here). */
const SEGMENTS = { pay: 'payment_link', fund: 'donation_link', checkout: 'digital_item' } as const satisfies Record<
  string,
  LinkKind
>;
type Segment = keyof typeof SEGMENTS;

const PAGE_PATH = /^\/(pay|fund|checkout)\/([^/]+)\/?$/;

/** `/pay/:ref`, `/fund/:ref` or `/checkout/:ref` as the kind and ref, or null for any other path. */
export function parsePayPath(pathname: string): { kind: LinkKind; ref: string } | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { kind: SEGMENTS[match[1] as Segment], ref: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/** The public page of a link of this kind. */
export function payPath(kind: LinkKind, ref: string): string {
  const segment = (Object.keys(SEGMENTS) as Segment[]).find((key) => SEGMENTS[key] === kind)!;
  return `/${segment}/${encodeURIComponent(ref)}`;
}

/** A merchant's redirect address when it is an http(s) URL, else null (never a javascript: or data: URL). */
export function safeRedirectUrl(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
