/**
 * Find (decision 051): what the dashboard's filtered lists and its header search share: Kampala-day ranges, the
 * search text and their messages. The lists' own query schemas sit with their lists (payments-input.ts, transfers.ts),
 * the header search's in search.ts.
 */
import { z } from 'zod';
import { type Page, pageOf } from './api.ts';
import { KAMPALA_OFFSET_MS } from './dates.ts';
import { normalizeUgandanPhone } from './payments.ts';

/** The longest search text, in the lists' `q` and the header search (what a name, a reference or an ID can be). */
export const SEARCH_MAX_LENGTH = 100;
/** The header search answers nothing to a single character: it would match most names. */
export const SEARCH_MIN_LENGTH = 2;
/** The header search's answer: at most this many of each kind, newest first. */
export const SEARCH_GROUP_SIZE = 5;
/** A filtered list counts its matches up to this many; past it `totalCapped` is true (decision 051). */
export const FILTER_COUNT_CAP = 10_000;
/**
 * With a part of a name to look for, the count stops sooner: each row it counts is read and its name compared, where
 * the other filters count index entries (decision 051).
 */
export const TEXT_SEARCH_COUNT_CAP = 1_000;
/** The longest link ref the `link` filter reads (refs are shorter; longer is a 400, not a silent empty list). */
export const LINK_REF_MAX_LENGTH = 40;

export const FIND_MESSAGES = {
  dateInvalid: (field: 'from' | 'to') => `${field} must be a date written YYYY-MM-DD`,
  datesInverted: 'The start date must not be later than the end date',
  searchTooLong: `Search for at most ${SEARCH_MAX_LENGTH} characters`,
  searchTooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
  statusInvalid: (statuses: readonly string[]) => `status must be one of ${statuses.join(', ')}`,
  channelInvalid: (channels: readonly string[]) => `channel must be one of ${channels.join(', ')}`,
  kindInvalid: (kinds: readonly string[]) => `kind must be one of ${kinds.join(', ')}`,
  linkInvalid: `link must be a link reference of at most ${LINK_REF_MAX_LENGTH} characters`,
  noMatchingCollections: 'No collections match these filters',
  noMatchingTransfers: 'No transfers match these filters',
  noMatchingCustomers: 'No customers match this search',
  noResults: 'No results',
  noLinksFound: 'No links found',
  typeToFindLink: 'Type a title to find a link',
} as const;
const M = FIND_MESSAGES;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day that exists, written YYYY-MM-DD: 2026-02-30 is refused. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant a Kampala calendar day starts (00:00 EAT is 21:00 UTC the day before; decision 021). */
export function kampalaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KAMPALA_OFFSET_MS);
}

/** The instant after a Kampala calendar day ends: the start of the next day, exclusive. */
export function kampalaDayEnd(day: string): Date {
  return new Date(kampalaDayStart(day).getTime() + 86_400_000);
}

/** One bound of a range of Kampala days, kept as its text 'YYYY-MM-DD'; both bounds are inclusive. */
export const kampalaDate = (field: 'from' | 'to') =>
  z
    .string({ error: M.dateInvalid(field) })
    .max(10, M.dateInvalid(field))
    .refine(isCalendarDay, M.dateInvalid(field))
    .optional();

/** `from` and `to`, inclusive Kampala days; a range that ends before it starts is refused on `from`. */
export const dayRange = { from: kampalaDate('from'), to: kampalaDate('to') };
export const daysInOrder = ({ from, to }: { from?: string | undefined; to?: string | undefined }) => !from || !to || from <= to;
export const daysInverted = { message: M.datesInverted, path: ['from'] };

/**
 * The one search box's text: at most SEARCH_MAX_LENGTH characters as sent (the trim rule, validation.ts), then
 * trimmed; empty means no search. NUL bytes and lone surrogates are refused before any schema (the input guard).
 */
export const searchText = z
  .string({ error: M.searchTooLong })
  .max(SEARCH_MAX_LENGTH, M.searchTooLong)
  .trim()
  .optional()
  .transform((text) => text || undefined);

/** SQL `ilike`'s pattern for text that holds `text`: its wildcards and escape character taken as themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The phone a search text means, as collections store it (2567XXXXXXXX), however it was written: '0772 123 456',
 * '256772123456', '+256 772 123456', or the nine digits after the 0 ('772123456'); null when it is not a phone.
 */
export function searchedPhone(text: string): string | null {
  return normalizeUgandanPhone(text) ?? (/^\s*7/.test(text) ? normalizeUgandanPhone(`0${text.trim()}`) : null);
}

/** The fewest digits that find a part of a phone: a phone's last 6 ('111 222') tell a payer apart among thousands. */
export const PHONE_PART_MIN_DIGITS = 6;

/**
 * The digits of a part of a phone that a search text means: digits with spaces or dashes between them (a '+' before),
 * at least PHONE_PART_MIN_DIGITS and at most a stored phone's 12; null otherwise. '111 222' and '111222' are '111222'.
 */
export function searchedPhonePart(text: string): string | null {
  if (!/^\s*\+?[\d\s-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= PHONE_PART_MIN_DIGITS && digits.length <= 12 ? digits : null;
}

/**
 * A page of a filtered list: the list's page, and whether `totalItems` stopped counting at its cap (decision 051):
 * FILTER_COUNT_CAP, or TEXT_SEARCH_COUNT_CAP when `q` is text other than a phone. Absent or false: the count is exact.
 */
export const filteredPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({
    totalCapped: z
      .boolean()
      .optional()
      .describe(
        `true when more items match than are counted (${FILTER_COUNT_CAP}, or ${TEXT_SEARCH_COUNT_CAP} with a search other than a phone): totalItems is then that cap, not the exact count`,
      ),
  });
export type FilteredPage<T> = Page<T> & { totalCapped?: boolean };
