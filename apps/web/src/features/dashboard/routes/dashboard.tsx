import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Environment } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { ProfileCompletionCard } from '../components/profile-completion-card.tsx';

const NOT_LIVE_YET = 'Balances, charts and collections appear here once payments are live, in a later release.';

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

/** Spec §2 dashboard, as far as this release goes: it says plainly what arrives later. */
export function DashboardRoute() {
  const { data: user } = useProfile();
  if (!user) return null;
  const environment: Environment | undefined = user.current_account?.api_keys.active_environment;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Overview
        </Title>
        <Text c="gray.7">Hello, {user.firstname}!</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <SummaryCard id="wallet-balance" title={environment === 'test' ? 'Wallet balance (test)' : 'Wallet balance'}>
          <Text fz={28} fw={700} lh={1.2}>
            UGX —
          </Text>
          <Text size="sm" c="gray.7">
            Your UGX wallet balance shows here once payments are live.
          </Text>
        </SummaryCard>
        <SummaryCard id="transfers" title="Transfers">
          <Text size="sm" c="gray.7">
            Move money from your wallet to your bank or to another Sente account.
          </Text>
          <Anchor component={Link} to="/settlements" size="sm" fw={600} c="sente.8">
            Go to transfers
          </Anchor>
        </SummaryCard>
        <ProfileCompletionCard account={user.current_account} />
      </SimpleGrid>
      <SummaryCard id="recent-collections" title="Recent collections">
        <EmptyState message={MESSAGES.noCollectionsYet} />
        <Text size="sm" c="gray.7" ta="center">
          {NOT_LIVE_YET}
        </Text>
      </SummaryCard>
    </Stack>
  );
}
