import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { MESSAGES } from '@sente/contracts/messages';
import classes from './test-mode-banner.module.css';

/** The red strip over every screen while the account is in test mode. */
export function TestModeBanner({ onChange }: { onChange?: () => void }) {
  return (
    <Box bg="red.9" c="white" px="md" h={32} className={classes.banner}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500} c="white">
          {MESSAGES.testModeBanner}
        </Text>
        {onChange && (
          <UnstyledButton onClick={onChange} c="white" fz="sm" fw={700} td="underline">
            change
          </UnstyledButton>
        )}
      </Group>
    </Box>
  );
}
