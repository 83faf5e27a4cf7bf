import { Avatar } from '@mantine/core';
import type { DonationLink } from '@sente/contracts/links';
import { IconHeartHandshake } from '@tabler/icons-react';
import { storageUrl } from '../../../../lib/storage-url.ts';

/** The link's image beside its title, so a merchant knows a cause at a glance; decorative, the title names it. */
export function DonationLinkThumbnail({ link, size = 40 }: { link: Pick<DonationLink, 'image'>; size?: number }) {
  return (
    <Avatar src={link.image ? storageUrl(link.image) : null} alt="" size={size} radius="md" color="sente" aria-hidden>
      <IconHeartHandshake size={size * 0.5} aria-hidden />
    </Avatar>
  );
}
