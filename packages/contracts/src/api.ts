/** Response envelopes of DESIGN §3. */
export type ApiSuccess<T> = { status: 'success'; message?: string; data: T };
export type ApiFailure = { status: 'error'; message: string; errors?: string[]; code?: string };

/** The page shape every cursor-paged list answers (spec §3). */
export type Page<T> = {
  items: T[];
  lastCursor: string | null;
  nextCursor: string | null;
  totalItems: number;
  totalPages: number;
};

/** Machine-readable error codes the web app reacts to. */
export const ERROR_CODES = {
  accountNotVerified: 'ACCOUNT_NOT_VERIFIED',
  noCurrentAccount: 'NO_CURRENT_ACCOUNT',
} as const;
