import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PAYOUT_RULE_LABELS,
  type PayoutRuleField,
  type PayoutRules,
  payoutRulesInput,
  PAYOUT_RULE_MESSAGES as R,
} from '@sente/contracts/payout-rules';
import { IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MoneyInput, moneyField } from '../../../components/money-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';
import { useSavePayoutRules } from '../api/payout-rules.ts';

type Values = Record<PayoutRuleField, number>;
const FIELDS = Object.keys(PAYOUT_RULE_LABELS) as PayoutRuleField[];

/** What each setting does, under its field. */
const DESCRIPTIONS: Record<PayoutRuleField, string> = {
  per_payout_cap: 'The most one payout, transfer or bank request may move. Empty or 0: no cap.',
  daily_cap:
    'The most that may leave the account in a day (Kampala time), all members and API keys together. Empty or 0: no cap.',
  member_daily_cap: 'The most each member may move out in a day. Empty or 0: no cap.',
  approval_threshold: 'A single movement above this amount also needs a second member to approve it. Empty or 0: off.',
};

/**
 * The account's payout rules (decision 065): three caps and the approval threshold, as whole UGX amounts where empty
 * or 0 is off. Owners and administrators change them; every other member sees them read-only, with a note saying why.
 */
export function PayoutRulesForm({ rules, readOnly }: { rules: PayoutRules; readOnly: boolean }) {
  const save = useSavePayoutRules();
  const form = useForm<Values>({
    initialValues: {
      per_payout_cap: rules.per_payout_cap ?? 0,
      daily_cap: rules.daily_cap ?? 0,
      member_daily_cap: rules.member_daily_cap ?? 0,
      approval_threshold: rules.approval_threshold,
    },
    validate: zod4Resolver(payoutRulesInput),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => form.resetDirty(),
      onError: (error) => {
        const { fields, other } = error instanceof ApiError ? placeServerErrors(error, FIELDS) : { fields: {}, other: [] };
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notify.error(errorMessage(error));
        for (const message of other) notify.error(message);
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Payout rules">
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
            {R.readOnly}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <MoneyInput
              key={form.key(field)}
              label={PAYOUT_RULE_LABELS[field]}
              description={DESCRIPTIONS[field]}
              readOnly={readOnly}
              {...moneyField(form, field)}
            />
          ))}
        </SimpleGrid>
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Payout Rules
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
