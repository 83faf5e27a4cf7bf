import { randomBytes } from 'node:crypto';
import type { Environment } from '@sente/contracts/constants';
import type { ExtraField } from '@sente/contracts/links';
import { API_ERROR_CODES, type CollectionRequest, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { type ExtraDataEntry, formatExportPhone, PAYMENT_MESSAGES as M, SIMULATOR } from '@sente/contracts/payments';
import type { PayInput } from '@sente/contracts/payments-input';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { outboxColumns } from '../../lib/hand-over.ts';
import { badRequest, fieldError, HttpError } from '../../lib/http-error.ts';
import { requestHash, requireSameRequest } from '../../lib/idempotency.ts';
import { collectionFee, type FeeSchedule } from '../money/fees.ts';
import type { ProviderRegistry } from '../money/providers/provider.ts';
import type { createCharges } from './charge.ts';
import { isUnavailable, publicLinkOrThrow } from './public-link.ts';
import { secondsLeft } from './public-payment.ts';
import {
  type CollectionRecord,
  findApiCollectionByKey,
  findByIdempotencyKey,
  findCollection,
  insertApiCollection,
  insertCollection,
  type PublicLinkRecord,
} from './repository.ts';
import { recordCollectionEvent } from './timeline-repository.ts';

const TRANSACTION_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `SNT` and 12 characters without look-alikes (0/O, 1/I): what a payer reads out to support. */
export function newTransactionId(): string {
  let id = 'SNT';
  for (const byte of randomBytes(12)) id += TRANSACTION_ID_ALPHABET[byte % TRANSACTION_ID_ALPHABET.length];
  return id;
}
type Options = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  fees: FeeSchedule;
  expirySeconds: number;
  charges: Pick<ReturnType<typeof createCharges>, 'startCharge' | 'replay'>;
};

/** The payer's extra data checked against the link's fields: each answered, in the link's order, choices from the options. */
function checkExtraData(fields: ExtraField[], given: ExtraDataEntry[]): ExtraDataEntry[] {
  const byLabel = new Map(given.map((entry) => [entry.label, entry.value]));
  // The field of a refusal is `extra_data.<n>`, n the field's place on the link (and on the page).
  return fields.map((field, index) => {
    const value = byLabel.get(field.label)?.trim() ?? '';
    if (value === '') throw fieldError(`extra_data.${index}`, M.extraFieldMissing(field.label));
    if ((field.type === 'select' || field.type === 'radio') && !field.options.includes(value)) {
      throw fieldError(`extra_data.${index}`, M.extraFieldOption(field.label));
    }
    return { label: field.label, value };
  });
}

/** A digital item's buyer gets the download link by e-mail, so that closing the page does not lose it (decision 035). */
function requireDownloadEmail(link: PublicLinkRecord, input: PayInput) {
  if (link.kind === 'digital_item' && !input.email) throw fieldError('email', M.emailRequiredForDownload);
}

function amountFor(link: PublicLinkRecord, input: PayInput): number {
  const fixed = link.kind === 'digital_item' || (link.kind === 'payment_link' && link.fixed_amount);
  if (!fixed) {
    if (input.amount === undefined) throw fieldError('amount', M.amountMissing);
    return input.amount;
  }
  const price = Number(link.amount);
  if (input.amount !== undefined && input.amount !== price) throw badRequest(M.priceChanged);
  return price;
}

