import { Group, Text } from '@mantine/core';
import type { DonationLink } from '@sente/contracts/links';
import classes from './donation-link-heading.module.css';
import { DonationLinkThumbnail } from './donation-link-thumbnail.tsx';

type Props = { link: Pick<DonationLink, 'image' | 'title' | 'beneficiary'>; compact?: boolean };

/**
 * The link's image, title and beneficiary, wrapping whole; `compact` for a table row, where the title
 * is as small as the other cells.
 */
export function DonationLinkHeading({ link, compact = false }: Props) {
  return (
    <Group gap="sm" wrap="nowrap">
      <DonationLinkThumbnail link={link} size={compact ? 36 : 40} />
      <div className={classes.heading}>
        <Text component="div" size={compact ? 'sm' : undefined} fw={600}>
          {link.title}
        </Text>
        {link.beneficiary && (
          <Text size="xs" c="gray.7">
            For {link.beneficiary}
          </Text>
        )}
      </div>
    </Group>
  );
}
