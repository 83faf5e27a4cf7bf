import { Alert, Anchor, Stack } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import { BATCH_MESSAGES as B, type PayoutBatch } from '@sente/contracts/payout-batches';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../../components/error-state.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { useBatch } from '../api/batches.ts';
import { ApprovalActions } from '../components/approval-actions.tsx';
import { BatchCounts } from '../components/batch-counts.tsx';
import { BatchHeader } from '../components/batch-header.tsx';
import { BatchHistory } from '../components/batch-history.tsx';
import { BatchRows } from '../components/batch-rows.tsx';
import { DraftActions } from '../components/draft-actions.tsx';
import { ResultActions } from '../components/result-actions.tsx';

const PAID_OUT: readonly PayoutBatch['status'][] = ['paying', 'completed', 'partially_completed', 'failed'];

/** Before approval, a batch whose total with charges is above the wallet's balance says by how much. */
function BalanceShort({ batch }: { batch: PayoutBatch }) {
  const short = batch.total_amount + batch.total_charges - batch.wallet_balance;
  if (!['draft', 'submitted'].includes(batch.status) || short <= 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {B.balanceShort(formatMoney(short))}
    </Alert>
  );
}

/** What may be done with the batch now, by its status and by what the API says the caller may do. */
function BatchActions({ batch }: { batch: PayoutBatch }) {
  if (batch.status === 'draft' && batch.can.edit) return <DraftActions batch={batch} />;
  if (batch.status === 'submitted') return <ApprovalActions batch={batch} />;
  if (PAID_OUT.includes(batch.status)) return <ResultActions batch={batch} />;
  return null;
}

/**
 * A payout batch (/settlements/batches/:id): its heading and progress, read again every 2 s while its names are checked
 * or its rows paid; what may be done with it now; its counts, its rows and its history.
 */
export function BatchRoute() {
  const { id = '' } = useParams();
  const batch = useBatch(id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/settlements?view=batches" size="sm">
        <IconArrowLeft size={14} aria-hidden /> Payout batches
      </Anchor>
      {batch.isPending ? (
        <PageLoader />
      ) : batch.error ? (
        <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />
      ) : (
        <>
          <BatchHeader batch={batch.data} />
          <BalanceShort batch={batch.data} />
          <BatchActions batch={batch.data} />
          <BatchCounts counts={batch.data.counts} />
          <BatchRows batch={batch.data} />
          <BatchHistory events={batch.data.events} />
        </>
      )}
    </Stack>
  );
}
