import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/profile.ts';
import { usePayoutRules } from '../api/payout-rules.ts';
import { PayoutRulesForm } from './payout-rules-form.tsx';

/** The Payout rules tab of the Transfers page: the rules as read, editable by owners and administrators only. */
export function PayoutRulesView() {
  const rules = usePayoutRules();
  const canManage = useCan('manageAccount');
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          Payout rules
        </Title>
        <Text size="sm" c="gray.7">
          Limits on money leaving this account, in both test and live mode. A payout or transfer over a rule is refused with the
          rule named.
        </Text>
      </div>
      <Card withBorder padding="lg" radius="md">
        {rules.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading payout rules" />
        ) : rules.error ? (
          <Alert color="red">{errorMessage(rules.error)}</Alert>
        ) : (
          // Keyed by the saved time, so a save elsewhere (another tab, another member) loads afresh.
          <PayoutRulesForm key={rules.data.updated_at ?? 'none'} rules={rules.data} readOnly={!canManage} />
        )}
      </Card>
    </Stack>
  );
}
