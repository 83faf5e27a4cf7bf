import { useParams } from 'react-router';
import { useCan } from '../../../../lib/profile.ts';
import { LinkFormPage } from '../../kit/link-form-page.tsx';
import { useDigitalItem } from '../api/get-digital-item.ts';
import { DigitalItemForm } from '../components/digital-item-form.tsx';

/** Digital item form: /new-sente-digital-item creates, /sente-digital-items/edit/:ref edits. */
export function DigitalItemFormRoute() {
  const { ref } = useParams();
  const canManage = useCan('manageLinks');
  const details = useDigitalItem(canManage ? ref : undefined);
  return (
    <LinkFormPage
      list={{ path: '/sente-digital-items', title: 'Digital Hub' }}
      editingRef={ref}
      canManage={canManage}
      details={details}
    >
      {(item) => <DigitalItemForm key={item?.id ?? 'new'} item={item} />}
    </LinkFormPage>
  );
}
