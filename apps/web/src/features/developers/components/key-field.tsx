import { Button, Group, TextInput } from '@mantine/core';
import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';
import classes from './key-field.module.css';

async function copyWithToast(value: string) {
  if (await copyText(value)) notify.success(MESSAGES.copied);
  else notify.info(DEVELOPER_MESSAGES.copyFailed);
}

/** Api Keys: one key, read-only and shown whole, with Copy ('Copied'). */
export function KeyField({ label, value }: { label: string; value: string | null }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value ?? ''}
        readOnly
        variant="filled"
        spellCheck={false}
        className={classes.field}
        classNames={{ input: classes.input }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        aria-label={`Copy ${label}`}
        disabled={!value}
        onClick={() => value && copyWithToast(value)}
      >
        Copy
      </Button>
    </Group>
  );
}
