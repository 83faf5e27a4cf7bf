import { ActionIcon, CopyButton, Group, Text } from '@mantine/core';
import { MESSAGES } from '@sente/contracts/messages';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './payment-details.module.css';

/** An identifier shown whole with a button that copies it, named for what it copies ('Copy transaction ID'). */
export function CopyValue({ value, name }: { value: string; name: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Group component="span" gap={4} wrap="nowrap" align="center">
          <span className={classes.mono}>{value}</span>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" aria-label={`Copy ${name}`} onClick={copy}>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
          <Text span size="xs" c="teal.9" role="status">
            {copied ? MESSAGES.copied : ''}
          </Text>
        </Group>
      )}
    </CopyButton>
  );
}
