import { Anchor, Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { Account } from '@sente/contracts/accounts';
import { Link } from 'react-router';
import { businessDetailsOf, profileCompletion } from './profile-completion.ts';

function hint(account: Account | null): string {
  if (account?.is_approved) return 'Your account is approved for live payments.';
  if (account && businessDetailsOf(account)) return 'Business details saved. Live payments open once we approve your account.';
  return 'Add your business details and documents so we can approve live payments.';
}

/** Spec §2/§4 profile-completion ring, linking to /business-details. */
export function ProfileCompletionCard({ account }: { account: Account | null }) {
  const percent = Math.round(profileCompletion(account) * 100);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-completion">
      <Group wrap="nowrap" gap="md">
        <RingProgress
          size={96}
          thickness={9}
          roundCaps
          sections={[{ value: percent, color: 'sente.7' }]}
          label={
            <Text ta="center" fw={700} size="sm">
              {percent}%
            </Text>
          }
        />
        <Stack gap={4}>
          <Title order={2} size="h5" id="profile-completion">
            Profile completion
          </Title>
          <Text size="sm" c="gray.7">
            {hint(account)}
          </Text>
          <Anchor component={Link} to="/business-details" size="sm" fw={600} c="sente.8">
            Business details
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}
