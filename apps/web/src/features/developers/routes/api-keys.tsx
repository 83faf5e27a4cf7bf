import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan, useProfile } from '../../../lib/profile.ts';
import { ApiUsage } from '../components/api-usage.tsx';
import { GenerateKeysModal } from '../components/generate-keys-modal.tsx';
import { KeyField } from '../components/key-field.tsx';

/** Api Keys. Only owners, administrators and developers may see the keys (docs/features.md#roles). */
export function ApiKeysRoute() {
  const canManage = useCan('manageDevelopers');
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">
        Api Keys
      </Title>
      {canManage ? (
        <ApiKeysCard />
      ) : (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          {DEVELOPER_MESSAGES.readOnly}
        </Alert>
      )}
      <ApiUsage />
    </Stack>
  );
}

function ApiKeysCard() {
  const account = useProfile().data?.current_account;
  const [confirming, setConfirming] = useState(false);
  // NOTE: the AuthGuard renders nothing below it until the profile has loaded.
  if (!account) return null;
  const { test_key, production_key, encryption_key } = account.api_keys;

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Your server calls Sente with the test key or the live key: the key decides the mode. The encryption key signs the web
          hooks we send you, so that your server can check they came from us. Keep all three secret.
        </Text>
        {test_key === null && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {DEVELOPER_MESSAGES.keysUnreadable}
          </Alert>
        )}
        <KeyField label="Test Key" value={test_key} />
        <KeyField label="Live Key" value={production_key} />
        <KeyField label="Encryption Key" value={encryption_key} />
        <Group justify="flex-end">
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            Generate New Keys
          </Button>
        </Group>
      </Stack>
      <GenerateKeysModal opened={confirming} onClose={() => setConfirming(false)} />
    </Card>
  );
}
