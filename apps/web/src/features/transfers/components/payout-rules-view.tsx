import { Alert, Card, Loader, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/profile.ts';
import { usePayoutRules } from '../api/payout-rules.ts';
import { PayoutRulesForm } from './payout-rules-form.tsx';

/** The Payout rules tab of the Transfers page: the rules as read, editable by owners and administrators only. */
export function PayoutRulesView() {
  const rules = usePayoutRules();
  const canManage = useCan('manageAccount');
  return (
    <Card withBorder padding="lg" radius="md" maw={880}>
      <Title order={2} size="h3" mb="md">
        Payout rules
      </Title>
      {rules.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading payout rules" />
      ) : rules.error ? (
        <Alert color="red">{errorMessage(rules.error)}</Alert>
      ) : (
        // Keyed by the saved time, so a save elsewhere (another tab, another member) loads afresh.
        <PayoutRulesForm key={rules.data.updated_at ?? 'none'} rules={rules.data} readOnly={!canManage} />
      )}
    </Card>
  );
}
