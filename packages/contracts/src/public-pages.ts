// The small page a public address (a receipt, a poster, a pay page, a short link) answers when it leads nowhere
// (decision 076): its title by the answer's status, and the refusal's own message under it.

export const PUBLIC_PAGE = {
  /** The heading of a page that is not there (404). */
  notFoundTitle: 'Page not found',
  /** The heading of an address that cannot be one (400). */
  badAddressTitle: 'This address is not valid',
  badAddress: 'This address is not valid. Check the link you were sent.',
  tooManyTitle: 'Please wait a moment',
  failedTitle: 'Something went wrong',
  failed: 'Something went wrong on our side. Please try again in a moment.',
} as const;

/** The heading of the page for an answer of this status. */
export function publicPageTitle(status: number): string {
  if (status === 404) return PUBLIC_PAGE.notFoundTitle;
  if (status === 429) return PUBLIC_PAGE.tooManyTitle;
  if (status >= 500) return PUBLIC_PAGE.failedTitle;
  return PUBLIC_PAGE.badAddressTitle;
}
