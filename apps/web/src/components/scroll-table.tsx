import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { minWidth: number; label: string; children: ReactNode };

/**
 * A table that scrolls sideways below its width. The scrolling box is a labelled region that takes focus, so a
 * keyboard user can scroll it with the arrow keys too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ minWidth, label, children }: Props) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
