import { ActionIcon, Box, Container, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { MESSAGES } from '@sente/contracts/messages';
import { IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Brand } from '../../../../components/brand.tsx';
import { DownloadButton } from '../../../../components/download-button.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ErrorState } from '../../../../components/error-state.tsx';
import { LoadMore } from '../../../../components/load-more.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { PaymentDrawer } from '../../../payments/index.ts';
import { liveDownloadPath, useLivePage } from '../api/get-live-page.ts';
import { LiveCards } from '../components/live-cards.tsx';
import { liveCounts, liveFileName } from '../components/live-labels.ts';
import { LiveTable } from '../components/live-table.tsx';
import classes from './live.module.css';

/**
 * Live payment link page, full page without the dashboard shell: the link's title with a close link
 * back to /payment-links, the total of its successful collections, and its collections with one column per
 * extra field, asked again every 120000 ms. Load More goes back through the whole history; Download exports all of it.
 * A payment opens over it (`?payment=<id>`).
 */
export function LiveRoute() {
  const { ref = '' } = useParams();
  const live = useLivePage(ref);
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, true, { getInitialValueInEffect: false });
  const { page, items } = live;
  const extraLabels = page?.link.extra_fields.map((field) => field.label) ?? [];
  const title = page?.link.title;

  useEffect(() => {
    document.title = title ? `Live · ${title} · Sente` : 'Live · Sente';
  }, [title]);

  return (
    <Box bg="gray.0" mih="100dvh">
      <Container size="xl" py="lg" component="main">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} className={classes.heading}>
              <Brand size="md" />
              <Title order={1} size="h2" className={classes.title}>
                {page?.link.title ?? 'Live payment link'}
              </Title>
            </Stack>
            <ActionIcon component={Link} to="/payment-links" variant="default" size="lg" radius="xl" aria-label="Close live page">
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>

          {live.isPending ? (
            <PageLoader />
          ) : !page ? (
            <ErrorState error={live.error} onRetry={live.refetch} />
          ) : (
            <>
              {live.error && <ErrorState error={live.error} onRetry={live.refetch} />}
              <Paper withBorder radius="md" p="lg">
                <Text size="sm" c="gray.7" id="live-total-label">
                  Total collected
                </Text>
                <Text component="div" fz={32} fw={700} lh={1.2} aria-labelledby="live-total-label" data-testid="live-total">
                  {formatMoney(page.total_successful)}
                </Text>
                <Group justify="space-between" align="flex-end" gap="xs" mt={4}>
                  <Text size="xs" c="gray.7">
                    {liveCounts(page.successful_count, page.totalItems, items.length)} · refreshed{' '}
                    {formatDateTime(new Date(live.updatedAt))}
                  </Text>
                  {items.length > 0 && (
                    <DownloadButton path={liveDownloadPath(page.link.ref)} fileName={liveFileName(page.link.title)} />
                  )}
                </Group>
              </Paper>
              {items.length === 0 ? (
                <Paper withBorder radius="md" p="lg">
                  <EmptyState message={MESSAGES.noCollectionsYet} />
                </Paper>
              ) : wide ? (
                <Paper withBorder radius="md">
                  <LiveTable items={items} extraLabels={extraLabels} />
                </Paper>
              ) : (
                <LiveCards items={items} extraLabels={extraLabels} />
              )}
              <LoadMore hasMore={live.hasMore} loading={live.loadingMore} onLoad={live.loadMore} />
            </>
          )}
        </Stack>
      </Container>
      <PaymentDrawer />
    </Box>
  );
}
