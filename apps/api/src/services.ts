import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { CLAIM_BATCH_SIZE, CLAIM_LEASE_MS, createJobs } from './jobs/jobs.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createNotificationSettings } from './modules/alerts/settings.ts';
import { createAlertsWork } from './modules/alerts/work.ts';
import { createSignInChallenges } from './modules/auth/challenges.ts';
import { createCodeService } from './modules/auth/codes.ts';
import { findUserById } from './modules/auth/repository.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionService } from './modules/auth/sessions.ts';
import { createFailureThrottle } from './modules/auth/throttle.ts';
import { createCustomersService } from './modules/customers/service.ts';
import { createWebhookDeliveries } from './modules/developers/deliveries-service.ts';
import { createDevelopersService } from './modules/developers/service.ts';
import { installSubscribers } from './modules/events/events.ts';
import { createOutbox, type OutboxSubscribers } from './modules/events/outbox.ts';
import { createS3Storage } from './modules/files/s3-storage.ts';
import { createFilesService } from './modules/files/service.ts';
import { createUrlSigner } from './modules/files/signed-urls.ts';
import { createLocalDiskStorage, type FileStorage } from './modules/files/storage.ts';
import { createLinksService } from './modules/links/service.ts';
import { createMerchantApiService } from './modules/merchant-api/service.ts';
import { merchantBalances, verifyLedger } from './modules/money/ledger.ts';
import { createProviderCallbacks } from './modules/money/providers/callbacks.ts';
import { createNameLookup } from './modules/money/providers/name-lookup.ts';
import { createProviderRegistry, createSimulator } from './modules/money/providers/provider.ts';
import { checkRails, liveProvidersFrom, railsSummary } from './modules/money/providers/rails/live.ts';
import { listMismatches } from './modules/money/providers/repository.ts';
import { createPaymentListService } from './modules/payments/list-service.ts';
import { createRefundReceipts } from './modules/payments/refunds/refund-receipts.ts';
import { createRefunds } from './modules/payments/refunds/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createLinkSharing } from './modules/payments/sharing/service.ts';
import { createShortLinksService } from './modules/short-links/service.ts';
import { createTeamService } from './modules/team/service.ts';
import { createApprovals } from './modules/transfers/approvals/service.ts';
import { createApiBatches } from './modules/transfers/batches/api-batches.ts';
import { createBatchService } from './modules/transfers/batches/service.ts';
import { createPinChangeService } from './modules/transfers/pin-changes.ts';
import { createPinService } from './modules/transfers/pins.ts';
import { createTransferService } from './modules/transfers/service.ts';
import { createPhoneVerification } from './modules/users/phone-verification.ts';
import { createUsersService } from './modules/users/service.ts';
import { createSmsFromConfig } from './sms/from-config.ts';
import { outboxSubscribers, SUBSCRIBERS } from './subscribers.ts';

export type ServiceDeps = { db: Kysely<Database>; mailer: Mailer; secrets: Secrets; config: Config; logger: Logger };

