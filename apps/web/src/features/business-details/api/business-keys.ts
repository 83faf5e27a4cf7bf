/**
 * Query keys of the business details screen (the details themselves live on the profile), from generic to specific:
 * the documents are the account's, in both environments.
 */
export const businessKeys = {
  all: ['business-details'] as const,
  scope: (accountId: string | null) => [...businessKeys.all, accountId] as const,
  files: (accountId: string | null) => [...businessKeys.scope(accountId), 'files'] as const,
  fileLink: (accountId: string | null, path: string) => [...businessKeys.scope(accountId), 'file-link', path] as const,
};

/** Members-only links expire after 10 minutes (decision 005): fetch fresh ones well before. */
export const LINK_REFRESH_MS = 5 * 60_000;
