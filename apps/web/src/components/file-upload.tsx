import { ActionIcon, Button, FileButton, Group, Input, Paper, Text } from '@mantine/core';
import type { UploadFolder } from '@sente/contracts/files';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { uploadFile } from '../lib/upload-file.ts';
import classes from './file-upload.module.css';

type FileUploadProps = {
  label: string;
  folder: UploadFolder;
  /** The storage path of the uploaded file, or null. */
  value: string | null;
  /** The name `value` had when it was uploaded earlier (a saved item being edited); else its storage name shows. */
  storedName?: string | null;
  onChange: (path: string | null) => void;
  accept?: string;
  description?: string;
  error?: string | undefined;
  /** A message when the chosen file must not be sent (wrong type, too large), else null: nothing is uploaded. */
  check?: (file: File) => string | null;
};

const baseName = (path: string) => path.split('/').pop() ?? path;

/**
 * File upload with remove: the file goes to POST /api/files/upload at once, and the widget
 * holds the storage path it answers. A refused file (by `check` or the server) is named under the field, where the
 * person looks, and toasted as before; choosing another file clears it.
 */
export function FileUpload(props: FileUploadProps) {
  const { label, folder, value, storedName, onChange, accept, description, error, check } = props;
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const refuse = (message: string) => {
    setRefusal(message);
    notify.error(message);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, folder),
    onSuccess: (path, file) => {
      setFileName(file.name);
      onChange(path);
    },
    onError: (uploadError) => refuse(errorMessage(uploadError)),
    onSettled: () => resetRef.current?.(),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    setRefusal(null);
    let problem: string | null;
    try {
      problem = check?.(file) ?? null;
    } catch {
      problem = LINK_MESSAGES.couldNotValidateFile;
    }
    if (problem) {
      refuse(problem);
      // Cleared, so choosing the same file again after fixing it still counts as a change.
      resetRef.current?.();
    } else {
      upload.mutate(file);
    }
  };
  const shownError = error ?? refusal ?? undefined;
  const name = value ? (fileName ?? storedName ?? baseName(value)) : null;
  const describedBy = [shownError && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ') || undefined;

  const remove = () => {
    setFileName(null);
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} labelElement="div" id={id} description={description} error={shownError}>
      <div className={classes.file}>
        {value && name ? (
          <Paper withBorder radius="md" px="sm" py={6}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconFile size={18} aria-hidden className={classes.icon} />
                <Text size="sm" truncate="end" title={name}>
                  {name}
                </Text>
              </Group>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} title="Remove file" onClick={remove}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ) : (
          <Group gap="sm">
            <FileButton onChange={choose} accept={accept} resetRef={resetRef}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                  aria-labelledby={`${id}-label ${id}-button`}
                  id={`${id}-button`}
                  aria-describedby={describedBy}
                >
                  Choose file
                </Button>
              )}
            </FileButton>
            {upload.isPending && (
              <Text size="sm" c="gray.7" aria-live="polite">
                Uploading…
              </Text>
            )}
          </Group>
        )}
      </div>
    </Input.Wrapper>
  );
}
