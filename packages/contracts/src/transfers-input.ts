/**
 * What a movement of money out asks for (docs/features.md#money-out): the wallet PIN and its changes,
 * the amount, the reason, a wallet transfer's, a settlement's and a payout's input, the dashboard's transfer form, and
 * the bank details a settlement goes to. The constants, kinds and messages are in transfers.ts, the answers too.
 */
import { z } from 'zod';
import { otpCode } from './auth.ts';
import { APPROVAL_MESSAGES } from './movement-approvals.ts';
import { mobileMoneyNumber } from './payments.ts';
import { TEXT_LIMITS as T } from './text-limits.ts';
import {
  MAX_TRANSFER_AMOUNT,
  PAYOUT_PHONE_MAX_DIGITS,
  PAYOUT_PHONE_MIN_DIGITS,
  TRANSFER_FORM_KINDS,
  type TransferCharges,
  WALLET_MESSAGES,
  WALLET_PIN_LENGTH,
} from './transfers.ts';
import { amountFrom, requiredString } from './validation.ts';

const M = WALLET_MESSAGES;

/** Exactly 5 digits, digits only. */
export const pinField = z
  .string({ error: M.pinEmpty })
  .trim()
  .min(1, M.pinEmpty)
  .regex(/^\d{5}$/, M.pinLength);

/** A PIN anyone would try first: one digit five times, or a run up or down (11111, 12345, 54321, 01234). */
export function isTrivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0)));
  return steps.size === 1 && [-1, 0, 1].some((step) => steps.has(step));
}

/** A PIN being set or changed: exactly 5 digits, and not trivial (a PIN set before this rule still verifies). */
const newPinField = pinField.refine((pin) => !isTrivialPin(pin), M.pinTooSimple);

/** Paste rule: the first 5 digits of whatever was pasted. */
export function pastedPin(text: string): string {
  return text.replace(/\D/g, '').slice(0, WALLET_PIN_LENGTH);
}

/** A whole, positive UGX amount (digits with thousands separators allowed), else 'Invalid Amount'. */
export const transferAmount = z
  .union([z.number(), z.string().trim()], { error: M.invalidAmount })
  .transform(amountFrom)
  .refine((value) => Number.isSafeInteger(value) && value >= 1 && value <= MAX_TRANSFER_AMOUNT, M.invalidAmount);

/**
 * The dashboard renders a transfer's Reason as HTML: only these inline tags, with no attributes, survive. The server keeps
 * the reason sanitised to this list when it is written; the dashboard sanitises to it again when it renders.
 */
export const REASON_HTML_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'small'] as const;

const reason = requiredString(M.reasonMissing, T.transferReason);
export const pinToken = z.string({ error: M.pinTokenInvalid }).max(200).trim().min(1, M.pinTokenInvalid);

/**
 * The spec's PIN calls also send the account's own id: where one is sent, it must be the caller's current account,
 * which the server checks before the rest of the body (another's is not found).
 */
const ownAccount = { sente_account_id: z.string().nullish() };
export const ownAccountInput = z.object(ownAccount);

export const setPinInput = z.object({ ...ownAccount, pin: newPinField });
export const verifyPinInput = z.object({ ...ownAccount, pin: pinField });

/** A new PIN typed twice: the second must match the first. */
const newPinPair = { new_pin: newPinField, new_pin_confirmation: pinField };
const pinsMatch = (input: { new_pin: string; new_pin_confirmation: string }) => input.new_pin === input.new_pin_confirmation;

/** The first PIN typed twice (the dashboard's form; set_pin itself takes `pin`). */
export const newPinForm = z.object(newPinPair).refine(pinsMatch, { message: M.pinsDoNotMatch, path: ['new_pin_confirmation'] });

/** POST /api/wallet/change_pin: the current PIN, then the new one twice. */
export const changePinInput = z
  .object({ ...ownAccount, old_pin: pinField, ...newPinPair })
  .refine(pinsMatch, { message: M.pinsDoNotMatch, path: ['new_pin_confirmation'] });
export type ChangePinInput = z.output<typeof changePinInput>;

/** POST /api/wallet/reset_pin: the code e-mailed by /api/wallet/pin_reset_code, then the new PIN twice. */
export const resetPinInput = z
  .object({ ...ownAccount, code: otpCode, ...newPinPair })
  .refine(pinsMatch, { message: M.pinsDoNotMatch, path: ['new_pin_confirmation'] });
export type ResetPinInput = z.output<typeof resetPinInput>;
export const verifyAccountNumberInput = z.object({
  sente_account_number: requiredString(M.accountNumberMissing, T.walletAccountNumber),
});
export const accountIdInput = z.object({
  sente_account_id: z.string({ error: M.noAccountFound }).trim().min(1, M.noAccountFound),
});

