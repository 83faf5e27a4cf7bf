import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../../components/brand.tsx';

export function NotFoundRoute() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md">
        <Brand />
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center" maw={360}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={RouterLink} to="/">
          Home
        </Button>
      </Stack>
    </Center>
  );
}
