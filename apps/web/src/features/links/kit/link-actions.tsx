import { ActionIcon, Tooltip } from '@mantine/core';
import { SHARING_MESSAGES } from '@sente/contracts/link-sharing';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { IconCopy, IconExternalLink, IconLink, IconPencil, IconQrcode } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';
import { QrShareModal } from './qr-share-modal.tsx';
import { PAYMENT_LINK_SHORTEN_PATH, type ShortenKey, shortenUrl } from './shorten-url.ts';

async function copyWithToast(url: string) {
  if (await copyText(url)) notify.success(MESSAGES.copied);
  else notify.info(LINK_MESSAGES.copyFailed(url));
}

/** The public page itself, as a payer sees it, in a new tab (the dashboard stays where it was). */
export function OpenLinkButton({ url, name }: { url: string; name: string }) {
  return (
    <ActionIcon
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      variant="subtle"
      size="lg"
      aria-label={`Open public page for ${name} (new tab)`}
      title="Open public page"
    >
      <IconExternalLink size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Icon button copying a public link; `name` is what the link is for (its title). */
export function CopyLinkButton({ url, name }: { url: string; name: string }) {
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={`Copy link for ${name}`}
      title="Copy link"
      onClick={() => copyWithToast(url)}
    >
      <IconCopy size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Shorten link: shortens the public link and copies the short one; 'Failed to process shortened URL.' otherwise. */
export function ShortenLinkButton({
  url,
  name,
  path = PAYMENT_LINK_SHORTEN_PATH,
}: {
  url: string;
  name: string;
  path?: ShortenKey;
}) {
  const shorten = useMutation({
    mutationFn: () => shortenUrl(url, path),
    onSuccess: copyWithToast,
    onError: () => notify.error(LINK_MESSAGES.shortenFailed),
  });
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={`Shorten link for ${name}`}
      title="Shorten and copy link"
      loading={shorten.isPending}
      onClick={() => shorten.mutate()}
    >
      <IconLink size={18} aria-hidden />
    </ActionIcon>
  );
}

/** The edit action of a link row: a pencil to the link's form. */
export function EditLinkButton({ to, name }: { to: string; name: string }) {
  return (
    <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={`Edit ${name}`} title="Edit">
      <IconPencil size={18} aria-hidden />
    </ActionIcon>
  );
}

/**
 * The QR code action: a modal with the link's QR code, its poster and the ways to share it. A disabled link has
 * neither (decision 076): the action stays in its place, marked disabled, and says why on hover, focus and to a
 * screen reader.
 */
export function QrCodeButton({
  link,
  path,
  disabled = false,
}: {
  link: { ref: string; title: string; url: string };
  path?: ShortenKey;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  if (disabled) {
    return (
      <Tooltip label={SHARING_MESSAGES.qrOffReason} withArrow>
        {/* Mantine's way to a disabled action with a tooltip: data-disabled keeps it focusable, the click does nothing. */}
        <ActionIcon
          variant="subtle"
          size="lg"
          data-disabled
          aria-disabled
          aria-label={SHARING_MESSAGES.qrOff(link.title)}
          onClick={(event) => event.preventDefault()}
        >
          <IconQrcode size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`QR code for ${link.title}`}
        title="QR code"
        onClick={() => setOpened(true)}
      >
        <IconQrcode size={18} aria-hidden />
      </ActionIcon>
      {opened && <QrShareModal opened onClose={() => setOpened(false)} link={link} shortenPath={path} />}
    </>
  );
}
