import { Group, Image, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { imageUploadHint } from '@sente/contracts/files';
import type { DigitalItem } from '@sente/contracts/links';
import { FileUpload } from '../../../../components/file-upload.tsx';
import { storageUrl } from '../../../../lib/storage-url.ts';
import type { ItemFormValues } from './item-form-values.ts';
import classes from './item-uploads.module.css';
import { checkImage, checkProductFile, IMAGE_ACCEPT } from './upload-checks.ts';

/**
 * The product image (folder uploads: public, it shows on the checkout page) and the product file
 * (folder products: never public, buyers get an expiring download link; decision 005). Editing an item shows its
 * files under the names they were uploaded with.
 */
export function ItemUploads({ form, stored }: { form: UseFormReturnType<ItemFormValues>; stored: DigitalItem | null }) {
  const { image, file } = form.getValues();
  const keepsStoredImage = Boolean(stored?.image) && image === null;
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap={0} className={classes.image}>
          <FileUpload
            label="Product image"
            folder="uploads"
            accept={IMAGE_ACCEPT}
            description={
              keepsStoredImage
                ? 'The current image stays until you upload a new one.'
                : `Shown to buyers on the checkout page. ${imageUploadHint('uploads')}`
            }
            value={image}
            storedName={stored && image === stored.image ? stored.image_name : null}
            onChange={(path) => form.setFieldValue('image', path)}
            error={form.errors.image ? String(form.errors.image) : undefined}
            check={checkImage}
          />
        </Stack>
        {image && <Image src={storageUrl(image)} alt="Product image preview" w={88} h={88} radius="md" fit="cover" />}
      </Group>
      <FileUpload
        label="Product file"
        folder="products"
        description="What buyers download after paying: a PDF, a document, a ZIP, up to 5 MB. It is never public."
        value={file}
        storedName={stored && file === stored.file ? stored.file_name : null}
        onChange={(path) => form.setFieldValue('file', path)}
        error={form.errors.file ? String(form.errors.file) : undefined}
        check={checkProductFile}
      />
    </Stack>
  );
}
