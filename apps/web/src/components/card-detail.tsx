import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  term: string;
  children: ReactNode;
  /** Takes a whole row of the grid (long values: e-mail addresses). */
  wide?: boolean;
};

/** One term and its value on a phone card; put them in a `<dl>` (SimpleGrid component="dl"). */
export function CardDetail({ term, children, wide = false }: Props) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="gray.7">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
