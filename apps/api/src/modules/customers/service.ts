import type { CustomersQuery } from '@sente/contracts/customers';
import type { FilteredPage } from '@sente/contracts/filters';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { CustomerRow } from '@sente/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { streamCustomersWorkbook } from './export.ts';
import { type CustomerListRecord, countCustomers, countFoundCustomers, customersPage } from './repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toCustomerRow(row: CustomerListRecord): CustomerRow {
  return {
    id: row.id,
    names: row.names,
    other_names: row.other_names,
    other_names_total: Number(row.other_names_total),
    email: row.email,
    phone: row.phone,
    created_at: iso(row.created_at),
    payments_count: row.payments_count,
    total_paid: Number(row.total_paid),
    refund_pending: Number(row.refund_pending),
    last_paid_at: row.last_paid_at ? iso(row.last_paid_at) : null,
  };
}

/** The payers of an account, in the account's active environment: their list and its export. */
export function createCustomersService({ db }: { db: Kysely<Database> }) {
  return {
    /** A page of the customers the search finds (all without one), newest first, counted as the collections are. */
    async customers(scope: MoneyScope, { cursor: cursorValue, q }: CustomersQuery): Promise<FilteredPage<CustomerRow>> {
      // A cursor carries its list's name, so another list's cursor is refused here.
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      if (cursor && cursor.scope !== 'customers') throw badRequest(LINK_MESSAGES.invalidCursor);
      const count = q ? countFoundCustomers(db, scope, q) : countCustomers(db, scope).then((total) => ({ total, capped: false }));
      const [rows, { total, capped }] = await Promise.all([customersPage(db, scope, cursor, undefined, q), count]);
      return { ...toPage(rows, total, 'customers', toCustomerRow), totalCapped: capped };
    },

    /** 'Customers.xlsx': every customer the search finds, streamed (export.ts). */
    workbook: (scope: MoneyScope, q: string | undefined, logger: FastifyBaseLogger) =>
      streamCustomersWorkbook(db, scope, q, logger),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
