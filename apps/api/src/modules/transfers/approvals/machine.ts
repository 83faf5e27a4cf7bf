import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { PinService } from '../pins.ts';

/** Work a subject does once its answer committed (a payout handed to its provider, a held transfer credited). */
export type AfterCommit = (() => Promise<unknown>) | null;

/** Where a subject stands, as the machine's rules read it. */
export type Standing = { awaiting: boolean; makerId: string | null; expiresAt: Date | null };

/**
 * One kind of thing that waits for a second member (decision 066's batch, decision 067's movement): how it is found
 * and locked in the actor's scope, where it stands, and what each answer does to it in the answer's transaction.
 */
export type ApprovalSubject<R> = {
  messages: { notFound: string; notAwaiting: string; expired: string; own: string; notYours: string };
  lock(trx: Transaction<Database>, actor: MemberInScope, id: string): Promise<R | undefined>;
  standing(subject: R): Standing;
  /** Checks before the PIN is spent (a batch's rows all ready); throws a 400 to refuse. */
  ready?(trx: Transaction<Database>, subject: R): Promise<void>;
  approved(trx: Transaction<Database>, actor: MemberInScope, subject: R, now: Date): Promise<AfterCommit>;
  declined(trx: Transaction<Database>, actor: MemberInScope, subject: R, reason: string, now: Date): Promise<AfterCommit>;
  withdrawn(trx: Transaction<Database>, actor: MemberInScope, subject: R, now: Date): Promise<AfterCommit>;
};

type Role = 'approver' | 'maker';

/**
 * The approval machine (decision 071): a subject awaiting a second member is approved with that member's PIN,
 * declined with a reason, withdrawn by the member who made it, or expired by the worker. Each answer takes the
 * subject's row first, in one transaction, so of two answers at once exactly one applies; the other finds it no
 * longer awaiting. The maker never approves or declines; only the maker withdraws.
 */
export function createApprovalMachine({ db, pins }: { db: Kysely<Database>; pins: PinService }) {
  async function answer<R>(
    subject: ApprovalSubject<R>,
    actor: MemberInScope,
    id: string,
    now: Date,
    role: Role,
    act: (trx: Transaction<Database>, found: R) => Promise<AfterCommit>,
  ): Promise<void> {
    const after = await db.transaction().execute(async (trx) => {
      const found = isUuid(id) ? await subject.lock(trx, actor, id) : undefined;
      if (!found) throw notFound(subject.messages.notFound);
      const standing = subject.standing(found);
      if (!standing.awaiting) throw badRequest(subject.messages.notAwaiting);
      if (role === 'approver') {
        if (standing.expiresAt && standing.expiresAt <= now) throw badRequest(subject.messages.expired);
        if (standing.makerId === actor.userId) throw badRequest(subject.messages.own);
      } else if (standing.makerId !== actor.userId) {
        throw badRequest(subject.messages.notYours);
      }
      return act(trx, found);
    });
    if (after) await after();
  }

  return {
    approve<R>(subject: ApprovalSubject<R>, actor: MemberInScope, id: string, pinToken: string, now = new Date()) {
      return answer(subject, actor, id, now, 'approver', async (trx, found) => {
        await subject.ready?.(trx, found);
        await pins.spend(trx, actor, pinToken);
        return subject.approved(trx, actor, found, now);
      });
    },

    decline<R>(subject: ApprovalSubject<R>, actor: MemberInScope, id: string, reason: string, now = new Date()) {
      return answer(subject, actor, id, now, 'approver', (trx, found) => subject.declined(trx, actor, found, reason, now));
    },

    withdraw<R>(subject: ApprovalSubject<R>, actor: MemberInScope, id: string, now = new Date()) {
      return answer(subject, actor, id, now, 'maker', (trx, found) => subject.withdrawn(trx, actor, found, now));
    },
  };
}

export type ApprovalMachine = ReturnType<typeof createApprovalMachine>;
