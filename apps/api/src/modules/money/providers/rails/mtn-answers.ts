import { z } from 'zod';

/**
 * MTN's error body `{ code, message }`. Only the code is read, and only when it looks like one of MTN's codes: a
 * provider's free text is never echoed, so nothing it might contain reaches a log.
 */
const errorBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_]{1,64}$/) });

/** MTN's token answer (the mtn-momo SDK's AccessToken): `expires_in` in seconds (some gateways send a numeric string). */
export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().finite().nonnegative()),
});

/** An amount as MTN writes it: a decimal string ("5000"), read as a number. */
const amountField = z.union([
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
  z.number().finite().nonnegative(),
]);
const currencyField = z.string().regex(/^[A-Za-z]{3}$/);

/** A FAILED status's reason: a code string, or (older API versions) an object `{ code, message }`. */
const reasonField = z
  .union([z.string(), z.object({ code: z.string() }).transform((reason) => reason.code)])
  .nullish()
  .transform((code) => code ?? null);

/**
 * MTN's requesttopay and transfer status answer (the mtn-momo SDK's Payment and Transfer): a success must carry its
 * amount and currency, which are compared with ours before it is applied (decision 040); the others may leave them out.
 */
export const statusAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('PENDING'), externalId: z.string().optional() }),
  z.object({
    status: z.literal('SUCCESSFUL'),
    externalId: z.string().optional(),
    amount: amountField,
    currency: currencyField,
    financialTransactionId: z.string().nullish(),
  }),
  z.object({
    status: z.literal('FAILED'),
    externalId: z.string().optional(),
    amount: amountField.optional(),
    currency: currencyField.optional(),
    reason: reasonField,
  }),
]);

/** MTN's callback (a PUT shaped like the status answer): only our id is read from it. */
export const callbackBody = z.object({ externalId: z.string().min(1).max(100) });

export const errorCode = (body: unknown): string | null => errorBody.safeParse(body).data?.code ?? null;
