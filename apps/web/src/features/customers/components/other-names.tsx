import { Text } from '@mantine/core';
import type { CustomerRow } from '@sente/contracts/payments';
import { alsoPaidAs } from './customer-labels.ts';
import classes from './other-names.module.css';

/** Under a customer's latest name, the earlier ones: a shared phone keeps every payer's name (decision 036). */
export function OtherNames({ customer }: { customer: CustomerRow }) {
  const text = alsoPaidAs(customer);
  if (!text) return null;
  return (
    <Text size="xs" c="gray.7" className={classes.names}>
      {text}
    </Text>
  );
}
