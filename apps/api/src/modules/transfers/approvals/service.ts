import type { AwaitingApprovalCounts } from '@sente/contracts/movement-approvals';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import type { PinService } from '../pins.ts';
import { type BatchSubjectOptions, createBatchSubject } from './batch.ts';
import { createApprovalMachine } from './machine.ts';
import { createMovementSubject, type MovementSubjectOptions } from './movement.ts';
import { countAwaiting } from './repository.ts';

type Options = MovementSubjectOptions &
  Omit<BatchSubjectOptions, 'db'> & {
    db: Kysely<Database>;
    pins: PinService;
  };

/**
 * Approvals (decision 071): one machine, two subjects. A single movement above the account's approval threshold
 * (decision 067) and a payout batch its maker submitted (decision 066) each wait for a second member who may move
 * money, who approves with their PIN or declines with a reason; the maker may withdraw it; the worker expires it after
 * 72 hours.
 */
export function createApprovals(options: Options) {
  const machine = createApprovalMachine({ db: options.db, pins: options.pins });
  const movement = createMovementSubject(options);
  const batch = createBatchSubject(options);

  return {
    movements: {
      approve: (actor: MemberInScope, id: string, pinToken: string, now?: Date) =>
        machine.approve(movement.subject, actor, id, pinToken, now),
      decline: (actor: MemberInScope, id: string, reason: string, now?: Date) =>
        machine.decline(movement.subject, actor, id, reason, now),
      withdraw: (actor: MemberInScope, id: string, now?: Date) => machine.withdraw(movement.subject, actor, id, now),
    },

    batches: {
      submit: batch.submit,
      acceptName: batch.acceptName,
      approve: (actor: MemberInScope, id: string, pinToken: string, now?: Date) =>
        machine.approve(batch.subject, actor, id, pinToken, now),
      reject: (actor: MemberInScope, id: string, reason: string, now?: Date) =>
        machine.decline(batch.subject, actor, id, reason, now),
      withdraw: (actor: MemberInScope, id: string, now?: Date) => machine.withdraw(batch.subject, actor, id, now),
    },

    /** What waits for the member's answer: nothing for one who may not move money. */
    async awaitingFor(actor: MemberInScope, canMove: boolean, now = new Date()): Promise<AwaitingApprovalCounts> {
      const counts = canMove ? await countAwaiting(options.db, actor, now) : { movements: 0, batches: 0 };
      return { ...counts, total: counts.movements + counts.batches };
    },

    /** The worker's pass: unanswered requests of both subjects expire; a movement's money goes back. */
    async expireDue(now?: Date): Promise<{ returned: number; batches: number }> {
      return { returned: await movement.expireDue(now), batches: await batch.expireDue(now) };
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
