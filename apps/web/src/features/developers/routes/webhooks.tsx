import { Alert, Card, Stack, Title } from '@mantine/core';
import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { IconLock } from '@tabler/icons-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan, useProfile } from '../../../lib/profile.ts';
import { useWebhookUrls } from '../api/webhook-urls.ts';
import { WebhookDeliveries } from '../components/webhook-deliveries.tsx';
import { WebhookForm } from '../components/webhook-form.tsx';

/**
 * WebHooks, and below the URL fields the recent deliveries (decision 025). Only owners, administrators and
 * developers may see and set them (docs/features.md#roles).
 */
export function WebhooksRoute() {
  const canManage = useCan('manageDevelopers');
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">
        Web Hooks
      </Title>
      {canManage ? (
        <>
          <WebhooksCard />
          <WebhookDeliveries />
        </>
      ) : (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          {DEVELOPER_MESSAGES.readOnly}
        </Alert>
      )}
    </Stack>
  );
}

function WebhooksCard() {
  const account = useProfile().data?.current_account;
  const urls = useWebhookUrls();
  if (!account || urls.isPending) return <PageLoader />;
  if (urls.error) return <ErrorState error={urls.error} onRetry={urls.refetch} />;
  return (
    <Card withBorder padding="lg" radius="md">
      <WebhookForm key={account.id} urls={urls.data} environment={account.api_keys.active_environment} />
    </Card>
  );
}
