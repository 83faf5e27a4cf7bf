import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Account, User } from '@sente/contracts/accounts';
import { type Environment, RECENT_COLLECTIONS_COUNT } from '@sente/contracts/constants';
import { formatMoney } from '@sente/contracts/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan, useProfile } from '../../../lib/profile.ts';
import { PaymentDrawer } from '../../payments/index.ts';
import { useUsdWallet } from '../api/get-usd-wallet.ts';
import { AwaitingApprovalCard } from '../components/awaiting-approval-card.tsx';
import { FirstSteps } from '../components/first-steps.tsx';
import { ProfileCompletionCard } from '../components/profile-completion-card.tsx';
import { RecentCollections } from '../components/recent-collections.tsx';
import { TransactionsCard } from '../components/transactions-card.tsx';

function SummaryCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap={6}>
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Dashboard: the wallet balance of the active environment, the USD wallet only when it holds money,
 * transfers (for the roles that move money), profile completion (for the roles that manage the account), the
 * transactions chart, recent collections.
 */
export function DashboardRoute() {
  const { data: user } = useProfile();
  if (!user) return null;
  return user.current_account ? <AccountOverview user={user} account={user.current_account} /> : <NoAccountYet user={user} />;
}

function Greeting({ user }: { user: User }) {
  return (
    <div>
      <Title order={1} size="h2">
        Overview
      </Title>
      <Text c="gray.7">Hello, {user.firstname}!</Text>
    </div>
  );
}

/**
 * Before the first account exists (the Switch Account dialog is open over this), every money call would answer
 * 409 'Select or create an account first': nothing is asked, so no 'Could not load' sits behind the dialog.
 */
function NoAccountYet({ user }: { user: User }) {
  return (
    <Stack gap="lg">
      <Greeting user={user} />
      <Card withBorder padding="lg" radius="md">
        <Text c="gray.7">
          Your balance, collections and transfers show here once you have a business account. Create one, or choose one you were
          invited to, in Switch Account.
        </Text>
      </Card>
    </Stack>
  );
}

function AccountOverview({ user, account }: { user: User; account: Account }) {
  const usd = useUsdWallet(account.id).data;
  const environment: Environment = account.api_keys.active_environment;
  const wallet = account.userWallet;
  const balance = environment === 'test' ? wallet.current_balance_sand_box : wallet.current_balance;
  const usdBalance = (environment === 'test' ? usd?.current_balance_sand_box : usd?.current_balance) ?? 0;
  const mayMoveMoney = useCan('moveMoney');
  const mayManageAccount = useCan('manageAccount');

  return (
    <Stack gap="lg">
      <Greeting user={user} />
      {mayMoveMoney && <AwaitingApprovalCard />}
      <FirstSteps account={account} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <SummaryCard id="wallet-balance" title={environment === 'test' ? 'Wallet balance (test)' : 'Wallet balance'}>
          {/* A figure under its card's heading, not a heading itself: plain text, since a <p> this big reads as a heading
              to axe (p-as-heading). */}
          <Text component="div" fz={28} fw={700} lh={1.2} data-testid="wallet-balance">
            {formatMoney(balance)}
          </Text>
          <Text size="sm" c="gray.7">
            {environment === 'test'
              ? 'Test payments land here; they never touch your live balance.'
              : 'Collections less fees, ready to transfer.'}
          </Text>
        </SummaryCard>
        {usdBalance > 0 && (
          <SummaryCard id="usd-wallet" title={environment === 'test' ? 'USD wallet (test)' : 'USD wallet'}>
            <Text component="div" fz={28} fw={700} lh={1.2} data-testid="usd-balance">
              {formatMoney(usdBalance, 'USD')}
            </Text>
          </SummaryCard>
        )}
        {mayMoveMoney && (
          <SummaryCard id="transfers" title="Transfers">
            <Text size="sm" c="gray.7">
              Send money from your wallet to your bank, to another Sente account or to mobile money, one payout at a time or in
              batches from a sheet.
            </Text>
            <Anchor component={Link} to="/settlements" size="sm" fw={600} c="sente.8">
              Go to transfers
            </Anchor>
          </SummaryCard>
        )}
        {mayManageAccount && <ProfileCompletionCard account={account} />}
      </SimpleGrid>
      <TransactionsCard withUsd={usdBalance > 0} />
      <SummaryCard id="recent-collections" title="Recent collections">
        <RecentCollections count={RECENT_COLLECTIONS_COUNT} />
      </SummaryCard>
      <PaymentDrawer />
    </Stack>
  );
}
