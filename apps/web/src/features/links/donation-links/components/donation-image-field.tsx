import { Image, Paper, Stack } from '@mantine/core';
import { imageUploadHint } from '@sente/contracts/files';
import { FileUpload } from '../../../../components/file-upload.tsx';
import { storageUrl } from '../../../../lib/storage-url.ts';

/** What the upload folder 'uploads' accepts for images (the server reads the type from the bytes). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/svg+xml,image/webp,image/avif';

/**
 * The donation page's image: uploaded at once, previewed from /storage, removable.
 * NOTE: it goes to 'uploads', not the spec's 'certificates': certificates are for the account's
 * members only, and the public /fund/ page must show this image (docs/decisions/005-file-visibility.md).
 */
export function DonationImageField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string | undefined;
}) {
  return (
    <Stack gap="xs">
      <FileUpload
        label="Image"
        description={`Optional. Shown at the top of your donation page. ${imageUploadHint('uploads')}`}
        folder="uploads"
        accept={IMAGE_TYPES}
        value={value}
        onChange={onChange}
        error={error}
      />
      {value && (
        <Paper withBorder radius="md" p="xs" bg="gray.0" maw={360}>
          <Image src={storageUrl(value)} alt="Preview of the donation page image" h={180} fit="contain" radius="sm" />
        </Paper>
      )}
    </Stack>
  );
}
