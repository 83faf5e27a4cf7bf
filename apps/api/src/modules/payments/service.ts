import { randomBytes } from 'node:crypto';
import type { LinkAttachment, PublicAttachment } from '@sente/contracts/attachments';
import type { Environment } from '@sente/contracts/constants';
import { FILE_MESSAGES } from '@sente/contracts/files';
import type { ExtraField } from '@sente/contracts/links';
import { API_ERROR_CODES, type CollectionRequest, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import {
  type ExtraDataEntry,
  formatLocalPhone,
  PAYMENT_MESSAGES as M,
  type PublicLink,
  type PublicPayment,
  SIMULATOR,
} from '@sente/contracts/payments';
import type { PayInput } from '@sente/contracts/payments-input';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { claimHandOver, type HandOverResult, outboxColumns } from '../../lib/hand-over.ts';
import { badRequest, fieldError, HttpError, notFound } from '../../lib/http-error.ts';
import { requestHash, requireSameRequest } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { hmac, type Secrets, safeEqual } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { receiptOutcome, recordCollectionEvent } from '../collections/events.ts';
import { recordCustomer } from '../customers/repository.ts';
import { readApiKeys } from '../developers/api-keys.ts';
import { queueWebhookEvent } from '../developers/deliveries-repository.ts';
import type { FilesService, StoredFile } from '../files/service.ts';
import { listAttachments } from '../links/attachments-repository.ts';
import { collectionFee, type FeeSchedule } from '../money/fees.ts';
import { postMovement } from '../money/ledger.ts';
import { collectionSettled } from '../money/movements.ts';
import type { PaymentOutcome } from '../money/outcomes.ts';
import type { ChargeRequest, PaymentProvider, ProviderRegistry } from '../money/providers/provider.ts';
import { firstLateCheck } from '../money/providers/reconcile.ts';
import { addToDailyTotals } from '../reports/repository.ts';
import { collectionEventData } from './public-object.ts';
import { receiptMail } from './receipt.ts';
import { signedRedirectUrl } from './redirect.ts';
import {
  addToLinkTotal,
  type CollectionRecord,
  completePending,
  findApiCollectionByKey,
  findByIdempotencyKey,
  findCollection,
  findCollectionLink,
  findDownload,
  findPaidLink,
  findPublicLink,
  findReceiptLink,
  insertApiCollection,
  insertCollection,
  type PublicLinkRecord,
  recordChargeAccepted,
} from './repository.ts';

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
  files: FilesService;
  mailer: Mailer;
  logger: Logger;
  /** The accounts' encryption keys, which sign the redirect after a payment (docs/redirects.md). */
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  publicUrl: string;
  downloadSecret: string;
  expirySeconds: number;
  /** A live provider's payment is first asked about this long after it accepted (the reconciler, issue 15). */
  pollAfterMs: number;
  downloadTtlHours: number;
  /** The receipt's download link lives longer: the buyer may open the e-mail days after closing the page (issue 27). */
  emailedDownloadTtlDays: number;
};

/** A live payment still waiting to be handed to its provider, before its expiry (decision 041). */
const awaitsHandOver = (collection: CollectionRecord, now: Date) =>
  collection.status === 'pending' &&
  collection.provider !== 'simulator' &&
  collection.provider_reference === null &&
  new Date(collection.expires_at).getTime() > now.getTime();

const storageUrl = (path: string | null) => (path ? `/storage/${path}` : null);

/** Whole seconds until a pending payment expires, never below 0. */
const secondsLeft = (expiresAt: Date | string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));

/** The link is paying now: a disabled payment or donation link and a hidden item are not. */
const isUnavailable = (link: PublicLinkRecord) => link.is_disabled || link.is_hidden;

/** An attachment's stored name, `<uuid>.<ext>` (files/service.ts makes every storage path end so). */
const ATTACHMENT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** Where the payer opens an attachment: under its link, by the file's stored name, never by its storage path. */
function toPublicAttachment(ref: string, attachment: LinkAttachment): PublicAttachment {
  const storedName = attachment.path.split('/').pop() ?? '';
  return {
    name: attachment.name,
    url: `/api/public/links/${encodeURIComponent(ref)}/attachments/${storedName}`,
    mime_type: attachment.mime_type,
    size_bytes: attachment.size_bytes,
  };
}

