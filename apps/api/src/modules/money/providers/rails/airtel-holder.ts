import { z } from 'zod';
import type { AccountHolder } from '../provider.ts';
import type { RailRequest, RailResponse } from './http.ts';

/** A name as Airtel writes it: trimmed, bounded, without control characters; anything else counts as absent. */
const namePart = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\p{Cc}]*$/u)
  .optional()
  .catch(undefined);

/**
 * Airtel's KYC user enquiry, `GET /standard/v1/users/{last 9 digits}`, as the public clients call and read it
 * (github.com/mtvbrianking/laravel-airtel-money: config `kyc.user_uri`, src/Products/Kyc.php, tests/Products/KycTest.php;
 * github.com/gaelmapwata/auto-allocation-client types/airtel-money.ts, CheckKYCResponseI):
 * `{ data: { first_name, last_name, msisdn, is_barred, is_pin_set, grade, registration: { status } }, status: {…} }`.
 */
const userAnswer = z.object({
  data: z.object({
    first_name: namePart,
    last_name: namePart,
    is_barred: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
      .optional()
      .catch(undefined),
  }),
  status: z.object({
    success: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
      .optional()
      .catch(undefined),
    code: z.string().optional().catch(undefined),
  }),
});

/** The envelope alone, for an answer without the user's data. */
const envelope = z.object({ status: z.object({ success: z.unknown(), code: z.string().optional().catch(undefined) }) });

/**
 * Who holds an Airtel number: `GET /standard/v1/users/{msisdn}`, the number without the country code, with the X-Country
 * and X-Currency headers of every call (airtel.ts). A barred user is `barred`; a user with a name is `registered`; the
 * envelope's own 404 (`status.code` '404', as Airtel answers an unknown transaction) is `not_registered`. Airtel
 * publishes no other "no such subscriber" answer, so anything else, and every failure, is `unavailable`.
 */
export async function airtelAccountHolder(
  call: (request: Omit<RailRequest, 'headers'>) => Promise<RailResponse>,
  msisdn: string,
): Promise<AccountHolder> {
  if (!/^2567\d{8}$/.test(msisdn)) return { status: 'unavailable' };
  try {
    const response = await call({ method: 'GET', path: `/standard/v1/users/${msisdn.slice(3)}`, retry: true });
    if (response.status >= 500) return { status: 'unavailable' };
    const user = userAnswer.safeParse(response.body);
    if (response.status === 200 && user.success && user.data.status.success === true) {
      if (user.data.data.is_barred === true) return { status: 'barred' };
      const name = [user.data.data.first_name, user.data.data.last_name].filter(Boolean).join(' ');
      return name ? { status: 'registered', name } : { status: 'unavailable' };
    }
    const answer = envelope.safeParse(response.body);
    return answer.success && answer.data.status.code === '404' ? { status: 'not_registered' } : { status: 'unavailable' };
  } catch {
    return { status: 'unavailable' };
  }
}
