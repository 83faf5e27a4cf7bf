import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useResendReceipt } from '../api/collection-detail.ts';

/** Sends the payment's receipt again to the payer's e-mail; the server's answer is the toast. */
export function ResendReceiptButton({ id }: { id: string }) {
  const resend = useResendReceipt(id);
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={resend.isPending}
      onClick={() => resend.mutate()}
    >
      Resend receipt
    </Button>
  );
}
