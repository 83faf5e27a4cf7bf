import type { LinkAttachment, PublicAttachment } from '@sente/contracts/attachments';
import { FILE_MESSAGES } from '@sente/contracts/files';
import type { ExtraField } from '@sente/contracts/links';
import { PAYMENT_MESSAGES as M, type PublicLink } from '@sente/contracts/payments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import type { FilesService, StoredFile } from '../files/service.ts';
import { listAttachments } from '../links/attachments-repository.ts';
import { findPublicLink, type PublicLinkRecord } from './repository.ts';

const storageUrl = (path: string | null) => (path ? `/storage/${path}` : null);

/** The link is paying now: a disabled payment or donation link and a hidden item are not. */
export const isUnavailable = (link: PublicLinkRecord) => link.is_disabled || link.is_hidden;

/** An attachment's stored name, `<uuid>.<ext>` (files/service.ts makes every storage path end so). */
const ATTACHMENT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** Where the payer opens an attachment: under its link, by the file's stored name, never by its storage path. */
function toPublicAttachment(ref: string, attachment: LinkAttachment): PublicAttachment {
  const storedName = attachment.path.split('/').pop() ?? '';
  return {
    name: attachment.name,
    url: `/api/public/links/${encodeURIComponent(ref)}/attachments/${storedName}`,
    mime_type: attachment.mime_type,
    size_bytes: attachment.size_bytes,
  };
}

function toPublicLink(link: PublicLinkRecord, attachments: PublicAttachment[]): PublicLink {
  const isDonation = link.kind === 'donation_link';
  return {
    kind: link.kind,
    ref: link.ref,
    environment: link.active_environment,
    title: link.title,
    description: link.description,
    amount: isDonation || (link.kind === 'payment_link' && !link.fixed_amount) ? 0 : Number(link.amount),
    fixed_amount: link.kind === 'digital_item' || (link.kind === 'payment_link' && link.fixed_amount),
    original_price: link.kind === 'digital_item' && link.original_price !== null ? Number(link.original_price) : null,
    category: link.category,
    type: link.type,
    beneficiary: link.beneficiary,
    image_url: storageUrl(link.image),
    extra_fields: link.extra_fields as ExtraField[],
    merchant: { name: link.account_name, logo_url: storageUrl(link.company_logo) },
    raised: isDonation ? Number(link.raised) : null,
    target: isDonation ? Number(link.amount) : null,
    disabled: isUnavailable(link),
    attachments,
  };
}

export async function publicLinkOrThrow(db: Kysely<Database>, ref: string) {
  const link = ref.length <= 40 ? await findPublicLink(db, ref) : undefined;
  if (!link) throw notFound(M.linkNotFound);
  return link;
}

/** The pay page's view of a link and the attachments it offers. */
export function createPublicLinks(options: { db: Kysely<Database>; files: FilesService }) {
  const { db, files } = options;

  /** A payment link's attachments while it takes payments; a disabled link offers none. */
  async function activeAttachments(link: PublicLinkRecord): Promise<LinkAttachment[]> {
    return link.kind === 'payment_link' && !isUnavailable(link) ? listAttachments(db, link.id) : [];
  }

  return {
    /**
     * Whether a customer page has a link to show (the SPA's fallback asks before it sends the page, decision 076): a
     * link of any kind and state (its page says when it is not paying); else the 404 of an unknown link.
     */
    async findPublicPage(ref: string): Promise<void> {
      await publicLinkOrThrow(db, ref);
    },

    async publicLink(ref: string): Promise<PublicLink> {
      const link = await publicLinkOrThrow(db, ref);
      return toPublicLink(
        link,
        (await activeAttachments(link)).map((attachment) => toPublicAttachment(link.ref, attachment)),
      );
    },

    /** An attachment of an active payment link, by its stored name; any other name, link or state is the same 404. */
    async attachment(ref: string, name: string): Promise<StoredFile & { name: string }> {
      const link = ATTACHMENT_NAME.test(name) && ref.length <= 40 ? await findPublicLink(db, ref) : undefined;
      const attached = link && (await activeAttachments(link)).find((attachment) => attachment.path.endsWith(`/${name}`));
      if (!link || !attached) throw notFound(FILE_MESSAGES.fileNotFound);
      return { ...(await files.openPrivate(attached.path, link.account_id, 'attachments')), name: attached.name };
    },
  };
}
