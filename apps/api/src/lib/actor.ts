import type { Environment, StaffRole } from '@sente/contracts/constants';
import type { MoneyScope } from './money-scope.ts';

/** A signed-in member in their current account: built by the session guard (plugins/auth-guard.ts). */
export type MemberActor = {
  kind: 'member';
  userId: string;
  sessionId: string;
  accountId: string;
  role: StaffRole;
  /** How the session was proven (password, code, ...); empty until sessions record it. */
  amr: string[];
};

/** A /v1 caller: the API key that named the account and environment (modules/merchant-api/api-key-guard.ts). */
export type ApiKeyActor = { kind: 'apiKey'; keyId: string; accountId: string; environment: Environment };

/** An operator command (modules/ops), named by the operating-system user who ran `npm run ops`. */
export type OperatorActor = { kind: 'operator'; name: string };

/** The background worker (jobs/), named by the job it runs. */
export type SystemActor = { kind: 'system'; job: string };

/** Who acts: the one shape every entry point builds once and every service reads. */
export type Actor = MemberActor | ApiKeyActor | OperatorActor | SystemActor;

/** A member acting in their account's active environment: the who of a dashboard money movement, and its scope. */
export type MemberInScope = MemberActor & MoneyScope;

export const operatorActor = (name: string): OperatorActor => ({ kind: 'operator', name });

export const systemActor = (job: string): SystemActor => ({ kind: 'system', job });

/** The actor as one line for a log or a stored "changed by": its kind and what names it. */
export function describeActor(actor: Actor): string {
  switch (actor.kind) {
    case 'member':
      return `member:${actor.userId}`;
    case 'apiKey':
      return `apiKey:${actor.keyId}`;
    case 'operator':
      return `operator:${actor.name}`;
    case 'system':
      return `system:${actor.job}`;
  }
}
