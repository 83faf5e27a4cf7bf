import { z } from 'zod';
import { tokens } from './auth.ts';
import { ENVIRONMENTS, STAFF_ROLES } from './constants.ts';
import type { AccountApiKeys } from './developers.ts';
import { storagePath } from './links.ts';
import { BUSINESS_MESSAGES as B, MESSAGES } from './messages.ts';
import { TEXT_LIMITS as T } from './text-limits.ts';
import type { BankDetails } from './transfers-input.ts';
import { emailField, optionalString, requiredString } from './validation.ts';

export const createAccountInput = z.object({
  account_name: requiredString(MESSAGES.accountNameMissing, T.accountName),
});
export type CreateAccountInput = z.infer<typeof createAccountInput>;

export const switchAccountInput = z.object({
  sente_account_id: z.uuid({ error: MESSAGES.accountNotFound }),
});
export type SwitchAccountInput = z.infer<typeof switchAccountInput>;

export const setEnvironmentInput = z.object({
  environment: z.enum(ENVIRONMENTS, { error: MESSAGES.environmentInvalid }),
});
export type SetEnvironmentInput = z.infer<typeof setEnvironmentInput>;

/** Profile phone: optional; when given, 10 to 15 digits with an optional leading +. */
export const profilePhone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value === '' || /^\+?\d{10,15}$/.test(value), MESSAGES.invalidPhone);

/**
 * A user's phone in its one format, international with a plus (`+256772123456`), or null when it cannot be one: a
 * Ugandan number as dialled at home (`0772 123 456`), with its country code (`256 772 123 456`, `+256772123456`), or
 * another country's number with its code (`+254 712 345 678`); spaces, dashes, dots and brackets are ignored.
 */
export function internationalPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const local = /^0(\d{9})$/.exec(compact);
  if (local) return `+256${local[1]}`;
  const international = /^\+?([1-9]\d{9,14})$/.exec(compact);
  return international ? `+${international[1]}` : null;
}

/** The profile's phone (placeholder +256): empty, or a number `internationalPhone` reads, saved in its format. */
const userPhone = z
  .string()
  .trim()
  .refine((value) => value === '' || internationalPhone(value) !== null, MESSAGES.invalidPhone)
  .transform((value) => (value === '' ? '' : (internationalPhone(value) ?? value)));

export const updateProfileInput = z.object({
  firstname: requiredString(MESSAGES.firstNameMissing, T.firstName),
  lastname: requiredString(MESSAGES.lastNameMissing, T.lastName),
  phone: userPhone.optional().default(''),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** Industry options, without the source list's duplicates. */
export const BUSINESS_INDUSTRIES = [
  'Ecommerce',
  'Education',
  'Utilities',
  'Real Estate',
  'Financial Services',
  'Agriculture',
  'Manufacturing',
  'Construction',
  'Mining',
  'Energy',
  'Transportation',
  'Information Technology',
  'Healthcare',
  'Retail',
  'Service',
  'Hospitality',
  'Non-Profit Organisation',
  'Food and Beverage',
  'Logistics',
  'Media',
  'Entertainment',
  'Technology',
  'Telecommunications',
  'Food service',
  'Production',
  'Consulting',
  'Marketing',
] as const;

/** Uganda only. */
export const BUSINESS_COUNTRIES = ['Uganda'] as const;

/** Compliance document names; 'Other' comes with a specified name. */
export const COMPLIANCE_DOCUMENT_NAMES = [
  'TIN certificate',
  'Bank Statements',
  'Memorandum & Articles of Association',
  'Particulars of Directors - Form 7/20 or Form 8',
  'Proof of address - Form A9 or 18',
  'Trading license',
  'Company profile',
  'Other',
] as const;
export type ComplianceDocumentName = (typeof COMPLIANCE_DOCUMENT_NAMES)[number];

/** An optional storage path: absent, null and blank all mean none (a form's empty upload sends ''). */
const optionalStoragePath = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value?.trim() || null)
  .pipe(z.union([storagePath, z.null()]));

/** A day as YYYY-MM-DD that exists and is not after today (a day of slack for time zones). */
function isPastDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(day.getTime()) &&
    day.toISOString().startsWith(value) &&
    value >= '1900-01-01' &&
    day.getTime() <= Date.now() + 86_400_000
  );
}

