import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '@sente/contracts/constants';
import type { AccountHolder, ProviderRegistry } from './provider.ts';

/** Look-ups per second asked of each provider, by its name. */
export type LookupRates = { mtn_momo: number; airtel_money: number; simulator: number };

/**
 * Spaces calls evenly, at most `perSecond` of them a second: each call takes the next free slot, and waits for it. No
 * burst: the providers' limits are per second, and a batch's thousands of look-ups should not arrive together.
 */
function pacer(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let nextSlot = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + gapMs;
    if (slot > now) await sleep(slot - now);
  };
}

/**
 * The name check's look-up (the registered name behind a payout's number): the provider that would pay the number
 * answers (`forPayout`: the simulator in test, the number's network live), each provider's calls paced within its rate.
 * No provider, or one that cannot look a holder up, answers `unavailable`; so does any failure. Pacing is per process:
 * with several replicas each keeps its own pace. Slots go in the order calls come, so a caller with many numbers (a
 * batch) should ask them a few at a time: thousands asked at once would queue a single payout's look-up behind them.
 */
export function createNameLookup(options: { providers: ProviderRegistry; ratePerSecond: LookupRates }) {
  const pacers = new Map<string, () => Promise<void>>();
  const paced = (name: string) => {
    let wait = pacers.get(name);
    if (!wait) {
      const rate = options.ratePerSecond[name as keyof LookupRates] ?? Math.min(...Object.values(options.ratePerSecond));
      wait = pacer(rate);
      pacers.set(name, wait);
    }
    return wait();
  };
  return {
    async holder(environment: Environment, msisdn: string): Promise<AccountHolder> {
      const provider = options.providers.forPayout(environment, msisdn);
      if (!provider?.accountHolder) return { status: 'unavailable' };
      await paced(provider.name);
      try {
        return await provider.accountHolder(msisdn);
      } catch {
        return { status: 'unavailable' };
      }
    },
  };
}

export type NameLookup = ReturnType<typeof createNameLookup>;
