import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { CustomerRow } from '@sente/contracts/payments';
import { CardDetail } from '../../../components/card-detail.tsx';
import classes from './customer-cards.module.css';
import { customerPhone, lastPaid, NOT_GIVEN } from './customer-labels.ts';
import { CustomerPaymentsLink } from './customer-payments-link.tsx';
import { OtherNames } from './other-names.tsx';
import { RefundPending } from './refund-pending.tsx';

/** The customers on a phone: one card per customer, same fields as the table. */
export function CustomerCards({ customers }: { customers: CustomerRow[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Customers" className={classes.list}>
      {customers.map((customer) => (
        <Paper component="li" key={customer.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <div>
              <Text component="div" fw={600} className={classes.names}>
                {customer.names}
              </Text>
              <OtherNames customer={customer} />
            </div>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Phone">{customerPhone(customer.phone)}</CardDetail>
              <CardDetail term="Created">{formatDateTime(customer.created_at)}</CardDetail>
              <CardDetail term="Last paid">{lastPaid(customer)}</CardDetail>
              <CardDetail term="Payments">
                <CustomerPaymentsLink customer={customer} />
              </CardDetail>
              <CardDetail term="Total paid">
                {formatMoney(customer.total_paid)}
                <RefundPending customer={customer} />
              </CardDetail>
              <CardDetail term="Email" wide>
                {customer.email ?? NOT_GIVEN}
              </CardDetail>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
