import type { CollectionsPage } from '@sente/contracts/collections-page';
import type { ExtraField } from '@sente/contracts/links';
import { COLLECTION_MESSAGES, LINK_MESSAGES } from '@sente/contracts/messages';
import type { CollectionRow, ExtraDataEntry, LivePage } from '@sente/contracts/payments';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import type { CollectionsFilter } from '@sente/contracts/payments-input';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { TooManyRequestsError } from '../../plugins/rate-limit.ts';
import { receivedInAll } from '../reports/repository.ts';
import { streamCollectionsWorkbook, streamLinkCollectionsWorkbook } from './export.ts';
import { type CollectionsWhere, isFiltered } from './filter.ts';
import {
  type CollectionListRecord,
  collectionsPage,
  countCollections,
  countFilteredCollections,
  countLinkCollections,
  findScopedCollection,
  linkCollectionsPage,
  linkForLive,
  lockCollection,
  receivedByFilter,
} from './list-repository.ts';
import { toApiRefund } from './refunds/public-object.ts';
import type { RefundsService } from './refunds/service.ts';
import type { CollectionRecord } from './repository.ts';
import { collectionTimeline, RECEIPT_RESEND_SECONDS } from './timeline.ts';
import { claimReceipt, secondsSinceLastReceipt } from './timeline-repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toCollectionRow(row: CollectionListRecord): CollectionRow {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    msisdn: row.msisdn,
    customer: { names: row.names },
    currency: row.currency,
    amount: Number(row.amount),
    fee: Number(row.fee),
    collection_channel: row.channel,
    transaction_id: row.transaction_id,
    status: row.status,
    amount_refunded: Number(row.amount_refunded),
    amount_refund_pending: Number(row.amount_refund_pending),
    extra_data: row.extra_data as ExtraDataEntry[],
    link:
      row.link_ref && row.link_kind && row.link_title ? { ref: row.link_ref, kind: row.link_kind, title: row.link_title } : null,
  };
}

/** Cursors carry their list's name, so a customers cursor is refused by the collections list. */
const cursorFor = (list: string, value: string | undefined) => {
  if (value === undefined) return null;
  const cursor = decodeCursor(value);
  if (cursor.scope !== list) throw badRequest(LINK_MESSAGES.invalidCursor);
  return cursor;
};

type Options = {
  db: Kysely<Database>;
  /** Sends a successful payment's receipt to its payer and records it in `recordIn` (the payments service's). */
  sendReceipt: (collection: CollectionRecord, claimed: string) => Promise<boolean>;
  /** A payment's refunds, and why it cannot be refunded now given what is refunded of it (null when it can). */
  refunds: Pick<RefundsService, 'of' | 'refundBlock'>;
  /** The address of a payment's receipt page by its code (decision 068). */
  receiptUrl: (code: string) => string;
};

