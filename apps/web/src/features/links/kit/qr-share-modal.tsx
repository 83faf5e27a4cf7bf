import { Alert, Button, Group, Image, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { type PosterSize, SHARING_MESSAGES as S, whatsappShareUrl } from '@sente/contracts/link-sharing';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { IconBrandWhatsapp, IconCopy, IconDownload, IconPrinter, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, routePath } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';
import classes from './link-kit.module.css';
import { type ShortenKey, shortLinkQuery } from './shorten-url.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The link: its ref, its title and its public page's address. */
  link: { ref: string; title: string; url: string };
  shortenPath?: ShortenKey;
};

/** The phone's own share sheet, where the browser has one (most phones; few desktops). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * A link's QR code and the ways to pass it on (docs/features.md#collection-links): the PNG to download, the poster to
 * print (a page the server renders), WhatsApp, the phone's share sheet and the clipboard, each with the link's short link.
 */
export function QrShareModal({ opened, onClose, link, shortenPath }: Props) {
  const [size, setSize] = useState<PosterSize>('a4');
  const short = useQuery({ ...shortLinkQuery(link.url, shortenPath), enabled: opened });
  const png = routePath('GET /api/public/links/:ref/qr.png', { params: { ref: link.ref } });
  const poster = `${routePath('GET /posters/:ref', { params: { ref: link.ref } })}?size=${size}`;

  async function copy(url: string) {
    if (await copyText(url)) notify.success(MESSAGES.copied);
    else notify.info(LINK_MESSAGES.copyFailed(url));
  }

  return (
    <Modal opened={opened} onClose={onClose} title={S.qrTitle(link.title)} centered>
      <Stack align="center" gap="md">
        <Image src={png} alt={S.qrTitle(link.title)} w={240} h={240} fit="contain" />
        {short.isPending && <Loader size="sm" aria-label="Making the short link" />}
        {short.isError && <Alert color="red">{errorMessage(short.error, S.shortLinkFailed)}</Alert>}
        {short.data && (
          <Text size="sm" fw={600} className={classes.breakAnywhere}>
            {short.data}
          </Text>
        )}
        <Button
          component="a"
          href={png}
          download={`${link.ref}-qr.png`}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {S.downloadPng}
        </Button>
        <Group justify="center" gap="xs">
          <SegmentedControl
            aria-label="Poster size"
            value={size}
            onChange={(value) => setSize(value as PosterSize)}
            data={[
              { value: 'a4', label: 'A4' },
              { value: 'a5', label: 'A5' },
            ]}
          />
          <Button
            component="a"
            href={poster}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            {S.printPoster}
          </Button>
        </Group>
        {short.data && <ShareButtons title={link.title} shortUrl={short.data} onCopy={() => copy(short.data)} />}
      </Stack>
    </Modal>
  );
}

function ShareButtons({ title, shortUrl, onCopy }: { title: string; shortUrl: string; onCopy: () => void }) {
  return (
    <Group justify="center" gap="xs">
      <Button
        component="a"
        href={whatsappShareUrl(title, shortUrl)}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
      >
        {S.shareWhatsApp}
      </Button>
      {canShare() && (
        <Button
          variant="default"
          leftSection={<IconShare size={16} aria-hidden />}
          // A payer who closes the share sheet rejects the promise; that is no error.
          onClick={() => navigator.share({ title, text: title, url: shortUrl }).catch(() => undefined)}
        >
          {S.share}
        </Button>
      )}
      <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
        {S.copyLink}
      </Button>
    </Group>
  );
}
