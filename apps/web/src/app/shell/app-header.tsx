import { ActionIcon, Avatar, Box, Burger, Group, Text } from '@mantine/core';
import type { User } from '@sente/contracts/accounts';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.tsx';
import classes from './app-header.module.css';
import { SearchBox } from './search-box.tsx';
import { userInitials } from './user-initials.ts';

// The shell's layout places a second box in the phone's navigation.
export { SearchBox } from './search-box.tsx';

type AppHeaderProps = {
  user: User;
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenProfile: () => void;
  modeToggle: ReactNode;
};

/** The header: the current account's name and number, search, mode toggle and profile button. */
export function AppHeader({ user, navOpened, onToggleNav, onOpenProfile, modeToggle }: AppHeaderProps) {
  const account = user.current_account;
  const initials = userInitials(user);
  return (
    <Group h={60} px={{ base: 'sm', sm: 'md' }} gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" className={classes.shrinks}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Box visibleFrom="sm" w={228}>
          <Brand />
        </Box>
        <Box className={classes.shrinks}>
          <Text component="div" fw={700} truncate lh={1.3} data-testid="header-account-name">
            {account?.account_name ?? 'No account selected'}
          </Text>
          {account?.account_number && (
            <Text size="xs" c="gray.7" truncate>
              Account No: {account.account_number}
            </Text>
          )}
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchBox visibleFrom="sm" />
        {modeToggle}
        {/* The name starts with the initials the button shows, so a voice user who says them reaches it (WCAG 2.5.3). */}
        <ActionIcon variant="subtle" radius="xl" size={38} onClick={onOpenProfile} aria-label={`${initials}, open profile menu`}>
          <Avatar color="sente" variant="filled" radius="xl" size={34}>
            {initials}
          </Avatar>
        </ActionIcon>
      </Group>
    </Group>
  );
}
