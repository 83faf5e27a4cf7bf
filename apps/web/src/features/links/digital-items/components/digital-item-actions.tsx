import { ActionIcon, Group } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import { IconTrash } from '@tabler/icons-react';
import { CopyLinkButton, EditLinkButton, OpenLinkButton, QrCodeButton, ShortenLinkButton } from '../../kit/link-actions.tsx';
import { publicLinkUrl } from '../../kit/public-link-url.ts';
import { ITEM_SHORTEN_PATH } from '../api/shorten-item-link.ts';

type Props = { item: DigitalItem; canManage: boolean; onRequestDelete: (item: DigitalItem) => void };

/**
 * Row actions: open the checkout page (a new tab), copy the checkout link, shorten it, edit, delete (the last
 * two for roles that manage links).
 */
export function DigitalItemActions({ item, canManage, onRequestDelete }: Props) {
  const url = publicLinkUrl('digital_item', item.ref);
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end">
      <OpenLinkButton url={url} name={item.title} />
      <CopyLinkButton url={url} name={item.title} />
      <ShortenLinkButton url={url} name={item.title} path={ITEM_SHORTEN_PATH} />
      <QrCodeButton link={{ ref: item.ref, title: item.title, url }} path={ITEM_SHORTEN_PATH} />
      {canManage && (
        <>
          <EditLinkButton to={`/sente-digital-items/edit/${encodeURIComponent(item.ref)}`} name={item.title} />
          <ActionIcon
            variant="subtle"
            color="red.8"
            size="lg"
            aria-label={`Delete ${item.title}`}
            title="Delete"
            onClick={() => onRequestDelete(item)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
