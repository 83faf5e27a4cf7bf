import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { EXTRA_FIELD_TYPE_LABELS, type ExtraField } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './extra-inputs-list.module.css';

/** The extra inputs added to a link, each with a remove icon. */
export function ExtraInputsList({
  fields,
  onRemove,
  error,
}: {
  fields: ExtraField[];
  onRemove: (index: number) => void;
  error?: string | undefined;
}) {
  const headingId = useId();
  if (fields.length === 0 && !error) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={headingId}>
        Extra inputs
      </Text>
      <Stack gap="xs" component="ul" aria-labelledby={headingId} className={classes.list}>
        {fields.map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two inputs may share a label; position is their identity here
          <Paper component="li" key={index} withBorder radius="md" px="sm" py="xs">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  {field.label ? (
                    <Text size="sm" fw={600}>
                      {field.label}
                    </Text>
                  ) : (
                    <Text size="sm" fw={600} c="red.8">
                      {LINK_MESSAGES.labelMissing}
                    </Text>
                  )}
                  <Badge variant="light" size="sm" radius="sm">
                    {EXTRA_FIELD_TYPE_LABELS[field.type]}
                  </Badge>
                </Group>
                {field.options.length > 0 && (
                  <Text size="xs" c="gray.7">
                    Options: {field.options.join(', ')}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${field.label || `input ${index + 1}`}`}
                title="Remove input"
                onClick={() => onRemove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
