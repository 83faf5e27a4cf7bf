import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './card-detail.module.css';

type Props = {
  term: string;
  children: ReactNode;
  /** Takes a whole row of the grid (long values: e-mail addresses). */
  wide?: boolean;
};

/** One term and its value on a phone card; put them in a `<dl>` (SimpleGrid component="dl"). */
export function CardDetail({ term, children, wide = false }: Props) {
  return (
    <div className={wide ? classes.wide : undefined}>
      <Text component="dt" size="xs" c="gray.7">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} className={classes.value}>
        {children}
      </Text>
    </div>
  );
}
