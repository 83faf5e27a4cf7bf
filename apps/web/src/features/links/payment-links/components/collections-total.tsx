import { Anchor } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import { Link } from 'react-router';

/** The sum collected, leading to the link's collections on the Live page. */
export function CollectionsTotal({ link }: { link: PaymentLink }) {
  return (
    <Anchor component={Link} to={`/live/${encodeURIComponent(link.ref)}`} size="sm" fw={600} c="sente.8">
      {formatMoney(link.collections_total)}
    </Anchor>
  );
}