export function createPaymentListService({ db, sendReceipt, refunds: refundsService, receiptUrl }: Options) {
  /** One collection of the scope; another account's, the other environment's, an unknown or malformed id: 404. */
  async function scoped(scope: MoneyScope, id: string) {
    const row = isUuid(id) ? await findScopedCollection(db, scope, id) : undefined;
    if (!row) throw notFound(COLLECTION_MESSAGES.collectionNotFound);
    return row;
  }

  return {
    /** A payment with all there is to know: its amounts gross, fee and net, and its timeline. */
    async collection(scope: MoneyScope, id: string): Promise<CollectionDetail> {
      const row = await scoped(scope, id);
      const [timeline, refunds] = await Promise.all([collectionTimeline(db, row, scope.accountId), refundsService.of(row.id)]);
      const sumOf = (status: string) =>
        refunds.filter((refund) => refund.status === status).reduce((sum, r) => sum + Number(r.amount), 0);
      const refunded = sumOf('successful');
      const pending = sumOf('pending');
      const blocked = refundsService.refundBlock(row, { refunded, pending });
      return {
        ...toCollectionRow(row),
        net: Number(row.amount) - Number(row.fee),
        payer_email: row.email,
        provider_reference: row.provider_reference,
        status_message: row.status_message,
        reference: row.reference,
        completed_at: row.completed_at ? iso(row.completed_at) : null,
        timeline,
        can_resend_receipt: row.status === 'successful' && row.email !== null,
        receipt_url: row.status === 'successful' ? receiptUrl(row.receipt_code) : null,
        amount_refunded: refunded,
        amount_refund_pending: pending,
        refundable: blocked === null ? Number(row.amount) - refunded - pending : 0,
        refund_blocked: blocked,
        // The /v1 object; its schema here drops what the drawer does not show (collection_id, environment).
        refunds: refunds.map(toApiRefund),
      };
    },

    /**
     * Sends a successful payment's receipt again to the payer's e-mail and records it. At most once every
     * RECEIPT_RESEND_SECONDS per payment, however many members ask at once: the payment's row is locked while the last
     * receipt is looked up and the new one recorded as going (`claimReceipt`); the mail is sent after that commits, so
     * a refund of the payment (which locks the same row) never waits for a mail server. A mail that fails is recorded
     * as failed and does not count.
     */
    async resendReceipt(scope: MoneyScope, id: string): Promise<string> {
      const row = await scoped(scope, id);
      if (row.status !== 'successful') throw badRequest(COLLECTION_MESSAGES.receiptNotSuccessful);
      const email = row.email;
      if (!email) throw badRequest(COLLECTION_MESSAGES.receiptNoEmail);
      const { collection, claimed } = await db.transaction().execute(async (trx) => {
        const collection = await lockCollection(trx, row.id);
        const since = await secondsSinceLastReceipt(trx, row.id);
        if (since !== null && since < RECEIPT_RESEND_SECONDS) {
          throw new TooManyRequestsError(
            RECEIPT_RESEND_SECONDS - since,
            COLLECTION_MESSAGES.receiptTooSoon(RECEIPT_RESEND_SECONDS - since),
          );
        }
        return { collection, claimed: await claimReceipt(trx, row.id, email) };
      });
      const sent = await sendReceipt(collection, claimed);
      if (!sent) throw new HttpError(502, COLLECTION_MESSAGES.receiptNotSent);
      return COLLECTION_MESSAGES.receiptResent(email);
    },

    /**
     * A page of the collections that match the filters, newest first, with their count: the unfiltered list reads its
     * counter; a filtered one counts its matches up to FILTER_COUNT_CAP (decision 051). A cursor is a place in the
     * newest-first order, whatever filter made it: the filters of the request narrow every page.
     */
    async collections(scope: MoneyScope, { cursor: cursorValue, ...where }: CollectionsFilter): Promise<CollectionsPage> {
      const cursor = cursorFor('collections', cursorValue);
      const filtered = isFiltered(where);
      const count = filtered
        ? countFilteredCollections(db, scope, where)
        : countCollections(db, scope).then((total) => ({ total, capped: false }));
      const [rows, { total, capped }] = await Promise.all([collectionsPage(db, scope, cursor, undefined, where), count]);
      // On the first page, the sum beside the count; summed from the rows once the count is exact.
      const page = { ...toPage(rows, total, 'collections', toCollectionRow), totalCapped: capped };
      if (cursor !== null || capped) return page;
      return { ...page, received: filtered ? await receivedByFilter(db, scope, where) : await receivedInAll(db, scope) };
    },

    /** The live page: one link of the account, its successful total and count, and a page of its collections. */
    async live(scope: MoneyScope, ref: string, cursorValue?: string): Promise<LivePage> {
      const cursor = cursorFor('live', cursorValue);
      const link = await this.liveLink(scope, ref);
      const [rows, total] = await Promise.all([
        linkCollectionsPage(db, scope, link.id, cursor),
        countLinkCollections(db, scope, link.id),
      ]);
      return {
        link: { ref: link.ref, title: link.title, kind: link.kind, extra_fields: link.extra_fields },
        total_successful: Number(link.total),
        successful_count: Number(link.successful_count),
        ...toPage(rows, total, 'live', (row) => ({
          id: row.id,
          created_at: iso(row.created_at),
          currency: row.currency,
          amount: Number(row.amount),
          collection: {
            status: row.status,
            amount: Number(row.amount),
            msisdn: row.msisdn,
            customer: { names: row.names },
            collection_channel: row.channel,
          },
          extra_data: row.extra_data as ExtraDataEntry[],
        })),
      };
    },

    /** A link of the account by its ref, any kind; another account's answers 404. */
    async liveLink(scope: MoneyScope, ref: string) {
      const link = ref.length <= 40 ? await linkForLive(db, scope, ref) : undefined;
      if (!link) throw notFound(LINK_MESSAGES.linkNotFound);
      return { ...link, extra_fields: link.extra_fields as ExtraField[] };
    },

    /** 'Collections Received.xlsx': every collection of the scope that matches the filters, streamed (export.ts). */
    collectionsWorkbook: (scope: MoneyScope, where: CollectionsWhere, logger: FastifyBaseLogger) =>
      streamCollectionsWorkbook(db, scope, where, logger),

    /** The live page's export: every collection of one link, streamed (export.ts). */
    linkCollectionsWorkbook: (scope: MoneyScope, link: { id: string; extra_fields: ExtraField[] }, logger: FastifyBaseLogger) =>
      streamLinkCollectionsWorkbook(db, scope, link, logger),
  };
}
