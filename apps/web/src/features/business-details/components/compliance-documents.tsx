import { ActionIcon, Anchor, Button, Card, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { COMPLIANCE_DOCUMENT_NAMES, type ComplianceFile, complianceFileInput } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { IconFileText, IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { FileUpload } from '../../../components/file-upload.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useComplianceFiles, useRemoveComplianceFile, useSaveComplianceFiles } from '../api/compliance-files.ts';
import { CERTIFICATE_ACCEPT } from './business-details-form.tsx';
import classes from './compliance-documents.module.css';

/** An upload row; `key` only tells React the rows apart (the schema drops it from the body). */
type Row = { key: string; file_name: string | null; other_name: string; file_path: string | null };

const newRow = (): Row => ({ key: randomId(), file_name: null, other_name: '', file_path: null });

/**
 * The rows, each checked by the rule the server applies to it; the body's own limits (at least one, at most 20)
 * are the server's to refuse, in a toast.
 */
const uploadRows = z.object({ files: z.array(complianceFileInput) });

/** A row's field in the body (`files.1.file_path`): the form's path for it too, so a server refusal goes there. */
const ROW_FIELD = /^files\.\d+\.(file_name|other_name|file_path)$/;
const rowFieldErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([path]) => ROW_FIELD.test(path)));

/** Compliance Documents: the saved files as links, and upload rows saved with Save Files. */
export function ComplianceDocuments({ readOnly }: { readOnly: boolean }) {
  const files = useComplianceFiles();
  const save = useSaveComplianceFiles();
  const form = useForm<{ files: Row[] }>({
    initialValues: { files: [newRow()] },
    validate: zod4Resolver(uploadRows, { errorPriority: 'first' }),
  });
  const rows = form.values.files;

  const submit = form.onSubmit((values) => {
    save.mutate(uploadRows.parse(values), {
      onSuccess: () => form.reset(),
      // The refusal's toast comes from the save itself; a row's field it names shows the message too.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(rowFieldErrors(error.fields));
      },
    });
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="compliance-documents">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="compliance-documents">
            Compliance Documents
          </Title>
          <Text size="sm" c="gray.7">
            {BUSINESS_MESSAGES.complianceHint}
          </Text>
        </div>
        <SavedFiles files={files.data} loading={files.isPending} readOnly={readOnly} />
        {!readOnly && (
          <>
            {rows.map((row, index) => (
              <Paper key={row.key} withBorder radius="md" p="sm">
                <Stack gap="sm">
                  <Group align="flex-end" wrap="nowrap">
                    <Select
                      flex={1}
                      label={`Document ${index + 1}`}
                      placeholder="Choose a document"
                      data={COMPLIANCE_DOCUMENT_NAMES}
                      allowDeselect={false}
                      {...form.getInputProps(`files.${index}.file_name`)}
                    />
                    {rows.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove document ${index + 1}`}
                        onClick={() => form.removeListItem('files', index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                  {row.file_name === 'Other' && (
                    <TextInput
                      label={`Specify document ${index + 1}`}
                      maxLength={TEXT_LIMITS.otherDocumentName.max}
                      {...form.getInputProps(`files.${index}.other_name`)}
                    />
                  )}
                  <FileUpload
                    label={`File of document ${index + 1}`}
                    folder="certificates"
                    accept={CERTIFICATE_ACCEPT}
                    value={row.file_path}
                    onChange={(path) => form.setFieldValue(`files.${index}.file_path`, path)}
                    error={form.errors[`files.${index}.file_path`] as string | undefined}
                  />
                </Stack>
              </Paper>
            ))}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.insertListItem('files', newRow())}
              >
                Add document
              </Button>
              <Button onClick={() => submit()} loading={save.isPending}>
                Save Files
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The saved documents as members-only links; owners and administrators may remove one (to correct or replace it). */
function SavedFiles({ files, loading, readOnly }: { files: ComplianceFile[] | undefined; loading: boolean; readOnly: boolean }) {
  const remove = useRemoveComplianceFile();
  const [removing, setRemoving] = useState<ComplianceFile | null>(null);
  if (loading) return <Text size="sm">Loading documents…</Text>;
  if (!files?.length) {
    return (
      <Text size="sm" c="gray.7">
        No documents yet.
      </Text>
    );
  }
  return (
    <>
      <Stack gap={6} component="ul" p={0} m={0} className={classes.list} aria-label="Saved documents">
        {files.map((file) => (
          <Group key={file.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFileText size={18} aria-hidden className={classes.icon} />
              <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm" className={classes.wrap}>
                {file.file_name}
              </Anchor>
            </Group>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={`Remove ${file.file_name}`}
                onClick={() => setRemoving(file)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={MESSAGES.confirmTitle} centered size="sm">
        <Text className={classes.wrap}>{removing ? BUSINESS_MESSAGES.removeFileConfirm(removing.file_name) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setRemoving(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </>
  );
}
