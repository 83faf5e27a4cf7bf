import type { Readable } from 'node:stream';
import { kampalaWallClock } from '@sente/contracts/dates';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import type { ExtraField } from '@sente/contracts/links';
import { CHANNEL_LABELS, type ExtraDataEntry, formatExportPhone } from '@sente/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { type CellValue, SPREADSHEET_DATE_COLUMN, streamWorkbook } from '../../lib/xlsx-stream.ts';
import type { CollectionsWhere } from './filter.ts';
import { type CollectionListRecord, collectionsPage, linkCollectionsPage } from './list-repository.ts';

export { EXPORT_BATCH } from '../../lib/xlsx-stream.ts';

const PAYER_COLUMNS = [
  { header: 'Phone/Card', key: 'payer', width: 16 },
  { header: 'Names', key: 'names', width: 28 },
  { header: 'Email', key: 'email', width: 28 },
];
const MONEY_COLUMNS = [
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'Amount', key: 'amount', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
  { header: 'Fee', key: 'fee', width: 10, style: { numFmt: SPREADSHEET_FORMATS.money } },
  { header: 'Net', key: 'net', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
  { header: 'Channel', key: 'channel', width: 18 },
  { header: 'Transaction ID', key: 'transaction_id', width: 18 },
  { header: 'Status', key: 'status', width: 11 },
];

/**
 * The cells every collections spreadsheet shares: when, who, how much (the fee only counts once it was paid). Each
 * export adds its own cells to this object rather than spreading it into another: under Node 20 an object made by
 * spreading is promoted out of the young generation, and at 200,000 rows that grew the server's heap by 100 MB.
 */
function collectionCells(row: CollectionListRecord): Record<string, CellValue> {
  const amount = Number(row.amount);
  const fee = row.status === 'successful' ? Number(row.fee) : 0;
  return {
    date: kampalaWallClock(row.created_at),
    payer: row.msisdn ? formatExportPhone(row.msisdn) : `Card •••• ${row.card_last4 ?? ''}`,
    names: row.names,
    email: row.email ?? '',
    currency: row.currency,
    amount,
    fee,
    net: row.status === 'successful' ? amount - fee : 0,
    channel: CHANNEL_LABELS[row.channel],
    transaction_id: row.transaction_id,
    status: row.status,
    refunded: Number(row.amount_refunded),
    refund_pending: Number(row.amount_refund_pending),
  };
}

/**
 * What refunds took of the payment, last of every collections sheet: paid (decision 057, `Refunded`), then not paid yet
 * (decision 073, `Refund pending`). Columns added after the others, so a merchant's formulas that read the earlier
 * columns by position read the same.
 */
const REFUND_COLUMNS = [
  { header: 'Refunded', key: 'refunded', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
  { header: 'Refund pending', key: 'refund_pending', width: 15, style: { numFmt: SPREADSHEET_FORMATS.money } },
];

const detailsText = (entries: ExtraDataEntry[]) => entries.map((entry) => `${entry.label}: ${entry.value}`).join('; ');

/** 'Collections Received.xlsx': every collection of the account and environment that matches the filters, newest first. */
export function streamCollectionsWorkbook(
  db: Kysely<Database>,
  scope: MoneyScope,
  where: CollectionsWhere,
  logger: FastifyBaseLogger,
): Readable {
  return streamWorkbook(
    {
      name: 'Collections',
      what: 'collections',
      columns: [
        SPREADSHEET_DATE_COLUMN,
        ...PAYER_COLUMNS,
        ...MONEY_COLUMNS,
        { header: 'Link', key: 'link', width: 28 },
        { header: 'Extra details', key: 'extra', width: 40 },
        ...REFUND_COLUMNS,
      ],
      batch: (cursor, limit) => collectionsPage(db, scope, cursor, limit, where),
      toRow: (row) => {
        const cells = collectionCells(row);
        cells.link = row.link_title ?? '';
        cells.extra = detailsText(row.extra_data as ExtraDataEntry[]);
        return cells;
      },
    },
    logger,
  );
}

/**
 * The live page's export: every collection of one link, newest first, with one column per extra field of the link
 * (as on the page) and the answers to fields the link no longer has under 'Other details'.
 */
export function streamLinkCollectionsWorkbook(
  db: Kysely<Database>,
  scope: MoneyScope,
  link: { id: string; extra_fields: ExtraField[] },
  logger: FastifyBaseLogger,
): Readable {
  const labels = link.extra_fields.map((field) => field.label);
  const known = new Set(labels);
  return streamWorkbook(
    {
      name: 'Collections',
      what: 'live page',
      columns: [
        SPREADSHEET_DATE_COLUMN,
        ...PAYER_COLUMNS,
        ...MONEY_COLUMNS,
        ...labels.map((label, index) => ({ header: label, key: `extra_${index}`, width: 24 })),
        { header: 'Other details', key: 'other', width: 32 },
        ...REFUND_COLUMNS,
      ],
      batch: (cursor, limit) => linkCollectionsPage(db, scope, link.id, cursor, limit),
      toRow: (row) => {
        const entries = row.extra_data as ExtraDataEntry[];
        const cells = collectionCells(row);
        labels.forEach((label, index) => {
          cells[`extra_${index}`] = entries.find((entry) => entry.label === label)?.value ?? '';
        });
        cells.other = detailsText(entries.filter((entry) => !known.has(entry.label)));
        return cells;
      },
    },
    logger,
  );
}
