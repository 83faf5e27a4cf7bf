import { useState } from 'react';
import { ListPage } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../lib/profile.ts';
import { useEnableOrDisablePaymentLink } from '../api/enable-or-disable-payment-link.ts';
import { usePaymentLinks } from '../api/get-payment-links.ts';
import { PAYMENT_LINKS_PAGE } from '../components/link-type-label.ts';
import { PaymentLinkCards } from '../components/payment-link-cards.tsx';
import { PaymentLinksTable } from '../components/payment-links-table.tsx';
import { type StatusChange, StatusConfirmModal } from '../components/status-confirm-modal.tsx';

/** Payment links list. */
export function PaymentLinksRoute() {
  const canManage = useCan('manageLinks');
  const setStatus = useEnableOrDisablePaymentLink();
  const [change, setChange] = useState<StatusChange | null>(null);

  const confirm = ({ link, disable }: StatusChange) => {
    setChange(null);
    setStatus.mutate({ id: link.id, is_disabled: disable });
  };
  const requestChange = (link: StatusChange['link'], disable: boolean) => setChange({ link, disable });

  return (
    <ListPage
      {...PAYMENT_LINKS_PAGE}
      create={canManage ? PAYMENT_LINKS_PAGE.create : null}
      list={usePaymentLinks()}
      table={(links) => <PaymentLinksTable links={links} canManage={canManage} onRequestStatusChange={requestChange} />}
      cards={(links) => <PaymentLinkCards links={links} canManage={canManage} onRequestStatusChange={requestChange} />}
    >
      <StatusConfirmModal change={change} onConfirm={confirm} onClose={() => setChange(null)} />
    </ListPage>
  );
}