/** A new payment, from a link's pay page or from a merchant's server through /v1, handed to its provider. */
export function createPayments(options: Options) {
  const { db, providers, fees } = options;
  const { startCharge, replay } = options.charges;

  /**
   * The columns of a new payment besides what was asked (pay page or /v1): its transaction ID, its provider, written
   * leased to its own request's hand-over when live (the row is the outbox, decision 041), when it expires, and its
   * Idempotency-Key with what the request asked.
   */
  const pendingColumns = (provider: string, idempotencyKey: string | undefined, hash: string) => ({
    transaction_id: newTransactionId(),
    provider,
    ...outboxColumns(provider),
    expires_at: new Date(Date.now() + options.expirySeconds * 1000),
    idempotency_key: idempotencyKey ?? null,
    request_hash: hash,
  });

  /** Inserts a collection and, in the same transaction, its `created` step; undefined when an idempotent twin won. */
  const insertWithCreated = (insert: (trx: Transaction<Database>) => Promise<CollectionRecord | undefined>) =>
    db.transaction().execute(async (trx) => {
      const inserted = await insert(trx);
      if (inserted) await recordCollectionEvent(trx, { collectionId: inserted.id, kind: 'created' });
      return inserted;
    });

  return {
    /** Starts a payment on a link. The same Idempotency-Key on the same link answers the first payment again. */
    async pay(
      ref: string,
      input: PayInput,
      idempotencyKey: string | undefined,
    ): Promise<{ id: string; status: 'pending' | 'successful' | 'failed'; replayed: boolean; expiresInSeconds: number }> {
      const link = await publicLinkOrThrow(db, ref);
      // What the payer asked, without the card number: the same key asking otherwise is a 409.
      const hash = requestHash({
        amount: input.amount,
        channel: input.channel,
        msisdn: input.msisdn,
        card_last4: input.card?.number.slice(-4),
        names: input.names,
        email: input.email,
        extra_data: input.extra_data,
      });
      if (idempotencyKey) {
        const found = await findByIdempotencyKey(db, link.id, idempotencyKey);
        if (found) {
          requireSameRequest(found.request_hash, hash);
          const earlier = await replay(found, input.card ?? null);
          return { id: earlier.id, status: earlier.status, replayed: true, expiresInSeconds: secondsLeft(earlier.expires_at) };
        }
      }
      if (isUnavailable(link)) throw badRequest(M.linkUnavailable);
      requireDownloadEmail(link, input);
      const amount = amountFor(link, input);
      const extraData = checkExtraData(link.extra_fields as ExtraField[], input.extra_data);
      const environment = link.active_environment;
      if (
        environment === 'test' &&
        input.card &&
        ![SIMULATOR.successCard, SIMULATOR.declinedCard].includes(input.card.number as never)
      ) {
        throw badRequest(M.testCardOnly);
      }
      const provider = providers.forPayment(environment, input.channel);
      if (!provider) throw badRequest(M.liveUnavailable);

      const collection = await insertWithCreated((trx) =>
        insertCollection(trx, {
          account_id: link.account_id,
          environment,
          link_id: link.id,
          amount,
          fee: collectionFee(fees, amount),
          channel: input.channel,
          msisdn: input.msisdn,
          card_last4: input.card ? input.card.number.slice(-4) : null,
          names: input.names,
          email: input.email ?? null,
          extra_data: extraData,
          ...pendingColumns(provider.name, idempotencyKey, hash),
        }),
      );
      if (!collection) {
        // A concurrent request with the same key won the insert.
        const earlier = idempotencyKey ? await findByIdempotencyKey(db, link.id, idempotencyKey) : undefined;
        if (!earlier) throw new Error('idempotent insert found no earlier payment');
        requireSameRequest(earlier.request_hash, hash);
        return { id: earlier.id, status: earlier.status, replayed: true, expiresInSeconds: secondsLeft(earlier.expires_at) };
      }

      if (!(await startCharge(collection, provider, input.card))) {
        const failed = await findCollection(db, collection.id);
        return { id: collection.id, status: failed?.status ?? 'failed', replayed: false, expiresInSeconds: 0 };
      }
      return { id: collection.id, status: 'pending', replayed: false, expiresInSeconds: secondsLeft(collection.expires_at) };
    },

    /**
     * A mobile-money collection a merchant's server asks for through /v1, with no link, taken by the same
     * provider and applied by the same settle as a pay page's. The same Idempotency-Key in the account and environment
     * answers the first collection again, unless it asked for something else (409).
     */
    async collect(
      scope: { accountId: string; environment: Environment },
      input: CollectionRequest,
      idempotencyKey: string | undefined,
    ): Promise<{ id: string; replayed: boolean }> {
      const { customerName, ...asked } = input;
      const hash = requestHash({ ...asked, names: customerName });
      const earlier = async () => {
        const found = idempotencyKey ? await findApiCollectionByKey(db, scope, idempotencyKey) : undefined;
        if (found) requireSameRequest(found.request_hash, hash);
        return found;
      };
      const first = await earlier();
      if (first) return { id: (await replay(first, null)).id, replayed: true };
      const provider = providers.forPayment(scope.environment, input.channel);
      if (!provider) {
        throw new HttpError(400, MERCHANT_API_MESSAGES.liveCollectionsUnavailable, { code: API_ERROR_CODES.liveUnavailable });
      }
      const collection = await insertWithCreated((trx) =>
        insertApiCollection(trx, {
          account_id: scope.accountId,
          environment: scope.environment,
          amount: input.amount,
          fee: collectionFee(fees, input.amount),
          channel: input.channel,
          msisdn: input.msisdn,
          // A nameless payment is recorded under the number's published local form: /v1 answers it (decision 079).
          names: customerName ?? formatExportPhone(input.msisdn),
          reference: input.reference,
          metadata: input.metadata,
          ...pendingColumns(provider.name, idempotencyKey, hash),
        }),
      );
      if (!collection) {
        // A concurrent request with the same key won the insert.
        const twin = await earlier();
        if (!twin) throw new Error('idempotent insert found no earlier collection');
        return { id: twin.id, replayed: true };
      }
      await startCharge(collection, provider, null);
      return { id: collection.id, replayed: false };
    },
  };
}
