import type { Environment } from '@sente/contracts/constants';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TransferOutKind } from '../money/movements.ts';
import type { TransferRecord } from '../money/tables.ts';
import type { CollectionsTable } from '../payments/tables.ts';
import type { BatchEventStep } from '../transfers/batches/events.ts';
import { insertEvent } from './repository.ts';

type Collection = Selectable<CollectionsTable>;

/**
 * What happened, said once by the code that made it happen, inside the transaction that changed the state
 * (decision 082). Producers name the fact; what follows from it (webhooks, alerts, the timeline, totals, counts) is
 * the subscribers' (subscribers.ts), so a producer imports none of them.
 */
export type DomainEvent =
  /** A payment left pending as paid: the wallet is credited in the same transaction. */
  | {
      type: 'collection.settled';
      collection: Collection;
      /** The account sends its payers SMS receipts (read with the payment's row as it settled). */
      smsReceipts: boolean;
    }
  /** A payment left pending as failed (refused, cancelled or expired). */
  | { type: 'collection.failed'; collection: Collection }
  /**
   * A settlement, payout, refund or batch row's payout was written, pending, its money held, to go to the operator or
   * its provider.
   */
  | { type: 'transfer.pending'; transfer: TransferRecord }
  /**
   * A settlement, payout, batch row's payout or refund left pending, paid or refused; emitted before its held money
   * moves, so a subscriber's row locks come before the wallets' (as the request that held it took them).
   */
  | { type: 'transfer.completed'; transfer: TransferRecord; paid: boolean }
  /** The held money of a completed transfer moved: out to its provider (paid), or back to the wallet (refused). */
  | { type: 'transfer.released'; transfer: TransferRecord; paid: boolean }
  /** A payout batch took a step its merchant hears of (`payout_batch.<step>`). */
  | { type: 'batch.changed'; batchId: string; step: BatchEventStep }
  /** A movement or batch now waits for a second member (decision 071). */
  | {
      type: 'approval.requested';
      accountId: string;
      environment: Environment;
      makerId: string | null;
      what: string;
      amount: number;
    }
  /** A ledger movement was posted (its ledger transaction's id): some balances moved. */
  | { type: 'balance.changed'; ledgerTransactionId: string };

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** A subscriber: runs in the emitting transaction, so what it writes commits or rolls back with the state. */
export type Subscriber<T extends EventType> = (trx: Transaction<Database>, event: EventOf<T>) => Promise<void>;

/** The events of a movement out of a wallet, whose subscribers are given for each kind of it. */
export type TransferEventType = 'transfer.pending' | 'transfer.completed' | 'transfer.released';

/**
 * Every event type with its subscribers, in the order they run; a transfer's events have theirs for each kind of money
 * out (money/disbursements.ts's OUT_KINDS). Every type and every kind is a key, so a new event or a new kind fails the
 * type-check until the registry says who hears it (none is an empty list).
 */
export type Subscribers = { [T in Exclude<EventType, TransferEventType>]: readonly Subscriber<T>[] } & {
  [T in TransferEventType]: Record<TransferOutKind, readonly Subscriber<T>[]>;
};

/** An event as the outbox keeps it: its type and the id of the row it is about. */
export type OutboxedEvent = { type: EventType; subjectId: string };

/**
 * How long the process that emitted an event holds its outbox row: the row is written leased to it (due then), so no
 * worker takes it while that process runs it after the commit, and any worker does once a process that died lets
 * the lease run out.
 */
export const EMITTER_LEASE_MS = 2 * 60_000;

/** The outbox row an emit wrote: its id and the lease the emitting process holds it under. */
export type EmittedRow = OutboxedEvent & { id: string; leaseUntil: Date };

/** Which events are also written to the outbox (for a subscriber outside the database): the row they are about, and when. */
export type OutboxRouting = {
  [T in EventType]?: { subjectOf: (event: EventOf<T>) => string; when?: (event: EventOf<T>) => boolean };
};

/** The one registry (subscribers.ts): the subscribers run in the transaction, and the events the outbox keeps. */
export type Registry = { inTransaction: Subscribers; outbox: OutboxRouting };

let installed: Registry | undefined;

/** Sets the one registry (services.ts installs subscribers.ts's); the same stateless functions in every process. */
export function installSubscribers(registry: Registry): void {
  installed = registry;
}

/**
 * Tells `event` to its subscribers, one after another, inside `trx`, and writes its outbox row when the registry routes
 * it there: a subscriber that throws rolls the change back with the state, so the state never commits without what
 * follows from it, and an outbox row exists exactly when its event committed. Answers the outbox row it wrote (leased
 * to this process), which the producer hands to the outbox's `dispatch` after the commit.
 */
export async function emit(trx: Transaction<Database>, event: DomainEvent): Promise<EmittedRow | undefined> {
  if (!installed) throw new Error('a domain event was emitted before services.ts installed its subscribers');
  const entry = installed.inTransaction[event.type];
  const subscribers = ('transfer' in event ? (entry as Record<string, unknown>)[event.transfer.kind] : entry) as
    | readonly Subscriber<EventType>[]
    | undefined;
  if (!subscribers) throw new Error(`${event.type} was emitted for a kind the registry does not name`);
  for (const subscriber of subscribers) await subscriber(trx, event);
  const route = installed.outbox[event.type] as OutboxRouting[EventType] & {};
  if (!route || !(route.when?.(event as never) ?? true)) return undefined;
  const outboxed = { type: event.type, subjectId: route.subjectOf(event as never) };
  const leaseUntil = new Date(Date.now() + EMITTER_LEASE_MS);
  return { ...outboxed, id: await insertEvent(trx, outboxed, leaseUntil), leaseUntil };
}
