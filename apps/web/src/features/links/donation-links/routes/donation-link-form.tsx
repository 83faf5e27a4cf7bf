import { useParams } from 'react-router';
import { useCan } from '../../../../lib/profile.ts';
import { LinkFormPage } from '../../kit/link-form-page.tsx';
import { useDonationLink } from '../api/get-donation-link.ts';
import { DonationLinkForm } from '../components/donation-link-form.tsx';

/** Donation link form: /new-donation-link creates, /donation-links/edit/:ref edits. */
export function DonationLinkFormRoute() {
  const { ref } = useParams();
  const canManage = useCan('manageLinks');
  const canUpdateLogo = useCan('manageAccount');
  const details = useDonationLink(canManage ? ref : undefined);
  return (
    <LinkFormPage
      list={{ path: '/donation-links', title: 'Donation Links' }}
      editingRef={ref}
      canManage={canManage}
      details={details}
    >
      {(link) => <DonationLinkForm key={link?.id ?? 'new'} link={link} canUpdateLogo={canUpdateLogo} />}
    </LinkFormPage>
  );
}
