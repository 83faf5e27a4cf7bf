import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { roleSummary, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { staffInviteInput } from '@sente/contracts/team';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useInviteMember } from '../api/team.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

type Values = { email: string; staff_role: string };

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/**
 * Invite Member: an e-mail and one of the six roles ('Email is missing', 'Role is missing'). Under the
 * Role field, what the chosen role may do (docs/features.md#roles), so that the inviter picks the one that fits.
 */
export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteMember();
  const [role, setRole] = useState('');
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { email: '', staff_role: '' },
    validate: zod4Resolver(staffInviteInput),
    onValuesChange: (values) => setRole(values.staff_role),
  });
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite Member" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          invite.mutate(staffInviteInput.parse(values), {
            onSuccess: close,
          }),
        )}
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="name@example.com"
            data-autofocus
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            placeholder="Choose a role"
            description={isRole(role) ? roleSummary(role) : 'Choose a role to see what it may do.'}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={ROLE_OPTIONS}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('staff_role')}
            {...form.getInputProps('staff_role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
