import fs from 'node:fs';
import path from 'node:path';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from './features/accounts/api/notifications.ts';
import { invitationKeys } from './features/auth/api/invitation.ts';
import { businessKeys } from './features/business-details/api/business-keys.ts';
import { customerKeys } from './features/customers/api/get-customers.ts';
import { dashboardKeys } from './features/dashboard/api/get-usd-wallet.ts';
import { developerKeys } from './features/developers/api/developer-keys.ts';
import { digitalItemKeys } from './features/links/digital-items/api/digital-item-keys.ts';
import { donationLinkKeys } from './features/links/donation-links/api/donation-link-keys.ts';
import { paymentLinkKeys } from './features/links/payment-links/api/payment-link-keys.ts';
import { teamKeys } from './features/team/api/team.ts';
import { transferKeys } from './features/transfers/api/transfer-keys.ts';
import { walletPinKeys } from './features/transfers/api/wallet-pin.ts';
import { batchKeys } from './features/transfers/batches/api/batch-keys.ts';
import { collectionKeys } from './lib/collections-query.ts';
import { dashboardStatsKeys } from './lib/dashboard-stats.ts';
import type { MoneyScope } from './lib/money-scope.ts';
import { profileKeys } from './lib/profile.ts';
import { searchKeys } from './lib/search-query.ts';
import { sourceFiles } from './testing/source-imports.ts';

/**
 * TkDodo's query keys (https://tkdodo.eu/blog/effective-react-query-keys and
 * https://tkdodo.eu/blog/the-query-options-api): one key factory per feature, from generic to specific, and every
 * query declared once with queryOptions, which its hook, its invalidations and its cache updates all read.
 */
const src = import.meta.dirname;

/** Lines that write a query key as an array in place, or declare a query in the hook instead of with queryOptions. */
const INLINE = [/queryKey:\s*\[/, /QueryData(?:<[^>]*>)?\(\s*\[/, /use(?:Suspense)?(?:Infinite)?Query\(\s*\{(?!\s*\.\.\.)/];

function inlineKeys(files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        INLINE.some((pattern) => pattern.test(line)) ? [`${path.relative(src, file)}:${index + 1}`] : [],
      ),
  );
}

describe('query keys come from one factory per feature', () => {
  it('no source writes a key array in place or declares a query without queryOptions', () => {
    expect(inlineKeys(sourceFiles(src))).toEqual([]);
  });

  const scope: MoneyScope = { accountId: 'account-1', environment: 'test' };
  /** Each chain runs from generic to specific: an invalidation of one key reaches every key after it. */
  const chains: [string, QueryKey[]][] = [
    ['payment link lists', [paymentLinkKeys.all, paymentLinkKeys.scope(scope), paymentLinkKeys.lists(scope)]],
    ['a payment link', [paymentLinkKeys.scope(scope), paymentLinkKeys.details(scope), paymentLinkKeys.detail(scope, 'ref')]],
    ['donation link lists', [donationLinkKeys.all, donationLinkKeys.scope(scope), donationLinkKeys.lists(scope)]],
    ['a donation link', [donationLinkKeys.scope(scope), donationLinkKeys.details(scope), donationLinkKeys.detail(scope, 'r')]],
    ['digital item lists', [digitalItemKeys.all, digitalItemKeys.scope(scope), digitalItemKeys.lists(scope)]],
    ['a digital item', [digitalItemKeys.scope(scope), digitalItemKeys.details(scope), digitalItemKeys.detail(scope, 'ref')]],
    ['customer lists', [customerKeys.all, customerKeys.scope(scope), customerKeys.lists(scope)]],
    ['settlement lists', [transferKeys.all, transferKeys.scope(scope), transferKeys.lists(scope)]],
    ['the wallet summary', [transferKeys.scope(scope), transferKeys.summary(scope)]],
    ['payout batch lists', [batchKeys.all, batchKeys.scope(scope), batchKeys.lists(scope)]],
    ['a payout batch and its rows', [batchKeys.scope(scope), batchKeys.detail(scope, 'id'), batchKeys.rows(scope, 'id')]],
    ['collection lists', [collectionKeys.all, collectionKeys.scope(scope), collectionKeys.lists(scope)]],
    ['filtered collections', [collectionKeys.lists(scope), collectionKeys.filtered(scope, 'status=failed')]],
    ['filtered transfers', [transferKeys.lists(scope), transferKeys.filtered(scope, 'kind=payout')]],
    ['a search', [searchKeys.all, searchKeys.scope(scope), searchKeys.text(scope, 'okello')]],
    ['a live page', [collectionKeys.scope(scope), collectionKeys.live(scope, 'ref')]],
    ['a collection', [collectionKeys.scope(scope), collectionKeys.details(scope), collectionKeys.detail(scope, 'id')]],
    ['dashboard stats', [dashboardStatsKeys.all, dashboardStatsKeys.scope(scope), dashboardStatsKeys.period(scope, '7d')]],
    ['webhook URLs', [developerKeys.all, developerKeys.account('account-1'), developerKeys.webhooks('account-1')]],
    ['webhook deliveries', [developerKeys.account('account-1'), developerKeys.scope(scope), developerKeys.deliveries(scope)]],
    ['team lists', [teamKeys.all, teamKeys.scope('account-1'), teamKeys.lists('account-1')]],
    ["the team's notifications", [teamKeys.all, teamKeys.scope('account-1'), teamKeys.notifications('account-1')]],
    ["a member's notifications", [notificationKeys.all, notificationKeys.mine('account-1')]],
    ['the wallet PIN', [walletPinKeys.all, walletPinKeys.scope('account-1'), walletPinKeys.exists('account-1')]],
    ['compliance files', [businessKeys.all, businessKeys.scope('account-1'), businessKeys.files('account-1')]],
    ['a file link', [businessKeys.scope('account-1'), businessKeys.fileLink('account-1', 'path')]],
    ['an invitation', [invitationKeys.all, invitationKeys.detail('invite')]],
    ['the USD wallet', [dashboardKeys.all, dashboardKeys.scope('account-1'), dashboardKeys.usdWallet('account-1')]],
  ];

  it.each(chains)('%s: each key starts with the one before it', (_name, chain) => {
    for (const [outer, inner] of chain.slice(1).map((key, index) => [chain[index]!, key] as const)) {
      expect(inner.length).toBeGreaterThan(outer.length);
      expect(inner.slice(0, outer.length)).toEqual(outer);
    }
  });

  it('the scope level of a money key is the account and the environment, so a switch shows the new scope', () => {
    const money = [
      paymentLinkKeys,
      donationLinkKeys,
      digitalItemKeys,
      collectionKeys,
      customerKeys,
      transferKeys,
      searchKeys,
      batchKeys,
    ];
    for (const keys of [...money, dashboardStatsKeys]) {
      expect(keys.scope(scope)).toEqual([...keys.all, 'account-1', 'test']);
      expect(keys.scope({ ...scope, environment: 'production' })).not.toEqual(keys.scope(scope));
    }
    expect(developerKeys.scope(scope)).toEqual([...developerKeys.all, 'account-1', 'test']);
  });

  it("no two factories share a root, so one feature's invalidation never reaches another's queries", () => {
    const roots = [
      ...[paymentLinkKeys, donationLinkKeys, digitalItemKeys, collectionKeys, customerKeys, transferKeys, searchKeys, batchKeys],
      ...[dashboardStatsKeys, developerKeys, dashboardKeys, teamKeys, walletPinKeys, businessKeys, invitationKeys, profileKeys],
    ].map((keys) => keys.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
