import { Alert, Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { paymentState } from '@sente/contracts/payment-states';
import { CHANNEL_LABELS } from '@sente/contracts/payments';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { VIEW_RECEIPT } from '@sente/contracts/receipts';
import { REFUND_LABELS } from '@sente/contracts/refunds';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardDetail } from '../../../components/card-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { phoneOrCard } from '../../../lib/format.ts';
import { useCan } from '../../../lib/profile.ts';
import { CopyValue } from './copy-value.tsx';
import classes from './payment-details.module.css';
import { PaymentRefunds } from './payment-refunds.tsx';
import { PaymentTimeline } from './payment-timeline.tsx';
import { RefundAction } from './refund-action.tsx';
import { ResendReceiptButton } from './resend-receipt-button.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={3} size="h6" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

type Props = {
  payment: CollectionDetail;
  /** Told when a dialog of the payment (Refund) opens over the details and when it closes. */
  onCover?: (covered: boolean) => void;
};

/**
 * All there is to know of one payment: the amount and status, gross, fee and net, the payer, how
 * and where it was paid with the identifiers to copy, the payer's answers, why it failed, and its timeline. Resend
 * receipt shows to the roles with the server's right for it (resendReceipts: those who manage links, and Customer Support), when the payment is successful and the
 * payer gave an e-mail; View receipt opens the payer's receipt page (decision 068) of a successful payment. Its refunds (decision 053): how much was refunded (paid) and is pending (decision 073), Refund for the roles that move money
 * (refund-action.tsx), and each refund.
 */
export function PaymentDetails({ payment, onCover }: Props) {
  const mayResend = useCan('resendReceipts');
  const mayRefund = useCan('moveMoney');
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const refunded = payment.amount_refunded > 0;
  const refundPending = payment.amount_refund_pending > 0;
  const figures = 3 + Number(refunded) + Number(refundPending);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text component="div" fz={32} fw={700} lh={1.2} data-testid="payment-amount">
            {money(payment.amount)}
          </Text>
          <StatusBadge status={paymentState(payment)} />
        </Group>
        <Text size="sm" c="gray.7">
          {formatDateTime(payment.created_at)}
          {payment.completed_at && ` · completed ${formatDateTime(payment.completed_at)}`}
        </Text>
        {((mayResend && payment.can_resend_receipt) || mayRefund || payment.receipt_url) && (
          <Group mt="xs" gap="sm">
            {mayResend && payment.can_resend_receipt && <ResendReceiptButton id={payment.id} />}
            {mayRefund && <RefundAction payment={payment} onCover={onCover} />}
            {payment.receipt_url && (
              <Anchor href={payment.receipt_url} target="_blank" rel="noopener" size="sm">
                {VIEW_RECEIPT}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>

      {payment.status === 'failed' && payment.status_message && (
        <Alert color="red" title="Why it failed">
          {payment.status_message}
        </Alert>
      )}

      <Section id="payment-amounts" title="Amounts">
        <SimpleGrid
          component="dl"
          cols={figures > 3 ? { base: 2, xs: figures } : 3}
          spacing="sm"
          m={0}
          className={classes.figures}
        >
          <CardDetail term="Gross">{money(payment.amount)}</CardDetail>
          <CardDetail term="Fee">{money(payment.fee)}</CardDetail>
          <CardDetail term="Net">{money(payment.net)}</CardDetail>
          {refundPending && <CardDetail term={REFUND_LABELS.refundPending}>{money(payment.amount_refund_pending)}</CardDetail>}
          {refunded && <CardDetail term={REFUND_LABELS.refunded}>{money(payment.amount_refunded)}</CardDetail>}
        </SimpleGrid>
        {payment.status === 'successful' && (
          <Text size="xs" c="gray.7">
            The net went to your wallet; Sente keeps the collection fee.
          </Text>
        )}
      </Section>

      <Section id="payment-payer" title="Payer">
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <CardDetail term="Names" wide>
            {payment.customer.names}
          </CardDetail>
          <CardDetail term="Phone/Card">{phoneOrCard(payment.msisdn)}</CardDetail>
          <CardDetail term="E-mail">{payment.payer_email ?? '—'}</CardDetail>
        </SimpleGrid>
      </Section>

      <Section id="payment-payment" title="Payment">
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <CardDetail term="Channel">{CHANNEL_LABELS[payment.collection_channel]}</CardDetail>
          <CardDetail term="Link">
            {payment.link ? (
              <Anchor component={Link} to={`/live/${encodeURIComponent(payment.link.ref)}`} size="sm" c="sente.8">
                {payment.link.title}
              </Anchor>
            ) : (
              '—'
            )}
          </CardDetail>
          <CardDetail term="Transaction ID" wide>
            <CopyValue value={payment.transaction_id} name="transaction ID" />
          </CardDetail>
          <CardDetail term="Provider's reference" wide>
            {payment.provider_reference ? <CopyValue value={payment.provider_reference} name="provider's reference" /> : '—'}
          </CardDetail>
          {payment.reference && (
            <CardDetail term="Your reference" wide>
              <CopyValue value={payment.reference} name="your reference" />
            </CardDetail>
          )}
        </SimpleGrid>
      </Section>

      {payment.extra_data.length > 0 && (
        <Section id="payment-extra" title="Extra data">
          <SimpleGrid component="dl" cols={1} spacing="xs" m={0}>
            {payment.extra_data.map((entry, index) => (
              // The link's labels are the merchant's own and may repeat; their order is what is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <CardDetail key={index} term={entry.label}>
                {entry.value || '—'}
              </CardDetail>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {payment.refunds.length > 0 && (
        <Section id="payment-refunds" title={REFUND_LABELS.section}>
          <PaymentRefunds refunds={payment.refunds} />
        </Section>
      )}

      <Section id="payment-timeline" title="Timeline">
        <PaymentTimeline events={payment.timeline} />
      </Section>
    </Stack>
  );
}
