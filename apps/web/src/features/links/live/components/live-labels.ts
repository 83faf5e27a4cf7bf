import type { LiveCollection } from '@sente/contracts/payments';

/** The answer a payer gave to the extra field with this label, or '' when they gave none. */
export const extraValue = (item: LiveCollection, label: string): string =>
  item.extra_data.find((entry) => entry.label === label)?.value ?? '';

/** Characters Windows, macOS or Linux refuse in a file name; control characters go too. */
const UNSAFE_IN_FILE_NAMES = new Set('\\/:*?"<>|');

/** The live page's download saved under the link's title, without the characters file systems refuse. */
export function liveFileName(title: string): string {
  const safe = Array.from(title, (char) => (char < ' ' || UNSAFE_IN_FILE_NAMES.has(char) ? ' ' : char)).join('');
  return `${safe.replace(/\s+/g, ' ').trim() || 'Live'} collections.xlsx`;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The line under the live page's total. It first counts the successful payments that make the total (only
 * successful collections count); then, when the list below also holds pending or failed ones, how many it holds in
 * all; then how many of those are loaded, when not all.
 */
export function liveCounts(successful: number, listed: number, loaded: number): string {
  const counted = `${count(successful)} successful ${successful === 1 ? 'payment' : 'payments'}`;
  const all = listed === successful ? '' : `, ${count(listed)} in all`;
  const below = loaded < listed ? `, the latest ${count(loaded)} below` : '';
  return `${counted}${all}${below}`;
}
