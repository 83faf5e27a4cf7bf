import type { Readable } from 'node:stream';
import type { Currency } from '@sente/contracts/constants';
import { kampalaWallClock } from '@sente/contracts/dates';
import { kampalaDayEnd, kampalaDayStart } from '@sente/contracts/filters';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { formatExportPhone, formatPhone } from '@sente/contracts/payments';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import type { StatementEntry, StatementSummary } from '@sente/contracts/transfers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { decodeCursor, encodeCursor, PAGE_SIZE } from '../../lib/pagination.ts';
import { SPREADSHEET_DATE_COLUMN, streamWorkbook } from '../../lib/xlsx-stream.ts';
import {
  countStatementEntries,
  type StatementRange,
  type StatementRecord,
  type StatementTotalsRecord,
  statementPage,
  statementTotals,
} from './statement-repository.ts';

const CURSOR_SCOPE = 'statement';

export type StatementFilter = { from?: string | undefined; to?: string | undefined; currency?: Currency | undefined };

/** Kampala days (both included) as the instants the ledger is filtered by. */
function rangeOf(filter: StatementFilter): StatementRange {
  return {
    from: filter.from ? kampalaDayStart(filter.from) : null,
    until: filter.to ? kampalaDayEnd(filter.to) : null,
  };
}

/** How a line writes a payout's phone: the display form on screen, the published local form in the sheet (decision 079). */
type PhoneForm = (stored: string) => string;

/** What a line says and the signed amount it moves; a movement with a fee or charge gives that its own line. */
type Line = { description: string; amount: number };

/**
 * The lines of one wallet entry, oldest first: the movement itself, then its fee. The gross and the fee come from the
 * collection or transfer; the entry holds their net, so the two lines always add up to it. A new kind of movement
 * (a refund: 'Refund to <payer>') is one more case here, which the compiler asks for.
 */
function linesOf(row: StatementRecord, accountId: string, shownPhone: PhoneForm = formatPhone): Line[] {
  const entry = Number(row.amount);
  const principal = Number(row.transfer_amount);
  const bank = row.bank_details?.bank_name ?? 'your bank';
  const phone = row.payout_msisdn ? shownPhone(row.payout_msisdn) : 'mobile money';
  const withFee = (main: Line, fee: Line): Line[] => (fee.amount === 0 ? [main] : [main, fee]);
  switch (row.kind) {
    case 'collection': {
      const gross = Number(row.collection_amount);
      const payer = row.payer_name || 'a payer';
      const link = row.link_title ? ` (${row.link_title})` : '';
      return withFee(
        { description: `Payment from ${payer}${link}`, amount: gross },
        { description: `Fee on payment from ${payer}`, amount: entry - gross },
      );
    }
    case 'wallet_transfer':
      return row.transfer_account_id === accountId
        ? withFee(
            { description: `Transfer to ${row.recipient_name}`, amount: -principal },
            { description: 'Transfer fee', amount: entry + principal },
          )
        : [{ description: `Transfer from ${row.sender_name}`, amount: entry }];
    // A wallet transfer held for a second member's approval (decision 067): out of the sender when asked, into the
    // recipient when approved, back to the sender when declined or expired.
    case 'wallet_transfer_hold':
      return withFee(
        { description: `Transfer to ${row.recipient_name}`, amount: -principal },
        { description: 'Transfer fee', amount: entry + principal },
      );
    case 'wallet_transfer_paid':
      return [{ description: `Transfer from ${row.sender_name}`, amount: entry }];
    case 'wallet_transfer_returned':
      return withFee(
        { description: `Transfer to ${row.recipient_name} returned`, amount: principal },
        { description: 'Transfer fee returned', amount: entry - principal },
      );
    case 'settlement_hold':
      return withFee(
        { description: `Settlement to ${bank}`, amount: -principal },
        { description: 'Settlement fee', amount: entry + principal },
      );
    case 'payout_hold':
      return withFee(
        { description: `Payout to ${phone}`, amount: -principal },
        { description: 'Payout fee', amount: entry + principal },
      );
    case 'settlement_returned':
      return withFee(
        { description: `Settlement to ${bank} returned`, amount: principal },
        { description: 'Settlement fee returned', amount: entry - principal },
      );
    case 'payout_returned':
      return withFee(
        { description: `Payout to ${phone} returned`, amount: principal },
        { description: 'Payout fee returned', amount: entry - principal },
      );
    case 'batch_payout_hold': {
      const rows = row.batch_rows === null ? '' : ` (${row.batch_rows.toLocaleString('en-US')} payouts)`;
      return withFee(
        { description: `Payout batch${row.batch_reference ? ` ${row.batch_reference}` : ''}${rows}`, amount: -principal },
        { description: 'Payout batch fees', amount: entry + principal },
      );
    }
    case 'batch_payout_returned':
      return withFee(
        { description: `Batch payout to ${phone} returned`, amount: principal },
        { description: 'Payout fee returned', amount: entry - principal },
      );
    case 'refund_hold':
      return [{ description: R.statementLine(refundedTo(row, phone)), amount: entry }];
    case 'refund_returned':
      return [{ description: R.statementReturned(refundedTo(row, phone)), amount: entry }];
    case 'settlement_paid':
    case 'payout_paid':
    case 'refund_paid':
    case 'batch_payout_paid':
      // Paid moves the hold to the provider and the platform: it never touches a merchant wallet.
      throw new Error(`a ${row.kind} movement on merchant wallet entry ${row.id}`);
  }
}

/** Whom a refund paid back, in the statement's words: 'Amina Nakato (+256 772 987 654)', or the card of a card payment. */
function refundedTo(row: StatementRecord, phone: string): string {
  const where = row.payout_msisdn ? phone : R.toCard;
  return row.refunded_payer ? `${row.refunded_payer} (${where})` : where;
}

