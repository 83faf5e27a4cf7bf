import { Stack, Text, Title } from '@mantine/core';
import { CollectionsReportCard } from '../components/collections-report-card.tsx';

/** Reports: successful collections of the active environment, by period and by channel. */
export function ReportsRoute() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reports
        </Title>
        <Text c="gray.7">Money received through your links, less refunds, in the current mode.</Text>
      </div>
      <CollectionsReportCard />
    </Stack>
  );
}
