import { Group } from '@mantine/core';
import type { PaymentLink } from '@sente/contracts/links';
import { CopyLinkButton, EditLinkButton, OpenLinkButton, QrCodeButton, ShortenLinkButton } from '../../kit/link-actions.tsx';
import { publicLinkUrl } from '../../kit/public-link-url.ts';

/** Row actions: open the public page (a new tab), copy public link, edit, shorten link. */
export function PaymentLinkActions({ link, canManage }: { link: PaymentLink; canManage: boolean }) {
  const url = publicLinkUrl('payment_link', link.ref);
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end">
      <OpenLinkButton url={url} name={link.title} />
      <CopyLinkButton url={url} name={link.title} />
      {canManage && <EditLinkButton to={`/payment-links/edit/${encodeURIComponent(link.ref)}`} name={link.title} />}
      <ShortenLinkButton url={url} name={link.title} />
      <QrCodeButton link={{ ref: link.ref, title: link.title, url }} disabled={link.is_disabled} />
    </Group>
  );
}