/** POST /api/wallet-transfers/p2p. The sender, creator and environment come from the session; given ones must match. */
export const p2pInput = z.object({
  senderAccountId: z.string().trim().optional(),
  recipientAccountId: z.string({ error: M.noAccountFound }).trim().min(1, M.noAccountFound),
  creatorId: z.string().trim().optional(),
  amount: transferAmount,
  reason,
  env: z.enum(['test', 'prod'], { error: M.envMismatch }).optional(),
  pin_token: pinToken,
});

export const settlementInput = z.object({ amount: transferAmount, reason, pin_token: pinToken });

/**
 * 10-15 digits once spaces, dashes and a leading + are dropped; then, in both modes, a number the live rails
 * pay (mobileMoneyNumber).
 */
export const payoutPhone = z
  .string({ error: M.phoneEmpty })
  .trim()
  .min(1, M.phoneEmpty)
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^\+/, ''))
  .refine((value) => new RegExp(`^\\d{${PAYOUT_PHONE_MIN_DIGITS},${PAYOUT_PHONE_MAX_DIGITS}}$`).test(value), {
    message: M.phoneInvalid,
    abort: true,
  })
  .refine((value) => mobileMoneyNumber(value) !== null, M.payoutNetworkUnsupported);

/** POST /api/yo/process_payout: `account` is the receiver's phone, `narrative` the reason. */
export const payoutInput = z.object({
  active_env: z.enum(['test', 'prod', 'production'], { error: M.envMismatch }).optional(),
  creator_id: z.string().trim().optional(),
  sente_account_id: z.string().trim().optional(),
  amount: transferAmount,
  account: payoutPhone,
  narrative: requiredString(M.reasonMissing, T.transferReason),
  pin_token: pinToken,
});

/** POST /api/wallet/mobile-money-name: the phone a payout would pay, read as the payout reads it. */
export const mobileMoneyNameInput = z.object({ phone: payoutPhone });

/** A business account's number: 10 digits (apps/api/src/modules/accounts/repository.ts makes them). */
const ACCOUNT_NUMBER = /^\d{10}$/;

/** The most a transfer can send, as the server's hold takes it: the amount and its charge from one balance. */
export const mostSendable = (balance: number, charge: number) => Math.max(0, balance - charge);

/**
 * The dashboard's Transfers form: how, how much (whole, and with its option's charge within the balance
 * shown) and why; the receiver's account number only for a wallet transfer and the phone only for a payout. Checked
 * as a whole so that Continue names every field wrong at once. The values go on as typed: each call's own schema
 * reads them again. `charges` come from GET /api/wallet/charges; until they are read a charge counts as 0.
 */
export function transferForm(balance: number, charges: TransferCharges | null = null) {
  return z
    .object({
      option: z.enum(TRANSFER_FORM_KINDS, { error: M.selectPayoutOption }),
      account: z.string(),
      phone: z.string(),
      amount: z.number({ error: M.invalidAmount }).refine((value) => Number.isInteger(value) && value > 0, M.invalidAmount),
      reason,
    })
    .superRefine(
      ({ option, account, phone, amount }, context) => {
        const charge = option ? (charges?.[option] ?? 0) : 0;
        if (Number.isInteger(amount) && amount > mostSendable(balance, charge)) {
          const message = M.amountAboveMost(mostSendable(balance, charge), charge);
          context.addIssue({ code: 'custom', message, path: ['amount'] });
        }
        const accountNumber = String(account).trim();
        if (option === 'wallet_transfer' && !accountNumber) {
          context.addIssue({ code: 'custom', message: M.accountNumberMissing, path: ['account'] });
        } else if (option === 'wallet_transfer' && !ACCOUNT_NUMBER.test(accountNumber)) {
          context.addIssue({ code: 'custom', message: M.accountNumberInvalid, path: ['account'] });
        }
        const checked = option === 'payout' ? payoutPhone.safeParse(phone) : null;
        if (checked?.error) context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message, path: ['phone'] });
      },
      // Also beside an amount that is no number (an aborting issue), so that Continue names every wrong field.
      { when: () => true },
    );
}

export const bankDetailsInput = z.object({
  bank_name: requiredString(M.bankNameMissing, T.bankName),
  account_number: requiredString(M.bankAccountNumberMissing, T.bankAccountNumber),
  account_name: requiredString(M.bankAccountNameMissing, T.bankAccountName),
});
export type BankDetails = z.output<typeof bankDetailsInput>;

/** A second member's approval of a movement above the approval threshold (decision 067), with their PIN token. */
export const approveMovementInput = z.object({ pin_token: pinToken });

/** A second member declines it, saying why; the one who asked reads the reason on the transfer. */
export const declineMovementInput = z.object({
  reason: z
    .string({ error: APPROVAL_MESSAGES.reasonMissing })
    .trim()
    .min(3, APPROVAL_MESSAGES.reasonMissing)
    .max(300, 'At most 300 characters.'),
});