function toPublicLink(link: PublicLinkRecord, attachments: PublicAttachment[]): PublicLink {
  const isDonation = link.kind === 'donation_link';
  return {
    kind: link.kind,
    ref: link.ref,
    environment: link.active_environment,
    title: link.title,
    description: link.description,
    amount: isDonation || (link.kind === 'payment_link' && !link.fixed_amount) ? 0 : Number(link.amount),
    fixed_amount: link.kind === 'digital_item' || (link.kind === 'payment_link' && link.fixed_amount),
    original_price: link.kind === 'digital_item' && link.original_price !== null ? Number(link.original_price) : null,
    category: link.category,
    type: link.type,
    beneficiary: link.beneficiary,
    image_url: storageUrl(link.image),
    extra_fields: link.extra_fields as ExtraField[],
    merchant: { name: link.account_name, logo_url: storageUrl(link.company_logo) },
    raised: isDonation ? Number(link.raised) : null,
    target: isDonation ? Number(link.amount) : null,
    disabled: isUnavailable(link),
    attachments,
  };
}

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

/** A digital item's buyer gets the download link by e-mail, so that closing the page does not lose it (issue 27). */
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

export function createPaymentsService(options: Options) {
  const { db, providers, fees, files, mailer, logger } = options;
  const downloadKey = hmac(options.downloadSecret, 'sente:product-download:v1');
  const downloadSignature = (collectionId: string, expires: number) => hmac(downloadKey, `${collectionId}\n${expires}`);
  /** The receipts of settled payments being sent after the settlement's commit (receiptsSent waits for them). */
  const receiptsInFlight = new Set<Promise<unknown>>();

  /** Inserts a collection and, in the same transaction, its `created` step; undefined when an idempotent twin won. */
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

  const insertWithCreated = (insert: (trx: Transaction<Database>) => Promise<CollectionRecord | undefined>) =>
    db.transaction().execute(async (trx) => {
      const inserted = await insert(trx);
      if (inserted) await recordCollectionEvent(trx, { collectionId: inserted.id, kind: 'created' });
      return inserted;
    });

  async function publicLinkOrThrow(ref: string) {
    const link = ref.length <= 40 ? await findPublicLink(db, ref) : undefined;
    if (!link) throw notFound(M.linkNotFound);
    return link;
  }

  /** A payment link's attachments while it takes payments; a disabled link offers none. */
  async function activeAttachments(link: PublicLinkRecord): Promise<LinkAttachment[]> {
    return link.kind === 'payment_link' && !isUnavailable(link) ? listAttachments(db, link.id) : [];
  }

  /** A signed link to the product; the page's lives DOWNLOAD_LINK_TTL_HOURS, the e-mail's DOWNLOAD_EMAIL_LINK_TTL_DAYS. */
  function downloadLink(collectionId: string, ttlSeconds: number, now = new Date()) {
    const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
    return {
      url: `/api/public/payments/${collectionId}/download?expires=${expires}&signature=${downloadSignature(collectionId, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /**
   * The merchant's URL with the payment's reference and status, signed with the account's own encryption key (made now
   * if the account has none yet). Undefined when the key was sealed under another APP_SECRET: an unsigned redirect
   * would look forged to the merchant's site, so the payer stays on the success screen until new keys are generated.
   */
  async function redirectFor(target: string, collection: CollectionRecord): Promise<string | undefined> {
    const keys = await readApiKeys(db, options.secrets, collection.account_id);
    if (!keys) {
      logger.error(
        { accountId: collection.account_id },
        'redirect not signed: the encryption key cannot be read; generate new keys',
      );
      return undefined;
    }
    const payment = {
      id: collection.id,
      transaction_id: collection.transaction_id,
      status: 'successful' as const,
      amount: Number(collection.amount),
      currency: collection.currency,
      reference: collection.reference,
    };
    return signedRedirectUrl(target, payment, keys.encryption_key);
  }

  async function toPublicPayment(collection: CollectionRecord): Promise<PublicPayment> {
    const answer: PublicPayment = {
      id: collection.id,
      status: collection.status,
      amount: Number(collection.amount),
      currency: collection.currency,
      channel: collection.channel,
      transaction_id: collection.transaction_id,
      environment: collection.environment,
    };
    if (collection.status_message) answer.message = collection.status_message;
    if (collection.status === 'pending') {
      answer.message = collection.channel === 'CARD' ? M.cardProcessing : M.awaitingApproval;
      answer.expires_in_seconds = secondsLeft(collection.expires_at);
    }
    if (collection.status === 'successful' && collection.link_id) {
      const link = await findPaidLink(db, collection.link_id);
      answer.message = M.paymentSuccessful;
      if (link?.redirect_url) {
        const redirect = await redirectFor(link.redirect_url, collection);
        if (redirect) answer.redirect_url = redirect;
      }
      if (link?.kind === 'digital_item' && link.file) {
        const download = downloadLink(collection.id, options.downloadTtlHours * 3600);
        answer.download_url = download.url;
        answer.download_expires_at = download.expiresAt.toISOString();
        if (collection.email) answer.download_emailed = true;
        if (link.buyer_note) answer.buyer_note = link.buyer_note;
      }
    }
    return answer;
  }

  /**
   * Sends the receipt after the outcome is committed, and records it on the payment's timeline (as the step `claimed`
   * when the dashboard's resend recorded it before sending); a mail failure is logged and recorded, never undoes the
   * payment. Answers whether the mail went.
   */
  async function sendReceipt(collection: CollectionRecord, claimed?: string) {
    if (!collection.email || collection.status !== 'successful') return false;
    let sent = true;
    try {
      const link = collection.link_id ? await findReceiptLink(db, collection.link_id) : undefined;
      const download =
        link?.kind === 'digital_item' && link.file ? downloadLink(collection.id, options.emailedDownloadTtlDays * 86_400) : null;
      await mailer.send(
        receiptMail({
          to: collection.email,
          merchant: link?.account_name ?? 'the merchant',
          title: link?.title ?? 'Payment',
          collection,
          downloadUrl: download ? `${options.publicUrl}${download.url}` : null,
          downloadExpiresAt: download?.expiresAt ?? null,
          buyerNote: link?.buyer_note ?? null,
        }),
      );
    } catch (error) {
      logger.error({ err: error, collectionId: collection.id }, 'receipt e-mail failed');
      sent = false;
    }
    if (claimed) await receiptOutcome(db, claimed, sent);
    else
      await recordCollectionEvent(db, { collectionId: collection.id, kind: 'receipt_sent', detail: collection.email, ok: sent });
    return sent;
  }

  /**
   * Applies a provider's report, exactly once however often and however concurrently it arrives: the status
   * moves from pending only once (the row lock makes a second report wait, then find it no longer pending), and
   * in the same transaction the wallet is credited less the fee, the customer recorded, the link total and the
   * reports' daily roll-up raised and the webhook event queued. Answers the collection when this call applied it, undefined otherwise.
   */
  async function settle(collectionId: string, outcome: PaymentOutcome): Promise<CollectionRecord | undefined> {
    const applied = await db.transaction().execute(async (trx) => {
      const collection = await completePending(trx, collectionId, outcome);
      if (!collection) return undefined;
      await recordCollectionEvent(trx, {
        collectionId: collection.id,
        kind: collection.status === 'successful' ? 'settled' : 'failed',
        detail: collection.status_message,
        ok: collection.status === 'successful',
      });
      const amount = Number(collection.amount);
      if (collection.status === 'successful') {
        await postMovement(
          trx,
          collectionSettled(collection, {
            id: collection.id,
            accountId: collection.account_id,
            amount,
            fee: Number(collection.fee),
          }),
        );
        collection.customer_id = await recordCustomer(trx, collection);
        if (collection.link_id) await addToLinkTotal(trx, collection.link_id, collection.environment, amount);
        await addToDailyTotals(trx, collection);
      }
      await queueWebhookEvent(trx, {
        accountId: collection.account_id,
        environment: collection.environment,
        collectionId: collection.id,
        type: collection.status === 'successful' ? 'collection.successful' : 'collection.failed',
        // A payment that settles now has no refunds yet.
        data: collectionEventData({
          ...collection,
          link: await findCollectionLink(trx, collection.link_id),
          amount_refunded: 0,
        }),
      });
      return collection;
    });
    if (applied) {
      const sending = sendReceipt(applied).catch((error) =>
        logger.error({ err: error, collectionId }, 'recording a receipt failed'),
      );
      receiptsInFlight.add(sending);
      void sending.finally(() => receiptsInFlight.delete(sending));
    } else if (outcome.status === 'successful') {
      await noteLateSuccess(collectionId);
    }
    return applied;
  }

  /**
   * A success reported for a payment already failed here (the payer cancelled it, or it expired) is not applied: the
   * merchant is never credited for it. A live provider that took the payer's money anyway must refund it, so it is
   * logged for reconciliation; in test mode it is the simulator losing the race with a cancel, and nothing was taken.
   */
  async function noteLateSuccess(collectionId: string) {
    const collection = await findCollection(db, collectionId);
    if (collection?.status !== 'failed') return;
    const log = collection.environment === 'production' ? logger.error.bind(logger) : logger.warn.bind(logger);
    log(
      { collectionId, environment: collection.environment, reason: collection.status_message },
      'success reported for a payment that had already failed; not applied',
    );
  }

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

  return {
    /** Waits for the receipts being sent: the demo dates each payment's timeline once its receipt step is written. */
    receiptsSent: () => Promise.all([...receiptsInFlight]).then(() => undefined),
    settle,
    handOver,
    sendReceipt,

    async publicLink(ref: string): Promise<PublicLink> {
      const link = await publicLinkOrThrow(ref);
      return toPublicLink(
        link,
        (await activeAttachments(link)).map((attachment) => toPublicAttachment(link.ref, attachment)),
      );
    },

    /** An attachment of an active payment link, by its stored name; any other name, link or state is the same 404. */
    async attachment(ref: string, name: string): Promise<StoredFile & { name: string }> {
      const link = ATTACHMENT_NAME.test(name) && ref.length <= 40 ? await findPublicLink(db, ref) : undefined;
      const attached = link && (await activeAttachments(link)).find((attachment) => attachment.path.endsWith(`/${name}`));
      if (!link || !attached) throw notFound(FILE_MESSAGES.fileNotFound);
      return { ...(await files.openPrivate(attached.path, link.account_id, 'attachments')), name: attached.name };
    },

    /** Starts a payment on a link. The same Idempotency-Key on the same link answers the first payment again. */
    async pay(
      ref: string,
      input: PayInput,
      idempotencyKey: string | undefined,
    ): Promise<{ id: string; status: 'pending' | 'successful' | 'failed'; replayed: boolean; expiresInSeconds: number }> {
      const link = await publicLinkOrThrow(ref);
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
     * Issue 16: a mobile-money collection a merchant's server asks for through /v1, with no link, taken by the same
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
          names: customerName ?? formatLocalPhone(input.msisdn),
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

    async payment(id: string): Promise<PublicPayment> {
      const collection = isUuid(id) ? await findCollection(db, id) : undefined;
      if (!collection) throw notFound(M.paymentNotFound);
      return toPublicPayment(collection);
    },

    /**
     * The payer stops waiting (Cancel, or Use another number): a pending payment fails at once, through the same
     * settle as every outcome. Whichever of this and the provider's (or the simulator's) report takes the row first
     * wins and the other finds it no longer pending, so a cancelled payment never settles later and a payment that
     * succeeded first stays successful. Answers the payment as it now stands, whoever won.
     */
    async cancel(id: string): Promise<PublicPayment> {
      const collection = isUuid(id) ? await findCollection(db, id) : undefined;
      if (!collection) throw notFound(M.paymentNotFound);
      if (collection.status === 'pending') {
        await settle(id, { status: 'failed', message: M.cancelled, lateCheckAt: firstLateCheck(new Date()) });
      }
      const now = await findCollection(db, id);
      return toPublicPayment(now ?? collection);
    },

    /** The product file of a paid digital item, for a buyer holding an unexpired signed link. */
    async download(id: string, query: { expires?: unknown; signature?: unknown }, now = new Date()) {
      const { expires, signature } = query;
      const valid =
        isUuid(id) &&
        typeof expires === 'string' &&
        /^\d{1,12}$/.test(expires) &&
        typeof signature === 'string' &&
        safeEqual(signature, downloadSignature(id, Number(expires)));
      if (!valid) throw notFound(M.paymentNotFound);
      if (Number(expires) * 1000 <= now.getTime()) throw new HttpError(403, M.downloadExpired);
      const row = await findDownload(db, id);
      if (row?.status !== 'successful' || row.kind !== 'digital_item' || !row.file) throw notFound(M.paymentNotFound);
      return files.openPrivate(row.file, row.account_id, 'products');
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
