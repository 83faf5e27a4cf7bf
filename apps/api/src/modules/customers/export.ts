import type { Readable } from 'node:stream';
import { kampalaWallClock, TIME_ZONE_LABEL } from '@sente/contracts/dates';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import { formatExportPhone } from '@sente/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { SPREADSHEET_DATE_COLUMN, streamWorkbook } from '../../lib/xlsx-stream.ts';
import { customersPage } from './repository.ts';

const dateColumn = (header: string, key: string) => ({ ...SPREADSHEET_DATE_COLUMN, header, key });

/**
 * 'Customers.xlsx': every customer of the account and environment that the list's search finds,
 * newest first, as the list shows them: what they paid is net of refunds (decision 057).
 */
export function streamCustomersWorkbook(
  db: Kysely<Database>,
  scope: MoneyScope,
  q: string | undefined,
  logger: FastifyBaseLogger,
): Readable {
  return streamWorkbook(
    {
      name: 'Customers',
      what: 'customers',
      columns: [
        { header: 'Names', key: 'names', width: 28 },
        { header: 'Phone', key: 'phone', width: 16 },
        { header: 'Email', key: 'email', width: 28 },
        { header: 'Payments', key: 'payments', width: 10 },
        { header: 'Total paid', key: 'total_paid', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
        dateColumn(`Last paid (${TIME_ZONE_LABEL})`, 'last_paid'),
        dateColumn(`First paid (${TIME_ZONE_LABEL})`, 'first_paid'),
        { header: 'Other names', key: 'other_names', width: 32 },
        // Added last (decision 073), so formulas that read the earlier columns by position read the same.
        { header: 'Refund pending', key: 'refund_pending', width: 15, style: { numFmt: SPREADSHEET_FORMATS.money } },
      ],
      batch: (cursor, limit) => customersPage(db, scope, cursor, limit, q),
      toRow: (row) => ({
        names: row.names,
        phone: row.phone ? formatExportPhone(row.phone) : '',
        email: row.email ?? '',
        payments: row.payments_count,
        total_paid: Number(row.total_paid),
        last_paid: row.last_paid_at ? kampalaWallClock(row.last_paid_at) : null,
        first_paid: kampalaWallClock(row.created_at),
        other_names: row.other_names.join('; '),
        refund_pending: Number(row.refund_pending),
      }),
    },
    logger,
  );
}
