import { Alert, Button, Group } from '@mantine/core';
import { MESSAGES } from '@sente/contracts/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client.ts';

/** Shown when a page's data could not load: the server's message, else the spec's fallback. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="Could not load" role="alert">
      <Group justify="space-between" gap="sm">
        <span>{errorMessage(error, MESSAGES.failedSomethingWentWrong)}</span>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
