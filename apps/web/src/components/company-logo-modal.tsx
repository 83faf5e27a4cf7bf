import { Button, Center, Group, Image, Modal, Paper, Stack, Text } from '@mantine/core';
import { imageUploadHint } from '@sente/contracts/files';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateLogo } from '../lib/company-logo.ts';
import { useProfile } from '../lib/profile.ts';
import { storageUrl } from '../lib/storage-url.ts';
import { FileUpload } from './file-upload.tsx';

/** Company Logo modal: one logo per account, shown on every payment page it owns. */
export function CompanyLogoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: user } = useProfile();
  const currentLogo = user?.current_account?.companyBranding.company_logo ?? null;
  const [uploaded, setUploaded] = useState<string | null>(null);
  const updateLogo = useUpdateLogo();
  const preview = uploaded ?? currentLogo;

  const close = () => {
    setUploaded(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Company Logo" centered>
      <Stack gap="md">
        <Text size="sm">
          Your logo appears on the page your customers pay on. The new logo applies to all your payment links, existing and
          future.
        </Text>
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Stack gap={6} align="center">
            {preview ? (
              <Image
                src={storageUrl(preview)}
                alt={uploaded ? 'New company logo' : 'Current company logo'}
                h={96}
                w="auto"
                fit="contain"
              />
            ) : (
              <Center h={96} aria-hidden>
                <IconPhoto size={48} stroke={1.2} color="var(--mantine-color-gray-6)" />
              </Center>
            )}
            <Text size="xs" c="gray.7">
              {uploaded ? 'New logo (not saved yet)' : currentLogo ? 'Current logo' : 'No logo yet'}
            </Text>
          </Stack>
        </Paper>
        <FileUpload
          label="New logo"
          description={`A square image looks best. ${imageUploadHint('companylogos')}`}
          folder="companylogos"
          accept="image/png,image/jpeg,image/gif,image/svg+xml,image/webp,image/avif"
          value={uploaded}
          onChange={setUploaded}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button
            disabled={!uploaded}
            loading={updateLogo.isPending}
            onClick={() => uploaded && updateLogo.mutate(uploaded, { onSuccess: close })}
          >
            Update Logo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
