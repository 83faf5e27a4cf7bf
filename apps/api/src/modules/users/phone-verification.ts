import { PHONE_MESSAGES } from '@sente/contracts/phone-verification';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, fieldError } from '../../lib/http-error.ts';
import { smsPhoneOf } from '../../sms/phone.ts';
import { type CodeService, codeFieldError } from '../auth/codes.ts';
import { type FailureThrottle, failureKeys } from '../auth/throttle.ts';
import { markPhoneVerified } from './repository.ts';
import type { UserRow } from './tables.ts';

type Deps = {
  db: Kysely<Database>;
  codes: CodeService;
  throttle: FailureThrottle;
  requireUser: (userId: string) => Promise<UserRow>;
};

/**
 * Decision 070: a member proves the profile's phone with a code texted to it (the one-time codes of auth/codes.ts:
 * 6 digits, 10 minutes, 5 tries, one per 50 s). Wrong codes also count towards the member's wrong-code limit of
 * sign-in (auth/throttle.ts), as the wallet PIN's reset codes do.
 */
export function createPhoneVerification({ db, codes, throttle, requireUser }: Deps) {
  return {
    /** Texts a code to the profile's phone: a Ugandan mobile not yet verified. */
    async sendCode(userId: string): Promise<Date> {
      const user = await requireUser(userId);
      if (!user.phone) throw badRequest(PHONE_MESSAGES.noPhone);
      if (!smsPhoneOf(user.phone)) throw badRequest(PHONE_MESSAGES.notUgandanMobile);
      if (user.phone_verified_at) throw badRequest(PHONE_MESSAGES.alreadyVerified);
      return (await codes.send(user, 'verify_phone')).at;
    },

    /** Checks the texted code (a wrong one counts a try) and marks the phone it went to verified. */
    async verify(userId: string, code: string): Promise<void> {
      const user = await requireUser(userId);
      if (!user.phone) throw badRequest(PHONE_MESSAGES.noPhone);
      if (user.phone_verified_at) throw badRequest(PHONE_MESSAGES.alreadyVerified);
      await throttle
        .attempt('code', failureKeys(user.email, user.id), () => codes.consume(user, 'verify_phone', code))
        .catch(codeFieldError);
      // The code was bound to this phone; a profile saved with another one in between leaves nothing to mark.
      if (!(await markPhoneVerified(db, user.id, user.phone))) throw fieldError('code', PHONE_MESSAGES.phoneChanged);
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
