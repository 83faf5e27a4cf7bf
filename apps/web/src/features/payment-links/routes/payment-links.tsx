import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useState } from 'react';
import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useCan } from '../../../lib/profile.ts';
import { useEnableOrDisablePaymentLink } from '../api/enable-or-disable-payment-link.ts';
import { usePaymentLinks } from '../api/get-payment-links.ts';
import { PaymentLinkCards } from '../components/payment-link-cards.tsx';
import { PaymentLinksTable } from '../components/payment-links-table.tsx';
import { type StatusChange, StatusConfirmModal } from '../components/status-confirm-modal.tsx';

/** Spec §2 payment links list. */
export function PaymentLinksRoute() {
  const canManage = useCan('manageLinks');
  const list = usePaymentLinks();
  const setStatus = useEnableOrDisablePaymentLink();
  const [change, setChange] = useState<StatusChange | null>(null);

  const confirm = ({ link, disable }: StatusChange) => {
    setChange(null);
    setStatus.mutate({ id: link.id, is_disabled: disable });
  };
  const requestChange = (link: StatusChange['link'], disable: boolean) => setChange({ link, disable });

  return (
    <LinkListPage
      title="Payment Links"
      intro="Share a link, get paid by mobile money or card."
      create={canManage ? { path: '/new-payment-link', label: 'New Payment Link' } : null}
      emptyMessage={LINK_MESSAGES.noPaymentLinks}
      list={list}
      table={(links) => <PaymentLinksTable links={links} canManage={canManage} onRequestStatusChange={requestChange} />}
      cards={(links) => <PaymentLinkCards links={links} canManage={canManage} onRequestStatusChange={requestChange} />}
    >
      <StatusConfirmModal change={change} onConfirm={confirm} onClose={() => setChange(null)} />
    </LinkListPage>
  );
}
