import { Anchor } from '@mantine/core';
import type { CustomerRow } from '@sente/contracts/payments';
import { Link } from 'react-router';

/**
 * A customer's view: their payments count opens Collections searched by their number (matched
 * exactly however it was typed), or by their name when they paid by card and have none; every payment there opens.
 */
export function CustomerPaymentsLink({ customer }: { customer: CustomerRow }) {
  const to = `/collections?${new URLSearchParams({ q: customer.phone ?? customer.names })}`;
  return (
    <Anchor component={Link} to={to} aria-label={`Payments of ${customer.names}: ${customer.payments_count}`} c="sente.8">
      {customer.payments_count}
    </Anchor>
  );
}
