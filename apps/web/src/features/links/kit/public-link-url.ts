import { type LinkKind, PUBLIC_LINK_PATHS } from '@sente/contracts/links';

/** Public link shapes: {site}/pay/{ref}, {site}/fund/{ref}, {site}/checkout/{ref}. */
export function publicLinkUrl(kind: LinkKind, ref: string): string {
  return `${window.location.origin}${PUBLIC_LINK_PATHS[kind]}${encodeURIComponent(ref)}`;
}
