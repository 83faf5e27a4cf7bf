import type { ColumnType } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A row's creation time: set by the database's default, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint columns: read as a string from pg; convert with Number() (UGX amounts stay far below 2^53). */
export type Money = ColumnType<string, number | string, number | string>;
