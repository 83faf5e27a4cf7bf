import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { claimHandOver, type HandOverResult } from '../../lib/hand-over.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ChargeRequest, PaymentProvider, ProviderRegistry } from '../money/providers/provider.ts';
import { type CollectionRecord, findCollection, merchantNameOf, recordChargeAccepted } from './repository.ts';
import type { Settle } from './settle.ts';
import { recordCollectionEvent } from './timeline-repository.ts';

type Options = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  logger: Logger;
  /** A live provider's payment is first asked about this long after it accepted (the reconciler, decision 032). */
  pollAfterMs: number;
  settle: Settle;
};

/** A live payment still waiting to be handed to its provider, before its expiry (decision 041). */
const awaitsHandOver = (collection: CollectionRecord, now: Date) =>
  collection.status === 'pending' &&
  collection.provider !== 'simulator' &&
  collection.provider_reference === null &&
  new Date(collection.expires_at).getTime() > now.getTime();

/** Asking the provider to take a payment: from its own request, or handed over later by the worker or a replay. */
export function createCharges(options: Options) {
  const { db, providers, logger, settle } = options;

  /**
   * Asks the provider to take a new collection. A refusal fails the collection at once, through settle. Once the
   * provider accepted, the payment stays pending whatever happens next here: if recording the provider's answer fails,
   * the provider's report (matched by our transaction id) or the expiry settles it, never a failure that would leave
   * a payer charged and the merchant not credited. Answers whether it is pending now, waiting for the payer.
   */
  async function startCharge(
    collection: CollectionRecord,
    provider: PaymentProvider,
    card: ChargeRequest['card'],
    now = new Date(),
  ) {
    let accepted: Awaited<ReturnType<PaymentProvider['charge']>>;
    try {
      accepted = await provider.charge({
        collectionId: collection.id,
        transactionId: collection.transaction_id,
        merchantName: await merchantNameOf(db, collection.account_id),
        channel: collection.channel,
        msisdn: collection.msisdn,
        amount: Number(collection.amount),
        card,
      });
    } catch (error) {
      logger.error({ err: error, collectionId: collection.id }, 'provider refused the charge');
      await settle(collection.id, {
        status: 'failed',
        message: error instanceof HttpError ? error.message : M.providerUnavailable,
      });
      return false;
    }
    try {
      await db.transaction().execute(async (trx) => {
        const [recorded] = await recordChargeAccepted(
          trx,
          collection.id,
          accepted,
          new Date(now.getTime() + options.pollAfterMs),
        );
        if (recorded && recorded.numUpdatedRows > 0n) {
          await recordCollectionEvent(trx, {
            collectionId: collection.id,
            kind: 'prompt_sent',
            detail: accepted.providerReference,
          });
        }
      });
    } catch (error) {
      logger.error({ err: error, collectionId: collection.id }, 'recording an accepted charge failed; it stays pending');
    }
    return true;
  }

  /**
   * Hands over a live payment its request committed but never handed to the provider (decision 041: the row is the
   * outbox), for the worker or a replay that holds the row: the same ids as the request would have sent (MTN's
   * X-Reference-Id and externalId are the collection's id, Airtel's transaction id is ours), so a request that did reach
   * the provider is answered as a duplicate there and the payer is asked once. Only before its expiry: a payment past
   * it fails as any expired one does. A card payment fails as providerUnavailable: its card details lived only in its
   * own request, never stored, so no one else can send it.
   */
  async function handOver(id: string, now = new Date(), card: ChargeRequest['card'] = null): Promise<HandOverResult> {
    const collection = await findCollection(db, id);
    if (!collection || !awaitsHandOver(collection, now)) return null;
    if (collection.channel === 'CARD' && !card) {
      return (await settle(id, { status: 'failed', message: M.providerUnavailable })) ? 'failed' : null;
    }
    const provider = providers.named(collection.provider);
    if (!provider) return null;
    logger.warn({ collectionId: id, provider: provider.name }, 'handing over a payment its request did not');
    await startCharge(collection, provider, card, now);
    return 'sent';
  }

  /**
   * The payment an Idempotency-Key made, for its retry: if its request never handed it over (it died after the
   * commit) and no one else holds it now, this retry hands it over before answering (decision 041).
   */
  async function replay(earlier: CollectionRecord, card: ChargeRequest['card']): Promise<CollectionRecord> {
    if (!awaitsHandOver(earlier, new Date()) || !(await claimHandOver(db, 'collections', earlier.id))) return earlier;
    await handOver(earlier.id, new Date(), card);
    return (await findCollection(db, earlier.id)) ?? earlier;
  }

  return { startCharge, handOver, replay };
}
