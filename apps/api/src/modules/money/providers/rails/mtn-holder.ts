import { z } from 'zod';
import type { AccountHolder } from '../provider.ts';
import type { RailRequest, RailResponse } from './http.ts';

/** A name as MTN writes it: trimmed, bounded, without control characters; anything else counts as absent. */
const namePart = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\p{Cc}]*$/u)
  .optional()
  .catch(undefined);

/**
 * MTN's basicuserinfo answer (MTN-Group/MoMoAPIs_Android_sdk docs/collection/getBasicUserInfo.md shows it:
 * `{ sub, name, given_name, family_name, birthdate, locale, gender, updated_at }`). Only the names are read.
 */
const basicUserInfo = z.object({ given_name: namePart, family_name: namePart, name: namePart });

/** MTN's "is the account holder active" answer, `{ result: boolean }`, as the mtn-momo client's isPayerActive reads it. */
const activeAnswer = z.object({ result: z.boolean() });

/** What the holder look-up needs of the Disbursement product: its authenticated call (mtn.ts). */
type DisbursementCalls = { call(request: RailRequest): Promise<RailResponse> };

/**
 * Who holds an MTN number, from the Disbursement product: `GET /disbursement/v1_0/accountholder/msisdn/{msisdn}/basicuserinfo`
 * (MTN MoMo Open API, "GetBasicUserinfo": the personal information of the account holder, no consent needed) names
 * them. When it names no one, `GET …/accountholder/msisdn/{msisdn}/active` (mtn-momo 2.0.0, Disbursements.isPayerActive)
 * tells a number that is not an active account (not registered) from one MTN would not describe (unavailable). MTN
 * says nothing of a barred account here, so it is never answered. Whatever fails answers `unavailable`.
 */
export async function mtnAccountHolder(disbursement: DisbursementCalls, msisdn: string): Promise<AccountHolder> {
  if (!/^2567\d{8}$/.test(msisdn)) return { status: 'unavailable' };
  const base = `/disbursement/v1_0/accountholder/msisdn/${msisdn}`;
  try {
    const info = await disbursement.call({ method: 'GET', path: `${base}/basicuserinfo`, retry: true });
    const parsed = info.status === 200 ? basicUserInfo.safeParse(info.body) : null;
    if (parsed?.success) {
      const { given_name, family_name, name } = parsed.data;
      const full = [given_name, family_name].filter(Boolean).join(' ') || name;
      if (full) return { status: 'registered', name: full };
    }
    if (info.status !== 404 && info.status !== 200) return { status: 'unavailable' };
    const active = await disbursement.call({ method: 'GET', path: `${base}/active`, retry: true });
    const answer = active.status === 200 ? activeAnswer.safeParse(active.body) : null;
    return answer?.success && !answer.data.result ? { status: 'not_registered' } : { status: 'unavailable' };
  } catch {
    return { status: 'unavailable' };
  }
}
