import { API_ERROR_CODES, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { mobileMoneyNumber } from '@sente/contracts/payments';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { HttpError } from '../../lib/http-error.ts';
import { requestHash } from '../../lib/idempotency.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { storedReason } from '../../lib/stored-reason.ts';
import type { Authority, Disburse, Disbursed } from '../money/disbursements.ts';
import type { ProviderRegistry } from '../money/providers/provider.ts';

/**
 * A mobile-money payout's request: the number must be a Ugandan one of a network with a provider in the scope's
 * environment (test mode refuses what live refuses), and its reason is cleaned as the dashboard's are; then the one
 * money-out frame (disburse.ts) holds, writes and hands it over.
 */
export function createPayouts({ disburse, providers }: { disburse: Disburse; providers: ProviderRegistry }) {
  return async function startPayout(
    scope: MoneyScope,
    authority: Authority,
    input: { amount: number; account: string; narrative: string },
    idempotencyKey: string | undefined,
  ): Promise<Disbursed> {
    // A live provider takes its own network's Ugandan numbers, as 2567XXXXXXXX.
    const ugandan = mobileMoneyNumber(input.account);
    if (!ugandan) throw new HttpError(400, M.payoutNetworkUnsupported);
    const provider = providers.forPayout(scope.environment, ugandan);
    if (!provider) throw new HttpError(400, M.liveUnavailable, { code: API_ERROR_CODES.liveUnavailable });
    // A /v1 caller is told in the words of its own field.
    const reason = storedReason(
      input.narrative,
      'apiKey' in authority ? MERCHANT_API_MESSAGES.reasonWithoutText : M.reasonMissing,
    );
    const hash = requestHash({ kind: 'payout', amount: input.amount, phone: input.account, narrative: input.narrative });
    return disburse('payout', {
      scope,
      authority,
      idempotency: { key: idempotencyKey, hash },
      amount: input.amount,
      reason,
      to: { provider, msisdn: input.account },
    });
  };
}
