import { ActionIcon, Button, FileButton, Group, Input, Paper, Text } from '@mantine/core';
import type { UploadFolder } from '@sente/contracts/files';
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
  error?: string;
};

const baseName = (path: string) => path.split('/').pop() ?? path;

/**
 * Spec §2 file upload with remove: the file goes to POST /api/files/upload at once, and the widget
 * holds the storage path it answers. Upload errors toast the server's message.
 */
export function FileUpload({ label, folder, value, storedName, onChange, accept, description, error }: FileUploadProps) {
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, folder),
    onSuccess: (path, file) => {
      setFileName(file.name);
      onChange(path);
    },
    onError: (uploadError) => notify.error(errorMessage(uploadError)),
    onSettled: () => resetRef.current?.(),
  });
  const name = value ? (fileName ?? storedName ?? baseName(value)) : null;
  const describedBy = [error && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ') || undefined;

  const remove = () => {
    setFileName(null);
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} labelElement="div" id={id} description={description} error={error}>
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
            <FileButton onChange={(file) => file && upload.mutate(file)} accept={accept} resetRef={resetRef}>
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
