import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { type BankDetails, bankDetailsInput } from '@sente/contracts/transfers-input';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useUpdateBankDetails } from '../api/update-bank-details.ts';
import classes from './bank-details-form.module.css';

/** Bank Details tab: the first of the account's bank details (settlements go there). */
export function BankDetailsForm({ bank, readOnly }: { bank: BankDetails | undefined; readOnly: boolean }) {
  const save = useUpdateBankDetails();
  const form = useForm({
    initialValues: { bank_name: '', account_number: '', account_name: '', ...bank },
    validate: zod4Resolver(bankDetailsInput),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values, { onSuccess: () => form.resetDirty() }))}>
      <fieldset disabled={readOnly} className={classes.fieldset}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Bank name"
              maxLength={TEXT_LIMITS.bankName.max}
              key={form.key('bank_name')}
              {...form.getInputProps('bank_name')}
            />
            <TextInput
              label="Account number"
              inputMode="numeric"
              maxLength={TEXT_LIMITS.bankAccountNumber.max}
              key={form.key('account_number')}
              {...form.getInputProps('account_number')}
            />
            <TextInput
              label="Account name"
              maxLength={TEXT_LIMITS.bankAccountName.max}
              key={form.key('account_name')}
              {...form.getInputProps('account_name')}
            />
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save Bank Details
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
