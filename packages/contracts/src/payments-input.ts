import { z } from 'zod';
import { cursorQuery } from './api.ts';
import { dayRange, daysInOrder, daysInverted, FIND_MESSAGES as F, LINK_REF_MAX_LENGTH, searchText } from './filters.ts';
import { PAYMENT_STATES } from './payment-states.ts';
import {
  luhnValid,
  PAYMENT_MESSAGES as M,
  MAX_PAYMENT_AMOUNT,
  networkOf,
  normalizeUgandanPhone,
  PAYMENT_CHANNELS,
} from './payments.ts';
import { RECEIPT_LAYOUTS } from './receipt-page.ts';
import { REFUND_MESSAGES as R } from './refunds.ts';
import { TEXT_LIMITS as T } from './text-limits.ts';
import { pinToken } from './transfers-input.ts';
import { amountFrom, requiredString } from './validation.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .trim()
    .nullish()
    .transform((value) => value || undefined);

/** A whole number of UGX, given as a number or as digits (thousands separators allowed); absent stays undefined. */
const payAmount = z
  .union([z.number(), z.string().trim(), z.null()], { error: M.amountMissing })
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? undefined : amountFrom(value)))
  .refine((value) => value === undefined || Number.isFinite(value), M.amountMissing)
  .refine((value) => value === undefined || Number.isInteger(value), M.amountWhole)
  .refine((value) => value === undefined || value >= 1, M.amountMissing)
  .refine((value) => value === undefined || value <= MAX_PAYMENT_AMOUNT, M.amountTooLarge);

/**
 * POST /api/public/links/:ref/pay (docs/features.md#customers-pay). What depends on the link (amount, extra data) is
 * checked by the service.
 */
export const payInput = z
  .object({
    names: requiredString(M.namesMissing, T.payerNames),
    phone: optionalText(40, M.phoneInvalid),
    email: optionalText(254, M.emailInvalid).refine((value) => value === undefined || EMAIL_PATTERN.test(value), M.emailInvalid),
    amount: payAmount,
    channel: z.enum(PAYMENT_CHANNELS, { error: M.channelInvalid }),
    extra_data: z
      .array(
        z.object({
          label: z.string().max(100).trim(),
          value: z.string().max(T.extraFieldAnswer.max, T.extraFieldAnswer.tooLong).trim(),
        }),
        { error: M.extraDataInvalid },
      )
      .max(30)
      .optional()
      .default([]),
    card_number: optionalText(40, M.cardNumberInvalid).transform((value) => value?.replace(/[\s-]/g, '')),
    card_expiry: optionalText(10, M.cardExpiryInvalid),
    card_cvc: optionalText(10, M.cardCvcInvalid),
  })
  .superRefine((input, ctx) => {
    if (input.channel === 'CARD') {
      if (!input.email) ctx.addIssue({ code: 'custom', path: ['email'], message: M.emailRequiredForCard });
      const number = input.card_number ?? '';
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
        ctx.addIssue({ code: 'custom', path: ['card_number'], message: M.cardNumberInvalid });
      const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.card_expiry ?? '');
      if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
        ctx.addIssue({ code: 'custom', path: ['card_expiry'], message: M.cardExpiryInvalid });
      if (!/^\d{3,4}$/.test(input.card_cvc ?? ''))
        ctx.addIssue({ code: 'custom', path: ['card_cvc'], message: M.cardCvcInvalid });
      return;
    }
    if (!input.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneMissing });
      return;
    }
    const msisdn = normalizeUgandanPhone(input.phone);
    if (!msisdn) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneInvalid });
      return;
    }
    const network = networkOf(msisdn);
    if (network !== input.channel) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: input.channel === 'MTN_UG' ? M.notMtnNumber : M.notAirtelNumber });
    }
  })
  .transform(({ card_number, card_expiry, card_cvc, phone, ...input }) => ({
    ...input,
    email: input.email?.toLowerCase(),
    msisdn: input.channel === 'CARD' || !phone ? null : normalizeUgandanPhone(phone),
    card:
      input.channel === 'CARD' && card_number ? { number: card_number, expiry: card_expiry ?? '', cvc: card_cvc ?? '' } : null,
  }));
export type PayInput = z.output<typeof payInput>;

const collectionsFilter = {
  status: z.enum(PAYMENT_STATES, { error: F.statusInvalid(PAYMENT_STATES) }).optional(),
  channel: z.enum(PAYMENT_CHANNELS, { error: F.channelInvalid(PAYMENT_CHANNELS) }).optional(),
  link: z
    .string({ error: F.linkInvalid })
    .max(LINK_REF_MAX_LENGTH, F.linkInvalid)
    .trim()
    .optional()
    .transform((ref) => ref || undefined)
    .describe("A link's ref, any kind; one the account does not have finds nothing"),
  ...dayRange,
  q: searchText.describe("A phone however written, or a payer's name (part of it), a transaction ID or the API's reference"),
};

/**
 * GET /api/collections/download: the collections list's filters, every one optional; what the list shows,
 * the workbook holds.
 */
export const collectionsDownloadQuery = z.object(collectionsFilter).refine(daysInOrder, daysInverted);

/** GET /api/collections: the filters and the cursor of the page before (decision 051). */
export const collectionsFilterQuery = z
  .object({ ...collectionsFilter, cursor: cursorQuery.shape.cursor })
  .refine(daysInOrder, daysInverted);
export type CollectionsFilter = z.output<typeof collectionsFilterQuery>;

/**
 * POST /api/collections/{id}/refund (decision 053): how much of the payment goes back to the payer (whole UGX, at
 * most what is left to refund), why, and the single-use token of a verified wallet PIN, as every money movement.
 */
export const refundInput = z.object({
  amount: z
    .union([z.number(), z.string().trim()], { error: R.amountInvalid })
    .transform(amountFrom)
    .refine((value) => Number.isSafeInteger(value) && value >= 1 && value <= MAX_PAYMENT_AMOUNT, R.amountInvalid),
  reason: requiredString(R.reasonMissing, T.refundReason),
  pin_token: pinToken,
});
export type RefundInput = z.output<typeof refundInput>;

/** GET /r/{code}: the receipt printed on an A4 sheet (the default) or an 80 mm till slip, as a page or a PDF. */
export const receiptQuery = z.object({
  layout: z.enum(RECEIPT_LAYOUTS, { message: 'layout must be a4 or slip' }).default('a4'),
  format: z.enum(['html', 'pdf'], { message: 'format must be html or pdf' }).default('html'),
});
