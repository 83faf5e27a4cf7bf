import { Avatar, Divider, Drawer, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import type { User } from '@sente/contracts/accounts';
import { IconArrowsExchange, IconHelp, IconLock, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { WalletPinModal } from '../../features/transfers/pin/wallet-pin-modal.tsx';
import { useLogout } from '../../lib/logout.ts';
import { useCan } from '../../lib/profile.ts';
import classes from './profile-drawer.module.css';
import { userInitials } from './user-initials.ts';

type ProfileDrawerProps = {
  user: User;
  opened: boolean;
  onClose: () => void;
  onPrivacy: () => void;
  onHelp: () => void;
  onSwitchAccount: () => void;
};

/**
 * Profile drawer: Profile, Privacy, Help and Support, Switch Account, Logout; and, for the roles that move
 * money, Wallet PIN (change or reset one's own PIN, or create it), whose dialog outlives the drawer.
 */
export function ProfileDrawer({ user, opened, onClose, onPrivacy, onHelp, onSwitchAccount }: ProfileDrawerProps) {
  const logout = useLogout();
  const canMoveMoney = useCan('moveMoney');
  const [walletPin, setWalletPin] = useState(false);
  const then = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <>
      <WalletPinModal opened={walletPin} onClose={() => setWalletPin(false)} />
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size="xs"
        // Named so that toasts make room for it (app/notifications.css).
        className="sente-profile-drawer"
        title="Your profile"
        closeButtonProps={{ 'aria-label': 'Close profile menu' }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="sente" variant="filled" radius="xl" aria-hidden>
              {userInitials(user)}
            </Avatar>
            <div className={classes.name}>
              <Text fw={600} truncate>
                {user.firstname} {user.lastname}
              </Text>
              <Text size="sm" c="gray.7" truncate>
                {user.email}
              </Text>
            </div>
          </Group>
          <Divider />
          <nav aria-label="Profile menu">
            <NavLink component={Link} to="/profile" label="Profile" leftSection={<IconUser size={18} />} onClick={onClose} />
            <NavLink component="button" label="Privacy" leftSection={<IconShieldLock size={18} />} onClick={then(onPrivacy)} />
            <NavLink component="button" label="Help and Support" leftSection={<IconHelp size={18} />} onClick={then(onHelp)} />
            {canMoveMoney && (
              <NavLink
                component="button"
                label="Wallet PIN"
                leftSection={<IconLock size={18} />}
                onClick={then(() => setWalletPin(true))}
              />
            )}
            <NavLink
              component="button"
              label="Switch Account"
              leftSection={<IconArrowsExchange size={18} />}
              onClick={then(onSwitchAccount)}
            />
            <NavLink
              component="button"
              label="Logout"
              c="red.9"
              leftSection={<IconLogout size={18} />}
              rightSection={
                logout.isPending ? <Loader size="xs" color="red" role="status" aria-label="Logging out" /> : undefined
              }
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            />
          </nav>
        </Stack>
      </Drawer>
    </>
  );
}
