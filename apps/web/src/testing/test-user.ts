import type { Account, User } from '@sente/contracts/accounts';

/** The keys an owner sees on the profile (its API keys). */
export const TEST_API_KEYS = {
  test_key: 'sk_test_4eC39HqLyjWDarjtT1zdp7dcTestKey0000000',
  production_key: 'sk_live_9fB27KpQwZxLmNvRtYuIoPaSdLiveKey0000000',
  encryption_key: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4Bv6/u5nFW4=',
} as const;

/** A signed-in owner with one account in test mode; override what a test is about. */
export function testUser({
  account,
  ...overrides
}: Partial<Omit<User, 'current_account'>> & { account?: Partial<Account> } = {}) {
  const current: Account = {
    id: '3f1c2a4e-8b7d-4c61-9e0a-5d2b7c8e9f10',
    user_id: 'a2b4c6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d',
    account_name: 'Kampala Crafts',
    account_number: '7700123456',
    is_approved: false,
    created_at: '2026-11-22T08:00:00.000Z',
    companyBranding: { company_logo: null },
    userWallet: { current_balance: 0, current_balance_sand_box: 0 },
    api_keys: { active_environment: 'test', ...TEST_API_KEYS },
    bank_details: [],
    business_details: null,
    sms_receipts: false,
    ...account,
  };
  const user: User = {
    user_id: current.user_id,
    firstname: 'Ada',
    lastname: 'Nakato',
    email: 'ada@example.com',
    phone: null,
    phone_verified: false,
    current_account: current,
    current_role: 'owner',
    // A staff profile names its account only by id and name, as the server sends it.
    staff_profiles: [
      {
        id: 'c0ffee00-0000-4000-8000-000000000001',
        staff_role: 'owner',
        sente_account: { id: current.id, account_name: current.account_name },
      },
    ],
    ...overrides,
  };
  return user;
}
