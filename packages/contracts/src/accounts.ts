import { z } from 'zod';
import { ENVIRONMENTS, type Environment, type StaffRole } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { requiredString } from './validation.ts';
import type { BankDetails } from './wallet.ts';

export const createAccountInput = z.object({
  account_name: requiredString(MESSAGES.accountNameMissing).max(120, 'Account name must be at most 120 characters'),
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

export const updateProfileInput = z.object({
  firstname: requiredString(MESSAGES.firstNameMissing).max(100),
  lastname: requiredString(MESSAGES.lastNameMissing).max(100),
  phone: profilePhone.optional().default(''),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export type Account = {
  id: string;
  user_id: string;
  account_name: string;
  account_number: string;
  is_approved: boolean;
  created_at: string;
  companyBranding: { company_logo: string | null };
  /** UGX wallet balances (spec §3): live and test. */
  userWallet: { current_balance: number; current_balance_sand_box: number };
  api_keys: { active_environment: Environment };
  /** Spec §3: a list of which the first is shown; settlements go to the first. Empty until they are saved. */
  bank_details: BankDetails[];
};

export type StaffProfile = {
  id: string;
  staff_role: StaffRole;
  sente_account: { id: string; account_name: string };
};

export type User = {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  current_account: Account | null;
  /** The caller's role on the current account. */
  current_role: StaffRole | null;
  staff_profiles: StaffProfile[];
};

export type LoginResult = { user: User; accessToken: string; refreshToken: string };
