import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

/** The outbox of domain events (migration 053, decision 082). */
export interface DomainEventsTable {
  id: Generated<string>;
  type: string;
  /** The id of the row the event is about (the payment, the transfer). */
  subject_id: string;
  created_at: CreatedAt;
  /** When a worker may take it: the end of the lease of the process that holds it, or its retry. */
  due_at: ColumnType<Date, Date | undefined, Date>;
  attempts: Generated<number>;
}
