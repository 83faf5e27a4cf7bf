import { ActionIcon, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  EXTRA_FIELD_TYPE_LABELS,
  EXTRA_FIELD_TYPES,
  EXTRA_FIELD_TYPES_WITH_OPTIONS,
  type ExtraField,
  type ExtraFieldType,
} from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/notify.ts';

const TYPE_OPTIONS = EXTRA_FIELD_TYPES.map((type) => ({ value: type, label: EXTRA_FIELD_TYPE_LABELS[type] }));

/**
 * Extra Inputs modal: a question the payer answers at checkout. A missing label says
 * 'Label is missing' yet the input is still passed on; empty options are dropped.
 */
export function ExtraInputsModal({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (field: ExtraField) => void;
}) {
  const [type, setType] = useState<ExtraFieldType>('text');
  const [label, setLabel] = useState('');
  const [options, setOptions] = useState<string[]>(['']);
  const optionsLabelId = useId();
  const optionRefs = useRef<(HTMLInputElement | null)[]>([]);
  const focusLast = useRef(false);
  const withOptions = EXTRA_FIELD_TYPES_WITH_OPTIONS.includes(type);

  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    optionRefs.current[options.length - 1]?.focus();
  }, [options.length]);

  const close = () => {
    setType('text');
    setLabel('');
    setOptions(['']);
    onClose();
  };

  const addOption = () => {
    focusLast.current = true;
    setOptions((current) => [...current, '']);
  };

  const addInput = () => {
    const trimmed = label.trim();
    if (!trimmed) notify.error(LINK_MESSAGES.labelMissing);
    const kept = withOptions ? options.map((option) => option.trim()).filter((option) => option !== '') : [];
    onAdd({ type, label: trimmed, options: kept });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Extra Inputs" centered>
      <Stack gap="md">
        <Text size="sm">
          Ask your customers for more details when they pay, such as a size, a delivery address or a student number.
        </Text>
        <NativeSelect
          label="Input type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(event) => setType(event.currentTarget.value as ExtraFieldType)}
        />
        <TextInput
          label="Label"
          placeholder="e.g. T-shirt size"
          maxLength={TEXT_LIMITS.extraFieldLabel.max}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
        />
        {withOptions && (
          <Stack gap="xs" role="group" aria-labelledby={optionsLabelId}>
            <Text size="sm" fw={500} id={optionsLabelId}>
              Options
            </Text>
            {options.map((option, index) => (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place and only the last is ever removed
                key={index}
                ref={(element) => {
                  optionRefs.current[index] = element;
                }}
                aria-label={`Option ${index + 1}`}
                placeholder={`option ${index + 1}`}
                maxLength={TEXT_LIMITS.extraFieldOption.max}
                value={option}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setOptions((current) => current.map((value, position) => (position === index ? next : value)));
                }}
              />
            ))}
            <Group gap="xs">
              <ActionIcon variant="light" size="lg" aria-label="Add option" title="Add option" onClick={addOption}>
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
              {options.length > 1 && (
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  aria-label="Remove last option"
                  title="Remove last option"
                  onClick={() => setOptions((current) => current.slice(0, -1))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button onClick={addInput}>Add Input</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
