import { describe, expect, it } from 'vitest';
import { mostAllowed, payoutRuleRefusal, PAYOUT_RULE_MESSAGES as R } from './payout-rules.ts';

const CAPS = { per_payout_cap: 50_000, daily_cap: 100_000, member_daily_cap: 60_000 };

describe('payoutRuleRefusal: the rule a movement would break, named (decision 065)', () => {
  it('names the cap per payout first, then the day of the account, then the member’s', () => {
    expect(payoutRuleRefusal(CAPS, 50_001)).toBe(R.overPerPayoutCap(50_000));
    expect(payoutRuleRefusal(CAPS, 40_000, { account: 70_000, member: 0 })).toBe(R.overDailyCap(100_000));
    expect(payoutRuleRefusal(CAPS, 40_000, { account: 30_000, member: 30_000 })).toBe(R.overMemberDailyCap(60_000));
    expect(payoutRuleRefusal(CAPS, 30_000, { account: 70_000, member: 30_000 })).toBeNull();
  });

  it('leaves the day alone without its sums, and the member’s cap to a movement with a member', () => {
    expect(payoutRuleRefusal(CAPS, 50_000)).toBeNull();
    expect(payoutRuleRefusal(CAPS, 40_000, { account: 0, member: null })).toBeNull();
  });
});

describe('mostAllowed', () => {
  it('is the least room under the caps set, never below 0, and null with no cap', () => {
    expect(mostAllowed(CAPS, { account: 70_000, member: 10_000 })).toBe(30_000);
    expect(mostAllowed(CAPS, { account: 10_000, member: 40_000 })).toBe(20_000);
    expect(mostAllowed(CAPS, { account: 120_000, member: 0 })).toBe(0);
    expect(mostAllowed({ per_payout_cap: null, daily_cap: null, member_daily_cap: null }, { account: 5, member: 5 })).toBeNull();
  });
});
