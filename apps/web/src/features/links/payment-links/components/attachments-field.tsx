import { ActionIcon, Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { ATTACHMENT_ACCEPT, formatFileSize, type LinkAttachment, MAX_LINK_ATTACHMENTS } from '@sente/contracts/attachments';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconFile, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { uploadFile } from '../../../../lib/upload-file.ts';
import { checkAttachment } from './attachment-checks.ts';
import classes from './attachments-field.module.css';

type Props = {
  value: LinkAttachment[];
  onChange: (attachments: LinkAttachment[]) => void;
  error?: string | undefined;
};

/**
 * A file upload widget with remove for attachments (decision 034): each chosen file goes to the attachments
 * folder at once and joins the list with its name and size; remove takes it off the link when the form is saved.
 */
export function AttachmentsField({ value, onChange, error }: Props) {
  const id = useId();
  const resetRef = useRef<() => void>(null);
  const [uploading, setUploading] = useState(0);
  // Uploads finish after the merchant may have removed another file: they join the list as it is then.
  const latest = useRef(value);
  latest.current = value;
  const room = MAX_LINK_ATTACHMENTS - value.length - uploading;

  const add = async (files: File[]) => {
    resetRef.current?.();
    if (files.length > room) notify.error(LINK_MESSAGES.tooManyAttachments);
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = checkAttachment(file);
      if (problem) notify.error(problem);
      return !problem;
    });
    if (accepted.length === 0) return;
    setUploading((count) => count + accepted.length);
    const results = await Promise.allSettled(
      accepted.map(async (file): Promise<LinkAttachment> => {
        const path = await uploadFile(file, 'attachments');
        return { path, name: file.name, mime_type: file.type, size_bytes: file.size };
      }),
    );
    setUploading((count) => count - accepted.length);
    for (const result of results) if (result.status === 'rejected') notify.error(errorMessage(result.reason));
    const uploaded = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (uploaded.length > 0) onChange([...latest.current, ...uploaded]);
  };

  const remove = (path: string) => onChange(value.filter((attachment) => attachment.path !== path));
  const describedBy = [error && `${id}-error`, `${id}-description`].filter(Boolean).join(' ');

  return (
    <Input.Wrapper
      label="Attachments"
      labelElement="div"
      id={id}
      description={`Optional. Files customers can open on the pay page, such as a price list or a circular: PDF or image, up to 5 MB each, at most ${MAX_LINK_ATTACHMENTS}.`}
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {value.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} className={classes.list} aria-labelledby={`${id}-label`}>
            {value.map((attachment) => (
              <li key={attachment.path}>
                <Paper withBorder radius="md" px="sm" py={6}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      <IconFile size={18} aria-hidden className={classes.fixed} />
                      <Text size="sm" truncate="end" title={attachment.name}>
                        {attachment.name}
                      </Text>
                      <Text size="xs" c="gray.7" className={classes.fixed}>
                        {formatFileSize(attachment.size_bytes)}
                      </Text>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${attachment.name}`}
                      title="Remove attachment"
                      onClick={() => remove(attachment.path)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
        {(room > 0 || uploading > 0) && (
          <Group gap="sm">
            <FileButton multiple onChange={(files) => void add(files)} accept={ATTACHMENT_ACCEPT} resetRef={resetRef}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPaperclip size={16} aria-hidden />}
                  loading={uploading > 0}
                  id={`${id}-button`}
                  aria-labelledby={`${id}-label ${id}-button`}
                  aria-describedby={describedBy}
                >
                  Add attachment
                </Button>
              )}
            </FileButton>
            {uploading > 0 && (
              <Text size="sm" c="gray.7" aria-live="polite">
                Uploading…
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
