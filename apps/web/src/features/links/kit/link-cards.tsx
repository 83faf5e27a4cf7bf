import { Paper, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardDetail } from '../../../components/card-detail.tsx';
import classes from './link-kit.module.css';

/** One term of a link card ('Price') and its value. */
export type LinkCardDetail = { term: string; value: ReactNode };

type Props<T> = {
  items: T[];
  /** The card's head: the title, with a thumbnail or a second line where the feature has one. */
  heading: (item: T) => ReactNode;
  details: (item: T) => LinkCardDetail[];
  /** The card's foot: the actions, and whatever else the feature lets the merchant do there. */
  footer: (item: T) => ReactNode;
};

/** The links of every link list on a phone: one card per link, the same fields and actions as the table. */
export function LinkCards<T extends { id: string }>({ items, heading, details, footer }: Props<T>) {
  return (
    <Stack gap="sm" component="ul" className={classes.bareList}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            {heading(item)}
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              {details(item).map(({ term, value }) => (
                <CardDetail key={term} term={term}>
                  {value}
                </CardDetail>
              ))}
            </SimpleGrid>
            {footer(item)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
