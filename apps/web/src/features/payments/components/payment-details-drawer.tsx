import { Drawer, Loader, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCollectionDetail } from '../api/collection-detail.ts';
import { PaymentDetails } from './payment-details.tsx';

/** The drawer of payment-drawer.tsx: right side, the whole width of a phone. */
export function PaymentDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const phone = useMediaQuery(`(max-width: ${useMantineTheme().breakpoints.sm})`, false, { getInitialValueInEffect: false });
  // The last payment shown stays in the drawer while it slides away.
  const [shown, setShown] = useState(id);
  if (id !== null && id !== shown) setShown(id);
  // Mantine closes every open overlay on Escape: while a dialog of the payment (Refund) is over the drawer, Escape
  // is that dialog's alone.
  const [covered, setCovered] = useState(false);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size={phone ? '100%' : 'lg'}
      title="Payment"
      closeButtonProps={{ 'aria-label': 'Close payment' }}
    >
      {shown !== null && <PaymentBody id={shown} onCover={setCovered} />}
    </Drawer>
  );
}

function PaymentBody({ id, onCover }: { id: string; onCover: (covered: boolean) => void }) {
  const detail = useCollectionDetail(id);
  if (detail.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader role="status" aria-label="Loading payment" />
      </Stack>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Stack gap={4} py="md" role="alert">
        <Text fw={600}>Payment not found</Text>
        <Text size="sm" c="gray.7">
          {errorMessage(detail.error)}
        </Text>
      </Stack>
    );
  }
  if (detail.error) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <PaymentDetails payment={detail.data} onCover={onCover} />;
}
