import { Anchor, Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { Account } from '@sente/contracts/accounts';
import { PROFILE_COMPLETION } from '@sente/contracts/constants';
import { Link } from 'react-router';

/**
 * Spec §2/§4 profile-completion ring. The 0.9 step (business details saved) arrives with the
 * business settings release; until then an account is at 0.6, or 1 once approved.
 */
export function ProfileCompletionCard({ account }: { account: Account | null }) {
  const completion = account?.is_approved ? PROFILE_COMPLETION.approved : PROFILE_COMPLETION.base;
  const percent = Math.round(completion * 100);
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
            {account?.is_approved
              ? 'Your account is approved for live payments.'
              : 'Add your business details and documents so we can approve live payments.'}
          </Text>
          <Anchor component={Link} to="/business-details" size="sm" fw={600} c="sente.8">
            Business details
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}
