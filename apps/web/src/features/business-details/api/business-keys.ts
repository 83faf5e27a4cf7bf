/** Query keys of the business details screen (the details themselves live on the profile). */
export const businessKeys = {
  all: ['business-details'] as const,
  files: () => [...businessKeys.all, 'files'] as const,
  fileLink: (path: string) => [...businessKeys.all, 'file-link', path] as const,
};

/** Members-only links expire after 10 minutes (decision 005): fetch fresh ones well before. */
export const LINK_REFRESH_MS = 5 * 60_000;
