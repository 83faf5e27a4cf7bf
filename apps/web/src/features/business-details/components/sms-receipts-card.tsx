import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { SMS_RECEIPTS_TEXT as T } from '@sente/contracts/sms-receipts';
import { useSetSmsReceipts } from '../api/sms-receipts.ts';

/** The account's SMS receipts, off by default as texts cost money; only owners and administrators may switch them. */
export function SmsReceiptsCard({ enabled, readOnly }: { enabled: boolean; readOnly: boolean }) {
  const setSmsReceipts = useSetSmsReceipts();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sms-receipts">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sms-receipts">
          {T.title}
        </Title>
        <Text size="sm" c="gray.7">
          {T.description}
        </Text>
        <Checkbox
          label={T.label}
          checked={setSmsReceipts.isPending ? setSmsReceipts.variables : enabled}
          disabled={readOnly || setSmsReceipts.isPending}
          onChange={(event) => setSmsReceipts.mutate(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
