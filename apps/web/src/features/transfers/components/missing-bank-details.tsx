import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A Request Transfer needs the bank account it pays into: says so before the PIN step, with the way to add one. */
export function MissingBankDetails() {
  return (
    <Alert color="yellow" variant="light" p="sm" icon={<IconBuildingBank size={18} aria-hidden />}>
      <Stack gap={4}>
        <Text size="sm" c="dark.7">
          {M.bankDetailsMissing}
        </Text>
        <Anchor component={Link} to="/business-details?tab=bank" size="sm" fw={600} c="sente.8">
          Add bank details
        </Anchor>
      </Stack>
    </Alert>
  );
}
