import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CreateAccountInput, createAccountInput } from '@sente/contracts/accounts';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCreateAccount } from '../api/create-account.ts';

/** New Account: an account name, checked on the client ('Account name is missing'). */
export function NewAccountForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const createAccount = useCreateAccount();
  const form = useForm<CreateAccountInput>({
    mode: 'uncontrolled',
    initialValues: { account_name: '' },
    validate: zod4Resolver(createAccountInput),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        createAccount.mutate(values, {
          onSuccess: () => {
            form.reset();
            onDone();
          },
        }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Account name"
          placeholder="e.g. Kampala Crafts Ltd"
          data-autofocus
          withAsterisk
          maxLength={TEXT_LIMITS.accountName.max}
          key={form.key('account_name')}
          {...form.getInputProps('account_name')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={createAccount.isPending}>
              Back
            </Button>
          )}
          <Button type="submit" loading={createAccount.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
