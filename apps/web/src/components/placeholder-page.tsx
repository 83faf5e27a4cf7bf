import { Card, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A section whose screens arrive with a later release; it says so instead of pretending. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <IconTools size={36} aria-hidden />
          <Text fw={600}>Coming soon</Text>
          <Text c="dimmed" ta="center" maw={480}>
            {description}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
