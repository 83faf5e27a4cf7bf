import { Anchor, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '@sente/contracts/merchant-api';
import classes from './api-usage.module.css';

/** How a merchant's server calls the API with these keys, and where its reference is (served by the API, not the app). */
export function ApiUsage() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Use the API
        </Title>
        <Text size="sm" c="gray.7">
          Send a key as a bearer token on every call to /v1, and an Idempotency-Key with every POST so that a retry never moves
          money twice. With the test key the simulator settles payments and no real money moves.
        </Text>
        {/* Wrapped rather than scrolled: a scrolling block would need to take keyboard focus. */}
        <Code block className={classes.example}>
          {`curl ${window.location.origin}/v1/balance -H "Authorization: Bearer <your test key>"`}
        </Code>
        <Group gap="lg">
          <Anchor href={API_REFERENCE_PATH}>API reference</Anchor>
          <Anchor href={OPENAPI_DOCUMENT_PATH}>OpenAPI document</Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
