/** Business constants, shared by the API and the web app. */
export const PRODUCT_NAME = 'Sente';

export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_MS = 50_000;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

/** The deepest nesting of objects and arrays a request body may have (`{"a":{"b":1}}` is 2 levels): 400 beyond it. */
export const MAX_INPUT_DEPTH = 32;
/** The longest value one path segment of a route may hold (an id, a ref, a code): 400 beyond it. */
export const MAX_PATH_VALUE_LENGTH = 100;
/** The largest JSON body a route takes unless it names its own limit: 413 beyond it. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const MIN_PASSWORD_LENGTH = 8;
export const WALLET_PIN_LENGTH = 5;
export const RECENT_COLLECTIONS_COUNT = 7;
export const LIVE_PAGE_POLL_MS = 120_000;
export const PROFILE_COMPLETION = { base: 0.6, withBusinessDetails: 0.9, approved: 1 } as const;

export const ENVIRONMENTS = ['test', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The currencies a wallet, collection or transfer is held in; every amount carries its own. */
export const CURRENCIES = ['UGX', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'test';

export const STAFF_ROLES = ['owner', 'administrator', 'operations', 'developer', 'customer_support', 'user'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  operations: 'Operations',
  developer: 'Developer / IT',
  customer_support: 'Customer Support',
  user: 'User',
};

/** Rights by role (docs/features.md#roles): the server enforces them, the UI hides what a role cannot do. */
export const RIGHTS = {
  view: ['owner', 'administrator', 'operations', 'developer', 'customer_support', 'user'],
  manageLinks: ['owner', 'administrator', 'operations'],
  moveMoney: ['owner', 'administrator', 'operations'],
  resendReceipts: ['owner', 'administrator', 'operations', 'customer_support'],
  manageDevelopers: ['owner', 'administrator', 'developer'],
  manageAccount: ['owner', 'administrator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Right = keyof typeof RIGHTS;

export function roleHasRight(role: StaffRole, right: Right): boolean {
  return (RIGHTS[right] as readonly StaffRole[]).includes(role);
}

/** What each right lets a member do, in the words of the invite dialog (a new right must say what it allows). */
const RIGHT_SUMMARIES: Record<Right, string> = {
  view: 'sees the dashboard, collections, customers, links and reports',
  manageLinks: 'creates and edits links and digital items',
  moveMoney: 'moves money (transfers, payouts, refunds)',
  resendReceipts: "resends a payer's receipt",
  manageDevelopers: 'manages API keys and web hooks',
  manageAccount: 'manages the team, business and bank details, compliance and the test or live mode',
};

/** One sentence saying what a role may do, built from RIGHTS so that it never says more than the server allows. */
export function roleSummary(role: StaffRole): string {
  const parts = (Object.keys(RIGHTS) as Right[])
    .filter((right) => roleHasRight(role, right))
    .map((right) => RIGHT_SUMMARIES[right]);
  const last = parts.pop() ?? '';
  const sentence = parts.length === 0 ? last : `${parts.join(', ')}, and ${last}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** Machine-readable error codes the web app reacts to (here, not in api.ts, so the sign-in page loads no zod). */
export const ERROR_CODES = {
  accountNotVerified: 'ACCOUNT_NOT_VERIFIED',
  noCurrentAccount: 'NO_CURRENT_ACCOUNT',
} as const;
