import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createJobs } from './jobs/jobs.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccountsRepository } from './modules/accounts/repository.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createCodeService } from './modules/auth/codes.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionService } from './modules/auth/sessions.ts';
import { createFailureThrottle } from './modules/auth/throttle.ts';
import { createCollectionsRepository } from './modules/collections/repository.ts';
import { createCollectionsService } from './modules/collections/service.ts';
import { createDemoRepository } from './modules/demo/repository.ts';
import { createDemoSeeder } from './modules/demo/seed.ts';
import { createWebhookDeliveries } from './modules/developers/deliveries-service.ts';
import { createDevelopersService } from './modules/developers/service.ts';
import { createFilesRepository } from './modules/files/repository.ts';
import { createS3Storage } from './modules/files/s3-storage.ts';
import { createFilesService } from './modules/files/service.ts';
import { createUrlSigner } from './modules/files/signed-urls.ts';
import { createLocalDiskStorage, type FileStorage } from './modules/files/storage.ts';
import { merchantBalances, verifyLedger } from './modules/ledger/ledger.ts';
import { createLinksRepository } from './modules/links/repository.ts';
import { createLinksService } from './modules/links/service.ts';
import { createMerchantApiService } from './modules/merchant-api/service.ts';
import { createProviderRegistry, createSimulator } from './modules/payments/providers.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createShortLinksRepository } from './modules/short-links/repository.ts';
import { createShortLinksService } from './modules/short-links/service.ts';
import { createTeamRepository } from './modules/team/repository.ts';
import { createTeamService } from './modules/team/service.ts';
import { createUsersRepository } from './modules/users/repository.ts';
import { createUsersService } from './modules/users/service.ts';
import { createPinChangeService } from './modules/wallet/pin-changes.ts';
import { createPinService } from './modules/wallet/pins.ts';
import { createWalletRepository } from './modules/wallet/repository.ts';
import { createWalletService } from './modules/wallet/service.ts';

export type ServiceDeps = { db: Kysely<Database>; mailer: Mailer; secrets: Secrets; config: Config; logger: Logger };

/** Wires repositories into services; the HTTP app and the operator CLI share this one graph. */
export function createServices({ db, mailer, secrets, config, logger }: ServiceDeps) {
  const authRepo = createAuthRepository(db);
  const passwords = createPasswordHasher(config.PASSWORD_HASH_COST);
  const accountsRepo = createAccountsRepository(db);
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
    repo: createUsersRepository(db),
    accountsRepo,
    walletOf: async (accountId) => {
      const { UGX } = await merchantBalances(db, accountId);
      return { live: UGX.production, test: UGX.test };
    },
    keysOf: developers.profileKeys,
  });
  const accounts = createAccountsService({ repo: accountsRepo });
  const sessions = createSessionService({
    repo: authRepo,
    jwtSecret: secrets.jwtSecret,
    pepper: secrets.codePepper,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const codes = createCodeService({ repo: authRepo, mailer, pepper: secrets.codePepper, logger });
  const auth = createAuthService({ repo: authRepo, codes, sessions, loadProfile: users.loadProfile, passwords });
  const team = createTeamService({ repo: createTeamRepository(db), mailer, publicUrl: config.PUBLIC_URL });
  // An invitation is joined when its invitee proves the invited mailbox (verify-account or login-otp).
  auth.onMailboxProven(async (user) => {
    await team.joinOpenInvitations(user);
  });
  const files = createFilesService({
    repo: createFilesRepository(db),
    storage: createStorage(config),
    signer: createUrlSigner(secrets.codePepper),
  });
  const links = createLinksService({ repo: createLinksRepository(db), files });
  const shortLinks = createShortLinksService({
    repo: createShortLinksRepository(db),
    publicUrl: config.PUBLIC_URL,
    perMinute: config.SHORTEN_RATE_LIMIT_PER_MINUTE,
  });
  const collectionsRepo = createCollectionsRepository(db);
  const collections = createCollectionsService({ repo: collectionsRepo });
  const providers = createProviderRegistry({ simulator: createSimulator(config.SIMULATOR_DELAY_MS), live: {} });
  const payments = createPaymentsService({
    db,
    providers,
    fees: { collectionPercent: config.FEE_COLLECTION_PERCENT, collectionFlat: config.FEE_COLLECTION_FLAT },
    files,
    mailer,
    logger,
    publicUrl: config.PUBLIC_URL,
    downloadSecret: secrets.codePepper,
    expirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    downloadTtlHours: config.DOWNLOAD_LINK_TTL_HOURS,
  });
  const ledger = { verify: () => verifyLedger(db) };
  const walletRepo = createWalletRepository(db);
  const pins = createPinService(db, passwords);
  const pinChanges = createPinChangeService({
    pins,
    codes,
    throttle: createFailureThrottle({ repo: authRepo }),
    findUser: authRepo.findUserById,
    mailer,
    logger,
  });
  const wallet = createWalletService({
    db,
    repo: walletRepo,
    pins,
    providers,
    charges: {
      wallet_transfer: config.FEE_TRANSFER_FLAT,
      settlement: config.FEE_SETTLEMENT_FLAT,
      payout: config.FEE_PAYOUT_FLAT,
    },
    logger,
    payoutExpirySeconds: config.PAYMENT_EXPIRY_SECONDS,
  });
  const merchantApi = createMerchantApiService({ db, secrets, payments, wallet, collectionsRepo });
  const jobs = createJobs({ db, settlePayment: payments.settle, reportPayout: wallet.reportPayout, logger });
  const demo = createDemoSeeder({
    repo: createDemoRepository(db),
    authRepo,
    accounts,
    links,
    files,
    payments,
    jobs,
    pins,
    wallet,
    simulatorDelayMs: config.SIMULATOR_DELAY_MS,
    passwords,
    team,
  });
  return {
    team,
    developers,
    webhookDeliveries,
    users,
    accounts,
    sessions,
    auth,
    links,
    files,
    shortLinks,
    collections,
    collectionsRepo,
    payments,
    ledger,
    walletRepo,
    pins,
    pinChanges,
    wallet,
    merchantApi,
    jobs,
    demo,
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
