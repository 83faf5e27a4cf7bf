import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';

/** The frame of the public pages: brand, a card with the form, light enough for a slow phone. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh" py={40} px="md" component="main">
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Brand size="xl" />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