/**
 * A mobile-money merchant code: digits only. MTN Uganda describes the MoMo Pay code as six digits (Daily Monitor,
 * "Merchant codes are here to stay", monitor.co.ug, 2022); merchants report codes of 5 to 7 digits
 * (momocalc.com/uganda/momo-pay-code). Airtel publishes no length, so both take 4 to 10 digits.
 */
export const MERCHANT_CODE = /^\d{4,10}$/;
const merchantCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.union([z.string().regex(MERCHANT_CODE, message), z.null()]));

/**
 * POST /api/user/update-business-details. The keys are in the order of the screen's messages, so that a
 * form with every field empty lists them in that order.
 */
export const businessDetailsInput = z.object({
  business_name: requiredString(B.nameMissing, T.businessName),
  business_industry: requiredString(B.industryMissing).pipe(z.enum(BUSINESS_INDUSTRIES, { error: B.industryInvalid })),
  business_phone: requiredString(B.phoneMissing).pipe(profilePhone),
  business_email: emailField(B.emailMissing, MESSAGES.invalidEmail),
  country: requiredString(B.countryMissing).pipe(z.enum(BUSINESS_COUNTRIES, { error: B.countryInvalid })),
  city: requiredString(B.cityMissing, T.city),
  address_1: requiredString(B.address1Missing, T.address1),
  reg_date: requiredString(B.regDateMissing).pipe(z.string().refine(isPastDay, B.regDateInvalid)),
  address_2: optionalString(T.address2),
  /** A storage path of this account's own upload to the certificates folder (checked by the server). */
  certificate_url: optionalStoragePath,
  /** Optional: printed on the link posters as the USSD way to pay (`*165*3#`, then this code). */
  momo_merchant_code: merchantCode(B.momoCodeInvalid),
  airtel_merchant_code: merchantCode(B.airtelCodeInvalid),
});
export type BusinessDetailsInput = z.input<typeof businessDetailsInput>;

/** One row of POST /api/sente-account/save-sente-files: a named document; 'Other' needs `other_name`. */
export const complianceFileInput = z
  .object({
    file_name: z.enum(COMPLIANCE_DOCUMENT_NAMES, { error: B.documentNameMissing }),
    other_name: z.string().max(T.otherDocumentName.max, T.otherDocumentName.tooLong).trim().nullish(),
    file_path: z.string({ error: B.documentFileMissing }).trim().min(1, B.documentFileMissing).pipe(storagePath),
  })
  .refine((file) => file.file_name !== 'Other' || (typeof file.other_name === 'string' && file.other_name.trim() !== ''), {
    message: B.otherNameMissing,
    path: ['other_name'],
    // Also when another field of the row is wrong, so that a form shows every message at once.
    when: (payload) => (payload.value as { file_name?: unknown } | undefined)?.file_name === 'Other',
  });

/** POST /api/sente-account/save-sente-files: documents to add to the account's compliance files. */
export const saveComplianceFilesInput = z.object({
  files: z.array(complianceFileInput, { error: B.documentsMissing }).min(1, B.documentsMissing).max(20, B.tooManyDocuments),
});
export type SaveComplianceFilesInput = z.input<typeof saveComplianceFilesInput>;
export type ComplianceFileValues = z.output<typeof complianceFileInput>;

/**
 * A compliance document of the account (its files): `file_name` is the name shown (the specified name for
 * 'Other'), `document` the list's choice. `url` is a members-only signed link that expires at `expires_at`.
 */
