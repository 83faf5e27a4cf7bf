import { ActionIcon, Anchor, Button, Card, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPLIANCE_DOCUMENT_NAMES, type ComplianceFile, complianceFileInput } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { IconFileText, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FileUpload } from '../../../components/file-upload.tsx';
import { useComplianceFiles, useRemoveComplianceFile, useSaveComplianceFiles } from '../api/compliance-files.ts';
import { CERTIFICATE_ACCEPT } from './business-details-form.tsx';
import classes from './compliance-documents.module.css';

type Row = { key: number; file_name: string | null; other_name: string; file_path: string | null };
type RowErrors = Partial<Record<'file_name' | 'other_name' | 'file_path', string>>;

let nextKey = 0;
const newRow = (): Row => ({ key: nextKey++, file_name: null, other_name: '', file_path: null });

/** Each row's first message per field, from the same rule the server applies. */
function rowErrors(rows: Row[]): RowErrors[] {
  return rows.map((row) => {
    const result = complianceFileInput.safeParse(row);
    const errors: RowErrors = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] as keyof RowErrors;
      errors[field] ??= issue.message;
    }
    return errors;
  });
}

/** Spec §2 Compliance Documents: the saved files as links, and upload rows saved with Save Files. */
export function ComplianceDocuments({ readOnly }: { readOnly: boolean }) {
  const files = useComplianceFiles();
  const save = useSaveComplianceFiles();
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<RowErrors[]>([]);

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = () => {
    const found = rowErrors(rows);
    setErrors(found);
    if (found.some((row) => Object.keys(row).length > 0)) return;
    save.mutate(
      { files: rows.map(({ file_name, other_name, file_path }) => ({ file_name, other_name, file_path })) as never },
      { onSuccess: () => setRows([newRow()]) },
    );
  };

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
                      value={row.file_name}
                      onChange={(file_name) => change(row.key, { file_name })}
                      error={errors[index]?.file_name}
                    />
                    {rows.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove document ${index + 1}`}
                        onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                  {row.file_name === 'Other' && (
                    <TextInput
                      label={`Specify document ${index + 1}`}
                      value={row.other_name}
                      onChange={(event) => change(row.key, { other_name: event.currentTarget.value })}
                      error={errors[index]?.other_name}
                    />
                  )}
                  <FileUpload
                    label={`File of document ${index + 1}`}
                    folder="certificates"
                    accept={CERTIFICATE_ACCEPT}
                    value={row.file_path}
                    onChange={(file_path) => change(row.key, { file_path })}
                    error={errors[index]?.file_path}
                  />
                </Stack>
              </Paper>
            ))}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setRows([...rows, newRow()])}
              >
                Add document
              </Button>
              <Button onClick={submit} loading={save.isPending}>
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
