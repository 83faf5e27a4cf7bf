import { ListPage } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../lib/profile.ts';
import { useDonationLinks } from '../api/get-donation-links.ts';
import { DonationLinkCards } from '../components/donation-link-cards.tsx';
import { DONATION_LINKS_PAGE } from '../components/donation-link-labels.ts';
import { DonationLinksTable } from '../components/donation-links-table.tsx';

/** Donation links list. */
export function DonationLinksRoute() {
  const canManage = useCan('manageLinks');
  return (
    <ListPage
      {...DONATION_LINKS_PAGE}
      create={canManage ? DONATION_LINKS_PAGE.create : null}
      list={useDonationLinks()}
      table={(links) => <DonationLinksTable links={links} canManage={canManage} />}
      cards={(links) => <DonationLinkCards links={links} canManage={canManage} />}
    />
  );
}
