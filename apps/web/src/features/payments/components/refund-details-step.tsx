import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { formatMoney } from '@sente/contracts/format';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { refundInput } from '@sente/contracts/payments-input';
import { REFUND_LABELS as L, REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CardDetail } from '../../../components/card-detail.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { phoneOrCard } from '../../../lib/format.ts';

export type RefundDetails = { amount: number; reason: string };
export type RefundDetailsForm = UseFormReturnType<RefundDetails>;
/** The fields of the form, by the names of the body: where a server refusal that names one is shown. */
export const REFUND_FIELDS = ['amount', 'reason'] as const;

/**
 * The refund's rules: the contract's (a whole amount of at least UGX 1, a reason), and no more than can still be
 * refunded, in the server's words. The PIN token is the next step's.
 */
const rulesOf = (refundable: number) =>
  refundInput
    .pick({ amount: true, reason: true })
    .refine(({ amount }) => amount <= refundable, { message: R.moreThanLeft(refundable), path: ['amount'] });

/**
 * The form of one opening of the Refund modal: the amount starts at all that can be refunded. It lives as long as the
 * modal, so going back from the PIN step finds it as it was left.
 */
export function useRefundDetails(refundable: number): RefundDetailsForm {
  return useForm<RefundDetails>({
    initialValues: { amount: refundable, reason: '' },
    validate: zod4Resolver(rulesOf(refundable), { errorPriority: 'first' }),
  });
}

type Props = {
  opened: boolean;
  payment: CollectionDetail;
  form: RefundDetailsForm;
  onClose: () => void;
  onContinue: (details: RefundDetails) => void;
};

/**
 * A refund's first step (decision 053): to whom the money goes back, how much (at most what is left) and why; that the fee stays
 * with the payment; then Continue to the wallet PIN.
 */
export function RefundDetailsStep({ opened, payment, form, onClose, onContinue }: Props) {
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const submit = form.onSubmit((details) => onContinue({ amount: details.amount, reason: details.reason.trim() }));
  // What the wallet pays: the amount typed, or all that is left while the field holds no amount.
  const typed = form.values.amount;
  const leaving = Number.isInteger(typed) && typed > 0 ? typed : payment.refundable;
  return (
    <Modal opened={opened} onClose={onClose} title={L.modalTitle} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
            <CardDetail term={L.payer} wide>
              {payment.customer.names} · {phoneOrCard(payment.msisdn)}
            </CardDetail>
            <CardDetail term={L.refundable}>{money(payment.refundable)}</CardDetail>
          </SimpleGrid>
          <MoneyInput
            label={L.amount}
            withAsterisk
            currency={payment.currency}
            value={form.values.amount}
            onChange={(amount) => form.setFieldValue('amount', amount)}
            error={form.errors.amount}
          />
          <Textarea
            label={L.reason}
            placeholder={L.reasonPlaceholder}
            withAsterisk
            autosize
            minRows={2}
            data-autofocus
            maxLength={TEXT_LIMITS.refundReason.max}
            {...form.getInputProps('reason')}
          />
          {payment.fee > 0 && (
            <Text size="sm" c="gray.7">
              {R.feeNotReturned(leaving, payment.fee)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {L.cancel}
            </Button>
            <Button type="submit">{L.continue}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
