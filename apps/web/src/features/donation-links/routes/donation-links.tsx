import { LINK_MESSAGES } from '@sente/contracts/messages';
import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useCan } from '../../../lib/profile.ts';
import { useDonationLinks } from '../api/get-donation-links.ts';
import { DonationLinkCards } from '../components/donation-link-cards.tsx';
import { DonationLinksTable } from '../components/donation-links-table.tsx';

/** Spec §2 donation links list. */
export function DonationLinksRoute() {
  const canManage = useCan('manageLinks');
  return (
    <LinkListPage
      title="Donation Links"
      intro="Raise money for a cause: supporters give by mobile money or card."
      create={canManage ? { path: '/new-donation-link', label: 'New Donation Link' } : null}
      emptyMessage={LINK_MESSAGES.noDonationLinks}
      list={useDonationLinks()}
      table={(links) => <DonationLinksTable links={links} canManage={canManage} />}
      cards={(links) => <DonationLinkCards links={links} canManage={canManage} />}
    />
  );
}