/** The statement's lines of one entry, newest first, each with the wallet's balance right after it. */
function toEntries(row: StatementRecord, accountId: string, shownPhone: PhoneForm = formatPhone): StatementEntry[] {
  const created_at = new Date(row.created_at).toISOString();
  let balance = Number(row.balance_after);
  return linesOf(row, accountId, shownPhone)
    .reverse()
    .map((line, index) => {
      const item = {
        id: index === 0 ? row.id : `${row.id}-${index}`,
        created_at,
        description: line.description,
        debit: line.amount < 0 ? -line.amount : 0,
        credit: Math.max(line.amount, 0),
        balance,
      };
      balance -= line.amount;
      return item;
    });
}

/** What linesOf reads besides the amounts, for a group of entries: its descriptions are not used. */
const NO_DETAILS = {
  id: '',
  cursor_ts: '',
  created_at: new Date(0),
  balance_after: '0',
  payer_name: null,
  link_title: null,
  sender_name: null,
  recipient_name: null,
  bank_details: null,
  payout_msisdn: null,
  refunded_payer: null,
  batch_reference: null,
  batch_rows: null,
} satisfies Partial<StatementRecord>;

/**
 * The period's figures, by the statement's own lines (linesOf over each kind's summed entries), so that they are the
 * sums of its columns: credits are the Credit column (a returned fee is a credit, as its line is), debits and fees
 * together the Debit column (fees: the fee lines charged). So opening + credits - debits - fees is the closing
 * balance, and an accountant's column sums give the same figures (decision 075).
 */
function summaryOf(record: StatementTotalsRecord, accountId: string): StatementSummary {
  let credits = 0;
  let debits = 0;
  let fees = 0;
  for (const group of record.groups) {
    const [movement, fee] = linesOf({ ...NO_DETAILS, ...group, transfer_account_id: group.sent ? accountId : null }, accountId);
    if (movement && movement.amount > 0) credits += movement.amount;
    else if (movement) debits -= movement.amount;
    if (fee && fee.amount > 0) credits += fee.amount;
    else if (fee) fees -= fee.amount;
  }
  const opening = Number(record.opening ?? 0);
  return { opening_balance: opening, credits, debits, fees, closing_balance: Number(record.closing ?? 0) };
}

/** The workbook's rows under the lines: a blank row, then the summary in the Debit, Credit and Balance columns. */
function summaryRows(summary: StatementSummary) {
  return [
    {},
    { description: 'Opening balance', balance: summary.opening_balance },
    { description: 'Credits', credit: summary.credits },
    { description: 'Debits', debit: summary.debits },
    { description: 'Fees', debit: summary.fees },
    { description: 'Closing balance', balance: summary.closing_balance },
  ];
}

export function createStatementService(db: Kysely<Database>) {
  return {
    /** One page of the statement: PAGE_SIZE movements (their fees on lines of their own), newest first. */
    async page(scope: MoneyScope, filter: StatementFilter & { cursor?: string | undefined }) {
      const cursor = filter.cursor === undefined ? null : decodeCursor(filter.cursor);
      if (cursor && cursor.scope !== CURSOR_SCOPE) throw badRequest(LINK_MESSAGES.invalidCursor);
      const currency = filter.currency ?? 'UGX';
      const range = rangeOf(filter);
      const [rows, total] = await Promise.all([
        statementPage(db, scope, currency, range, cursor, PAGE_SIZE + 1),
        countStatementEntries(db, scope, currency, range),
      ]);
      const pageRows = rows.slice(0, PAGE_SIZE);
      const last = pageRows.at(-1);
      const lastCursor = last ? encodeCursor({ scope: CURSOR_SCOPE, createdAt: last.cursor_ts, id: last.id }) : null;
      return {
        items: pageRows.flatMap((row) => toEntries(row, scope.accountId)),
        lastCursor,
        nextCursor: rows.length > PAGE_SIZE ? lastCursor : null,
        totalItems: total,
        totalPages: Math.ceil(total / PAGE_SIZE),
      };
    },

    /** The range's opening and closing balances and its credits, debits and fees. */
    async summary(scope: MoneyScope, filter: StatementFilter): Promise<StatementSummary> {
      const totals = await statementTotals(db, scope, filter.currency ?? 'UGX', rangeOf(filter));
      return summaryOf(totals, scope.accountId);
    },

    /** 'Statement.xlsx': every line of the range, newest first, as the screen shows them, and the summary under them. */
    workbook(scope: MoneyScope, filter: StatementFilter, logger: FastifyBaseLogger): Readable {
      const currency = filter.currency ?? 'UGX';
      const range = rangeOf(filter);
      const money = { numFmt: SPREADSHEET_FORMATS.money };
      return streamWorkbook(
        {
          name: 'Statement',
          what: 'statement',
          columns: [
            SPREADSHEET_DATE_COLUMN,
            { header: 'Description', key: 'description', width: 48 },
            { header: 'Debit', key: 'debit', width: 14, style: money },
            { header: 'Credit', key: 'credit', width: 14, style: money },
            { header: 'Balance', key: 'balance', width: 16, style: money },
          ],
          batch: (cursor, limit) => statementPage(db, scope, currency, range, cursor, limit),
          footer: async () => summaryRows(summaryOf(await statementTotals(db, scope, currency, range), scope.accountId)),
          toRow: (row) =>
            toEntries(row, scope.accountId, formatExportPhone).map((line) => ({
              date: kampalaWallClock(line.created_at),
              description: line.description,
              debit: line.debit,
              credit: line.credit,
              balance: line.balance,
            })),
        },
        logger,
      );
    },
  };
}
