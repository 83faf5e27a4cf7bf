import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { networkOf, normalizeUgandanPhone, PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requestHash } from '../../lib/idempotency.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import type { ProviderRegistry } from '../money/providers/provider.ts';
import { type Authority, holdNew, type MovedOut, type MoveOut } from './move-out.ts';
import { insertTransfer, recordPayoutAccepted } from './repository.ts';
import { storedReason } from './stored-reason.ts';
import { queueTransferEvent } from './transfer-events.ts';

type Options = {
  db: Kysely<Database>;
  frame: MoveOut;
  providers: ProviderRegistry;
  complete: (id: string, kind: 'payout', outcome: TransferOutcome) => Promise<boolean>;
  charge: number;
  expirySeconds: number;
  /** A live provider's payout is first asked about this long after it accepted (the reconciler, issue 15). */
  pollAfterMs: number;
  logger: Logger;
};

/**
 * A mobile-money payout (DESIGN §6): debited and held in one transaction, then asked of the provider (the simulator in
 * test), and paid out or returned when the provider reports (or the worker applies the simulator's decision, or the
 * payout expires). A provider that refuses returns the money at once. A provider that accepted keeps the payout
 * pending even if recording its reference then fails: its report, or the expiry, completes it.
 */
export function createPayouts({ db, frame, providers, complete, charge, expirySeconds, pollAfterMs, logger }: Options) {
  return async function startPayout(
    scope: MoneyScope,
    authority: Authority,
    input: { amount: number; account: string; narrative: string },
    idempotencyKey: string | undefined,
  ): Promise<MovedOut> {
    // The simulator pays any number in test; a live provider takes its own network's Ugandan numbers, as 2567XXXXXXXX.
    const ugandan = normalizeUgandanPhone(input.account);
    if (scope.environment === 'production' && !(ugandan && networkOf(ugandan))) {
      throw new HttpError(400, M.payoutNetworkUnsupported);
    }
    const msisdn = ugandan ?? input.account;
    const provider = providers.forPayout(scope.environment, msisdn);
    if (!provider) throw new HttpError(400, M.liveUnavailable, { code: API_ERROR_CODES.liveUnavailable });
    const reason = storedReason(input.narrative);
    const hash = requestHash({ kind: 'payout', amount: input.amount, phone: input.account, narrative: input.narrative });
    const moved = await frame.moveOut('payout', scope, authority, { key: idempotencyKey, hash }, async (trx) => {
      const held = await holdNew(trx, 'payout', scope, { amount: input.amount, charge });
      const transfer = await insertTransfer(trx, {
        ...held,
        reason,
        status: 'pending',
        creator_id: 'member' in authority ? authority.member.userId : null,
        payout_msisdn: input.account,
        provider: provider.name,
        expires_at: new Date(Date.now() + expirySeconds * 1000),
        idempotency_key: idempotencyKey ?? null,
        request_hash: hash,
      });
      if (!transfer) return null;
      await queueTransferEvent(trx, transfer, { accountId: scope.accountId, direction: 'out' });
      return transfer.id;
    });
    if (moved.replayed) return moved;

    let accepted: Awaited<ReturnType<typeof provider.payout>>;
    try {
      accepted = await provider.payout({
        transferId: moved.id,
        msisdn,
        amount: input.amount,
        currency: moved.row.currency,
      });
    } catch (error) {
      logger.error({ err: error, transferId: moved.id }, 'provider refused the payout');
      const message = error instanceof HttpError ? error.message : PAYMENT_MESSAGES.providerUnavailable;
      await complete(moved.id, 'payout', { paid: false, reason: message });
      return { row: { ...moved.row, status: 'rejected', failure_reason: message }, replayed: false };
    }
    try {
      await recordPayoutAccepted(db, moved.id, accepted, new Date(Date.now() + pollAfterMs));
    } catch (error) {
      logger.error({ err: error, transferId: moved.id }, 'recording an accepted payout failed; it stays pending');
    }
    return { row: moved.row, replayed: false };
  };
}
