import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The empty state every list shows, with the spec's message ('No Collections Yet!', ...). */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconInbox size={30} />
      </ThemeIcon>
      <Text fw={600}>{message}</Text>
      {action}
    </Stack>
  );
}
