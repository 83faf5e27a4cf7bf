import { Image, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { storageUrl } from '../../../../lib/storage-url.ts';
import classes from './item-thumbnail.module.css';

/** The product image beside its title; decorative, as the title says what it is. */
export function ItemThumbnail({ image, size = 40 }: { image: string | null; size?: number }) {
  if (!image) {
    return (
      <ThemeIcon size={size} radius="md" variant="light" aria-hidden className={classes.thumbnail}>
        <IconPackage size={size / 2} />
      </ThemeIcon>
    );
  }
  return <Image src={storageUrl(image)} alt="" w={size} h={size} radius="md" fit="cover" className={classes.thumbnail} />;
}
