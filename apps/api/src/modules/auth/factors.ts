import type { UserRow } from '../users/tables.ts';
import type { CodeService } from './codes.ts';
import type { SecondFactorMethod } from './tables.ts';

/** What step one tells the sign-in page once the factor is ready: when a code was sent, and where it went by SMS. */
export type FactorStarted = { last_code_sent_at: string; sms_to: string | null };

/** What the member sends at step two to prove the factor. */
export type FactorProof = { code: string };

/**
 * A second factor of sign-in (decision 080). A new one (an authenticator app's TOTP, a passkey) is a method in
 * `SecondFactorMethod` and its entry in `createSecondFactors`, which fails the type-check until both are given.
 */
export type SecondFactor = {
  /** Step one, the password proven: readies the proof (sends the code) and says what the page shows. */
  start(user: UserRow): Promise<FactorStarted>;
  /**
   * Step two: checks the member's proof for this user, once. A wrong proof throws a WrongSecretError (counted by the
   * failure throttle and the challenge). Answers whether the proof also showed the member holds their mailbox.
   */
  verify(user: UserRow, proof: FactorProof): Promise<{ provedMailbox: boolean }>;
};

export function createSecondFactors({ codes }: { codes: CodeService }): Record<SecondFactorMethod, SecondFactor> {
  return {
    otp: {
      // A second sign-in within the cooldown reuses the code already sent instead of failing, as long as that code can
      // still be used; one voided by wrong tries is not pointed at again (send answers 429 until the cooldown ends).
      // The code reused went by SMS too when it was sent if the phone was verified then, as it is now (a changed phone
      // is no longer verified).
      async start(user) {
        const { waitMs, lastSentAt, usable } = await codes.cooldownLeft(user.id, 'login');
        const sent =
          waitMs > 0 && lastSentAt && usable
            ? { at: lastSentAt, smsTo: codes.smsToOf(user, 'login') }
            : await codes.send(user, 'login');
        return { last_code_sent_at: sent.at.toISOString(), sms_to: sent.smsTo };
      },
      // The code went to the member's mailbox (and to their verified phone): typing it back proves the mailbox, which
      // joins the invitations sent to it (decision 019).
      async verify(user, { code }) {
        await codes.consume(user, 'login', code);
        return { provedMailbox: true };
      },
    },
  };
}

/** The factor a member finishes sign-in with: the e-mailed (and texted) code, until members can choose another. */
export const secondFactorOf = (_user: UserRow): SecondFactorMethod => 'otp';