export const complianceFile = z.object({
  id: z.string(),
  document: z.enum(COMPLIANCE_DOCUMENT_NAMES),
  file_name: z.string(),
  file_path: z.string(),
  created_at: z.string(),
  url: z.string(),
  expires_at: z.string().nullable(),
});
export type ComplianceFile = z.output<typeof complianceFile>;

/** An account's business_details, as saved by POST /api/user/update-business-details and as the profile carries them. */
export const businessDetails = z.object({
  business_name: z.string(),
  business_industry: z.enum(BUSINESS_INDUSTRIES),
  business_phone: z.string(),
  business_email: z.string(),
  country: z.enum(BUSINESS_COUNTRIES),
  city: z.string(),
  address_1: z.string(),
  reg_date: z.string(),
  address_2: z.string().nullable(),
  certificate_url: z.string().nullable(),
  momo_merchant_code: z.string().nullable().optional(),
  airtel_merchant_code: z.string().nullable().optional(),
});
export type BusinessDetails = z.output<typeof businessDetails>;

/** One of the account's bank details, as saved (transfers.ts bankDetailsInput). */
const savedBankDetails = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
}) satisfies z.ZodType<BankDetails>;

/**
 * The profile's `current_account.api_keys` (developers.ts AccountApiKeys): the active environment for every
 * member, the keys only for the roles with the API keys right (docs/features.md#roles), null for the others.
 */
const profileApiKeys = z.object({
  active_environment: z.enum(ENVIRONMENTS),
  test_key: z.string().nullable(),
  production_key: z.string().nullable(),
  encryption_key: z.string().nullable(),
}) satisfies z.ZodType<AccountApiKeys>;

export const account = z.object({
  id: z.string(),
  user_id: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  is_approved: z.boolean(),
  created_at: z.string(),
  companyBranding: z.object({ company_logo: z.string().nullable() }),
  /** UGX wallet balances: live and test. */
  userWallet: z.object({ current_balance: z.number(), current_balance_sand_box: z.number() }),
  /** The active environment, and the keys for the roles with the API keys right (null for the others). */
  api_keys: profileApiKeys,
  /** A list of which the first is shown; settlements go to the first. Empty until they are saved. */
  bank_details: z.array(savedBankDetails),
  /** Null until they are saved (profile completion 0.9 once they exist). */
  business_details: businessDetails.nullable(),
  /** Whether the account's payers get an SMS receipt for each successful payment (decision 068); off by default. */
  sms_receipts: z.boolean(),
});
export type Account = z.output<typeof account>;

export const staffProfile = z.object({
  id: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  sente_account: z.object({ id: z.string(), account_name: z.string() }),
});

/** The profile: GET /api/user/profile, and the user of POST /api/login-otp. */
export const user = z.object({
  user_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Whether the member proved the phone with a texted code (decision 070); SMS codes and alerts go only to such a phone. */
  phone_verified: z.boolean(),
  current_account: account.nullable(),
  /** The caller's role on the current account. */
  current_role: z.enum(STAFF_ROLES).nullable(),
  staff_profiles: z.array(staffProfile),
});
export type User = z.output<typeof user>;

/** POST /api/login-otp: the profile and the session's tokens. */
export const loginResult = tokens.extend({ user });
export type LoginResult = z.output<typeof loginResult>;

/** POST /api/sente-account/update-logo: the logo's path, as saved. */
export const savedLogo = z.object({ company_logo: z.string() });

/** POST /api/sente-account/sms-receipts: whether the account's payers get an SMS receipt on success (off by default). */
export const smsReceiptsInput = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export const smsReceiptsSet = z.object({ enabled: z.boolean() });

/** POST /api/sente-account/create-account. */
export const createdAccount = z.object({ id: z.string(), account_name: z.string() });

/** POST /api/keys/set-environment. */
export const environmentSet = z.object({ active_environment: z.enum(ENVIRONMENTS) });
