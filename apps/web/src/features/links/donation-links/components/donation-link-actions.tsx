import { Group } from '@mantine/core';
import type { DonationLink } from '@sente/contracts/links';
import { CopyLinkButton, EditLinkButton, OpenLinkButton, QrCodeButton, ShortenLinkButton } from '../../kit/link-actions.tsx';
import { publicLinkUrl } from '../../kit/public-link-url.ts';

/** Row actions: open the public page (a new tab), copy link ({site}/fund/{ref}), edit, shorten link. */
export function DonationLinkActions({ link, canManage }: { link: DonationLink; canManage: boolean }) {
  const url = publicLinkUrl('donation_link', link.ref);
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end">
      <OpenLinkButton url={url} name={link.title} />
      <CopyLinkButton url={url} name={link.title} />
      {canManage && <EditLinkButton to={`/donation-links/edit/${encodeURIComponent(link.ref)}`} name={link.title} />}
      <ShortenLinkButton url={url} name={link.title} />
      <QrCodeButton link={{ ref: link.ref, title: link.title, url }} />
    </Group>
  );
}
