import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { User } from '@sente/contracts/accounts';
import { STAFF_ROLE_LABELS } from '@sente/contracts/constants';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useSwitchAccount } from '../api/switch-account.ts';

/** Every account the user belongs to, with their role there and a Switch (or 'current'). */
export function AccountsTable({ user, onSwitched }: { user: User; onSwitched: () => void }) {
  const switchAccount = useSwitchAccount();
  const switchingTo = switchAccount.isPending ? switchAccount.variables?.sente_account_id : undefined;

  return (
    <ScrollTable minWidth={320} label="Accounts table">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th ta="right">
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {user.staff_profiles.map(({ id, staff_role, sente_account }) => (
            <Table.Tr key={id}>
              <Table.Td fw={500}>{sente_account.account_name}</Table.Td>
              <Table.Td>{STAFF_ROLE_LABELS[staff_role]}</Table.Td>
              <Table.Td ta="right">
                {sente_account.id === user.current_account?.id ? (
                  <Text span size="sm" fw={600} c="sente.8">
                    current
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Switch to ${sente_account.account_name}`}
                    loading={switchingTo === sente_account.id}
                    disabled={switchingTo !== undefined && switchingTo !== sente_account.id}
                    onClick={() => switchAccount.mutate({ sente_account_id: sente_account.id }, { onSuccess: onSwitched })}
                  >
                    Switch
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
