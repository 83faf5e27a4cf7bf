import { EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { MESSAGES } from '@sente/contracts/messages';
import type { Logger } from 'pino';
import { HttpError } from '../../lib/http-error.ts';
import { escapeHtml } from '../../lib/rich-text.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type CodeService, codeFieldError } from '../auth/codes.ts';
import { type FailureThrottle, failureKeys } from '../auth/throttle.ts';
import type { UserRow } from '../users/tables.ts';
import type { PinService } from './pins.ts';

/** The member whose PIN changes, and the account it guards (named in the notice). */
type Member = { accountId: string; userId: string; accountName: string };

type Deps = {
  pins: PinService;
  codes: CodeService;
  throttle: FailureThrottle;
  findUser: (id: string) => Promise<UserRow | undefined>;
  mailer: Mailer;
  logger: Logger;
};

/**
 * A member changes their own wallet PIN with the current one, or resets a forgotten one with a code e-mailed to them
 * (by the rules of sign-in codes: 6 digits, hashed, 10 minutes, 5 tries, one per 50 s), instead of asking an operator.
 * Wrong codes also count towards the member's wrong-code limit of sign-in (throttle.ts), so the 6 digits cannot be
 * worked through code after code. Either way the member is told by e-mail, in case it was not them.
 */
export function createPinChangeService({ pins, codes, throttle, findUser, mailer, logger }: Deps) {
  async function userOf(member: Member): Promise<UserRow> {
    const user = await findUser(member.userId);
    if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
    return user;
  }

  /** Tells the member their PIN changed; a mail failure is logged and never undoes the change. */
  async function notify(user: UserRow, member: Member, how: 'changed' | 'reset') {
    const text = T.pinChanged(member.accountName, how);
    try {
      await mailer.send({
        to: user.email,
        subject: T.pinChangedSubject,
        text: `${T.hello(user.firstname)}\n\n${text}\n\n${T.pinChangedIfNotYou}\n\n${T.signature}`,
        html: `<p>${T.hello(escapeHtml(user.firstname))}</p><p>${escapeHtml(text)}</p><p>${T.pinChangedIfNotYou}</p><p>${T.signature}</p>`,
      });
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'wallet PIN notice e-mail failed');
    }
  }

  return {
    async change(member: Member, oldPin: string, newPin: string): Promise<void> {
      await pins.change(member, oldPin, newPin);
      await notify(await userOf(member), member, 'changed');
    },

    /**
     * E-mails a reset code to the member, and texts it to their verified phone (decision 070); a second within 50 s is
     * refused (429) by the code service.
     */
    async sendResetCode(member: Member): Promise<{ email: string; sentAt: Date; smsTo: string | null }> {
      const user = await userOf(member);
      const sent = await codes.send(user, 'wallet_pin_reset');
      return { email: user.email, sentAt: sent.at, smsTo: sent.smsTo };
    },

    async reset(member: Member, code: string, newPin: string): Promise<void> {
      const user = await userOf(member);
      await throttle
        .attempt('code', failureKeys(user.email, user.id), () => codes.consume(user, 'wallet_pin_reset', code))
        .catch(codeFieldError);
      await pins.replace(member, newPin);
      await notify(user, member, 'reset');
    },
  };
}

export type PinChangeService = ReturnType<typeof createPinChangeService>;
