import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { z } from 'zod';
import type { ProviderReport } from '../provider.ts';
import { type AirtelProduct, paymentFailure, payoutFailure } from './airtel-codes.ts';

/* Airtel's answers, parsed like every other input. A field that is there but unreadable counts as absent, so that an
 * odd value never turns an answer into a refusal: only a code we know refuses. */

/** One of Airtel's codes: DP…, ESB…, ROUTER…, 0000900, or a numeric result code such as 521002. */
const code = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const text = z.string().optional().catch(undefined);
const statusSchema = z.object({
  success: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .catch(undefined),
  response_code: code.optional().catch(undefined),
  result_code: code.optional().catch(undefined),
  message: text,
});
/** Airtel's envelope, on every product answer. */
const envelopeSchema = z.object({ status: statusSchema });
/** The gateway's own errors come bare, without the envelope: `{ "status_code": "ROUTER116", "status_message": "…" }`. */
const gatewaySchema = z.object({ status_code: code, status_message: text });
/** OAuth's errors: the token request's, and the gateway's `403 { "error": "invalid_token" }`. */
export const oauthErrorSchema = z.object({ error: z.string().regex(/^[a-z_]{1,40}$/), error_description: text });
/** The token. `expires_in` is a number, or on Airtel's staging a numeric string. */
export const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().positive().finite()),
});
/** A transaction enquiry: the envelope, and the transaction's status (TIP, TA, TS, TF, TE). */
export const enquirySchema = z.object({
  status: statusSchema,
  data: z.object({
    transaction: z.object({
      status: z.string(),
      message: z.string().nullish().catch(null),
      airtel_money_id: z
        .union([z.string(), z.number().transform(String)])
        .nullish()
        .catch(null),
    }),
  }),
});

type Enquiry = z.infer<typeof enquirySchema>;

/** What an answer says by its codes: the envelope's response and result codes, or the gateway's status code. */
type Answer = { success: boolean | undefined; codes: string[]; message: string | null };

export function answerOf(body: unknown): Answer | null {
  const envelope = envelopeSchema.safeParse(body);
  if (envelope.success) {
    const { success, response_code, result_code, message } = envelope.data.status;
    const codes = [response_code, result_code].filter((value): value is string => value !== undefined);
    return { success, codes, message: message ?? null };
  }
  const gateway = gatewaySchema.safeParse(body);
  if (gateway.success) return { success: false, codes: [gateway.data.status_code], message: gateway.data.status_message ?? null };
  return null;
}

/** Airtel's callback, as far as it is read: the transaction id. */
export const callbackSchema = z.object({ transaction: z.object({ id: z.string().min(1).max(100) }) });

/** An enquiry's transaction status as a report; null for a status Airtel does not document. */
export function reportOf(product: AirtelProduct, enquiry: Enquiry): ProviderReport | null {
  const { transaction } = enquiry.data;
  const { response_code, result_code, message } = enquiry.status;
  const codes = [response_code, result_code].filter((value): value is string => value !== undefined);
  switch (transaction.status) {
    case 'TIP': // in progress
    case 'TA': // ambiguous: Airtel itself does not know yet
      return { status: 'pending' };
    case 'TS':
      return transaction.airtel_money_id
        ? { status: 'successful', providerReference: transaction.airtel_money_id }
        : { status: 'successful' };
    case 'TF': {
      const reasons = [transaction.message ?? null, message ?? null];
      return {
        status: 'failed',
        message: product === 'collection' ? paymentFailure(codes, reasons) : payoutFailure(codes, reasons),
        providerCode: response_code ?? 'TF',
      };
    }
    case 'TE': // expired: the payer never answered the prompt
      return {
        status: 'failed',
        message: product === 'collection' ? PAYMENT_MESSAGES.expired : PAYOUT_FAILURES.refused,
        providerCode: response_code ?? 'TE',
      };
    default:
      return null;
  }
}
