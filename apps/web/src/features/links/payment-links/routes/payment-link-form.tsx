import { useParams } from 'react-router';
import { useCan } from '../../../../lib/profile.ts';
import { LinkFormPage } from '../../kit/link-form-page.tsx';
import { usePaymentLink } from '../api/get-payment-link.ts';
import { PaymentLinkForm } from '../components/payment-link-form.tsx';

/** Payment link form: /new-payment-link creates, /payment-links/edit/:ref edits. */
export function PaymentLinkFormRoute() {
  const { ref } = useParams();
  const canManage = useCan('manageLinks');
  const canUpdateLogo = useCan('manageAccount');
  const details = usePaymentLink(canManage ? ref : undefined);
  return (
    <LinkFormPage
      list={{ path: '/payment-links', title: 'Payment Links' }}
      editingRef={ref}
      canManage={canManage}
      details={details}
    >
      {/* A new key per link, so moving from editing one link to creating another starts afresh. */}
      {(link) => <PaymentLinkForm key={link?.id ?? 'new'} link={link} canUpdateLogo={canUpdateLogo} />}
    </LinkFormPage>
  );
}
