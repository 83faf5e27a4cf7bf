import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  NOTIFICATION_LABELS as L,
  NOTIFICATION_MESSAGES as N,
  type NotificationSettings,
  notificationSettingsInput,
} from '@sente/contracts/notifications';
import { formatPhone } from '@sente/contracts/payments';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MoneyInput, moneyField } from '../../../components/money-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';
import { useSaveNotifications } from '../api/notifications.ts';

type Values = Omit<NotificationSettings, 'payment_above' | 'low_balance_below'> & {
  payment_above: number;
  low_balance_below: number;
};
const FIELDS = Object.keys(L) as (keyof typeof L)[];
const EVENTS = ['payment_received', 'daily_summary', 'payout_failed', 'refund_done', 'approval_needed'] as const;

/**
 * A member's alerts for the current account: which events, by e-mail and/or SMS, for live and/or test. The
 * amounts are whole UGX where empty is none. SMS needs a Ugandan mobile in the profile: without one it is off, and says so.
 */
export function NotificationsForm({ settings, smsPhone }: { settings: NotificationSettings; smsPhone: string | null }) {
  const save = useSaveNotifications();
  const form = useForm<Values>({
    initialValues: {
      ...settings,
      payment_above: settings.payment_above ?? 0,
      low_balance_below: settings.low_balance_below ?? 0,
    },
    validate: zod4Resolver(notificationSettingsInput),
  });
  const check = (field: keyof Values) => form.getInputProps(field, { type: 'checkbox' });

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
    <form noValidate onSubmit={submit} aria-label="Notifications">
      <Stack gap="md">
        <Stack gap="xs">
          {EVENTS.map((field) => (
            <Checkbox key={form.key(field)} label={L[field]} {...check(field)} />
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyInput
            key={form.key('payment_above')}
            label={L.payment_above}
            description="Empty: every successful payment."
            {...moneyField(form, 'payment_above')}
          />
          <MoneyInput
            key={form.key('low_balance_below')}
            label={L.low_balance_below}
            description="Told when the UGX wallet drops below it. Empty: off."
            {...moneyField(form, 'low_balance_below')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox key={form.key('by_email')} label={L.by_email} {...check('by_email')} />
          <Checkbox
            key={form.key('by_sms')}
            label={L.by_sms}
            disabled={!smsPhone && !form.getValues().by_sms}
            {...check('by_sms')}
          />
          <Checkbox key={form.key('live')} label={L.live} {...check('live')} />
          <Checkbox key={form.key('test')} label={L.test} {...check('test')} />
        </Group>
        <Text size="sm" c="gray.7">
          {smsPhone ? `SMS go to ${formatPhone(smsPhone)}; a daily summary only from 08:00 to 20:00.` : N.noPhone}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Notifications
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
