import { Anchor, Button, Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { Account } from '@sente/contracts/accounts';
import { Link } from 'react-router';
import { useFirstStepsPutAway } from './first-steps-store.ts';
import { PROFILE_CHECKS, profileCompletion } from './profile-completion.ts';

function hint(account: Account | null): string {
  if (account && PROFILE_CHECKS.approved(account)) return 'Your account is approved for live payments.';
  if (account && PROFILE_CHECKS.business(account)) {
    return 'Business details saved. Live payments open once we approve your account.';
  }
  return 'Add your business details and documents so we can approve live payments.';
}

/** The way back to the first steps once the merchant closed them (decision 077). */
function ShowFirstSteps({ accountId }: { accountId: string }) {
  const { putAway, showAgain } = useFirstStepsPutAway(accountId);
  if (putAway !== 'dismissed') return null;
  return (
    <Button variant="subtle" size="compact-sm" px={0} c="sente.8" onClick={showAgain} w="fit-content">
      Show first steps
    </Button>
  );
}

/** Profile-completion ring, linking to /business-details, and a way back to the first steps. */
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
          {account && <ShowFirstSteps accountId={account.id} />}
        </Stack>
      </Group>
    </Card>
  );
}