/** Wires repositories into services; the HTTP app and the operator CLI share this one graph. */
export function createServices({ db, mailer, secrets, config, logger }: ServiceDeps) {
  // What follows each domain event, wherever it is emitted (decision 082).
  installSubscribers(SUBSCRIBERS);
  const passwords = createPasswordHasher(config.PASSWORD_HASH_COST);
  // Texts to phones, behind one interface as mail is (sms/sms.ts): the outbox until gateways are configured,
  // then Africa's Talking with Twilio as the fallback (sms/from-config.ts); `smsGateways` takes their delivery reports.
  const {
    sms,
    gateways: smsGateways,
    deliveryUrls: smsDeliveryUrls,
  } = createSmsFromConfig({ config, db, logger, callbackSecret: secrets.callbackSecret });
  const developers = createDevelopersService({
    db,
    secrets,
    logger,
    allowPrivateWebhooks: config.ALLOW_PRIVATE_WEBHOOKS,
  });
  const webhookDeliveries = createWebhookDeliveries({
    db,
    secrets,
    logger,
    allowPrivateWebhooks: config.ALLOW_PRIVATE_WEBHOOKS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    batchSize: config.WEBHOOK_WORKER_BATCH_SIZE,
  });
  const users = createUsersService({
    db,
    walletOf: async (accountId) => {
      const { UGX } = await merchantBalances(db, accountId);
      return { live: UGX.production, test: UGX.test };
    },
    keysOf: developers.profileKeys,
  });
  const accounts = createAccountsService({ db });
  const sessions = createSessionService({
    db,
    jwtSecret: secrets.jwtSecret,
    pepper: secrets.codePepper,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const codes = createCodeService({ db, mailer, sms, pepper: secrets.codePepper, logger });
  const challenges = createSignInChallenges({ db, pepper: secrets.codePepper });
  const auth = createAuthService({ db, codes, challenges, sessions, loadProfile: users.loadProfile, passwords });
  const phoneVerification = createPhoneVerification({
    db,
    codes,
    throttle: createFailureThrottle({ db }),
    requireUser: users.requireUser,
  });
  const team = createTeamService({ db, mailer, publicUrl: config.PUBLIC_URL });
  // An invitation is joined when its invitee proves the invited mailbox (verify-account, or login-otp with the mailed code).
  auth.onMailboxProven(async (user) => {
    await team.joinOpenInvitations(user);
  });
  const files = createFilesService({
    db,
    storage: createStorage(config),
    signer: createUrlSigner(secrets.codePepper),
  });
  const links = createLinksService({ db, files });
  const shortLinks = createShortLinksService({
    db,
    publicUrl: config.PUBLIC_URL,
  });
  const linkSharing = createLinkSharing({ db, publicUrl: config.PUBLIC_URL, shorten: shortLinks.shorten });
  const live = liveProvidersFrom(config, secrets.callbackSecret, logger);
  const providers = createProviderRegistry({ simulator: createSimulator(config.SIMULATOR_DELAY_MS), live });
  const nameLookup = createNameLookup({
    providers,
    ratePerSecond: {
      mtn_momo: config.NAME_LOOKUP_MTN_PER_SECOND,
      airtel_money: config.NAME_LOOKUP_AIRTEL_PER_SECOND,
      simulator: config.NAME_LOOKUP_SIMULATOR_PER_SECOND,
    },
  });
  const pollAfterMs = config.PROVIDER_POLL_AFTER_SECONDS * 1000;
  // The outbox's subscribers send through the payments' receipts, put together below.
  let sending: OutboxSubscribers = {};
  const outbox = createOutbox({
    db,
    logger,
    subscribers: () => sending,
    batchSize: CLAIM_BATCH_SIZE,
    leaseMs: CLAIM_LEASE_MS,
  });
  const payments = createPaymentsService({
    db,
    providers,
    fees: { collectionPercent: config.FEE_COLLECTION_PERCENT, collectionFlat: config.FEE_COLLECTION_FLAT },
    files,
    mailer,
    sms,
    logger,
    secrets,
    publicUrl: config.PUBLIC_URL,
    downloadSecret: secrets.codePepper,
    expirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    pollAfterMs,
    downloadTtlHours: config.DOWNLOAD_LINK_TTL_HOURS,
    emailedDownloadTtlDays: config.DOWNLOAD_EMAIL_LINK_TTL_DAYS,
    outbox,
  });
  const refundReceipts = createRefundReceipts({ db, mailer, sms, logger, receiptUrl: payments.receiptUrl });
  sending = outboxSubscribers({ paymentReceipts: payments.sendReceipts, refundReceipts: refundReceipts.sendReceipts });
  const ledger = { verify: () => verifyLedger(db) };
  const pins = createPinService(db, passwords);
  const pinChanges = createPinChangeService({
    pins,
    codes,
    throttle: createFailureThrottle({ db }),
    findUser: (id) => findUserById(db, id),
    mailer,
    logger,
  });
  const transfers = createTransferService({
    db,
    pins,
    providers,
    charges: {
      wallet_transfer: config.FEE_TRANSFER_FLAT,
      settlement: config.FEE_SETTLEMENT_FLAT,
      payout: config.FEE_PAYOUT_FLAT,
    },
    logger,
    payoutExpirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    pollAfterMs,
    outbox,
  });
  const refunds = createRefunds({ db, providers, disburse: transfers.disburse });
  const approvals = createApprovals({
    db,
    pins,
    providers,
    complete: transfers.batchMoneyOut.complete,
    send: transfers.batchMoneyOut.send,
    payoutExpirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    logger,
    maxAmount: config.BATCH_MAX_AMOUNT,
    livePacing: { size: config.BATCH_PAY_GROUP_SIZE, intervalMs: config.BATCH_PAY_GROUP_INTERVAL_MS },
  });
  const batches = createBatchService({
    db,
    providers,
    names: nameLookup,
    moneyOut: transfers.batchMoneyOut,
    approvals: approvals.batches,
    charge: config.FEE_PAYOUT_FLAT,
    maxAmount: config.BATCH_MAX_AMOUNT,
    expirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    batchSize: CLAIM_BATCH_SIZE,
    leaseMs: CLAIM_LEASE_MS,
    logger,
  });
  const collections = createPaymentListService({
    db,
    sendReceipt: payments.sendReceipt,
    refunds,
    receiptUrl: payments.receiptUrl,
  });
  const customers = createCustomersService({ db });
  const apiBatches = createApiBatches({ db, charge: config.FEE_PAYOUT_FLAT, maxAmount: config.BATCH_MAX_AMOUNT });
  const merchantApi = createMerchantApiService({ db, secrets, payments, transfers, refunds, batches: apiBatches });
  const jobs = createJobs({
    db,
    settlePayment: payments.settle,
    reportDisbursement: transfers.reportDisbursement,
    handOverPayment: payments.handOver,
    handOverPayout: transfers.handOverPayout,
    recordStep: payments.recordProviderStep,
    providers,
    pollAfterMs,
    batches,
    approvals,
    events: outbox,
    alerts: createAlertsWork({
      db,
      mailer,
      sms,
      logger,
      leaseMs: CLAIM_LEASE_MS,
      batchSize: CLAIM_BATCH_SIZE,
      publicUrl: config.PUBLIC_URL,
    }),
    ...(smsGateways ? { sms: smsGateways } : {}),
    logger,
  });
  const providerCallbacks = createProviderCallbacks({
    db,
    providers,
    secret: secrets.callbackSecret,
    settlePayment: payments.settle,
    reportDisbursement: transfers.reportDisbursement,
    recordStep: payments.recordProviderStep,
    logger,
  });
  const notifications = createNotificationSettings(db);
  return {
    sms,
    notifications,
    smsGateways,
    /** What the operator's `sms:status` shows: where texts go, and the URL each gateway posts delivery reports to. */
    smsStatus: () => ({ description: sms.description, deliveryUrls: smsDeliveryUrls }),
    team,
    developers,
    webhookDeliveries,
    users,
    phoneVerification,
    accounts,
    sessions,
    auth,
    links,
    files,
    shortLinks,
    linkSharing,
    collections,
    customers,
    payments,
    ledger,
    pins,
    pinChanges,
    transfers,
    refunds,
    approvals,
    batches,
    merchantApi,
    jobs,
    providers,
    nameLookup,
    providerCallbacks,
    rails: {
      summary: () => railsSummary(live, config.PUBLIC_URL, secrets.callbackSecret),
      check: () => checkRails(live),
      /** Payments and payouts held because their provider reported another amount or currency (decision 040). */
      mismatches: () => listMismatches(db),
    },
  };
}

function createStorage(config: Config): FileStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      prefix: config.S3_PREFIX,
    });
  }
  return createLocalDiskStorage(config.STORAGE_DIR ? path.resolve(config.STORAGE_DIR) : path.join(config.dataDir, 'storage'));
}

export type Services = ReturnType<typeof createServices>;
export type { NameLookup } from './modules/money/providers/name-lookup.ts';
