import { Table } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import classes from './scroll-table.module.css';

type Props = { minWidth: number; label: string; children: ReactNode };

/** Which sides hide columns; a pixel of slack absorbs the fractions of zoomed screens. */
type Hidden = { left: boolean; right: boolean };

function hiddenSides(viewport: HTMLElement): Hidden {
  const overflow = viewport.scrollWidth - viewport.clientWidth;
  return { left: overflow > 1 && viewport.scrollLeft > 1, right: overflow > 1 && viewport.scrollLeft < overflow - 1 };
}

function hintText({ left, right }: Hidden): string {
  if (left && right) return 'More columns on both sides: scroll sideways';
  return right ? 'More columns to the right: scroll sideways' : 'More columns to the left: scroll back';
}

/**
 * A table that scrolls sideways below its width. The scrolling box is a labelled region that takes focus, so a
 * keyboard user can scroll it with the arrow keys too (axe: scrollable-region-focusable). While columns are out of
 * view, a shadow darkens the edge that hides them and a line above the table says where they are; the region is
 * described by that line, so a screen reader announces it on focus.
 */
export function ScrollTable({ minWidth, label, children }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });

  const measure = useCallback(() => {
    if (!viewport.current) return;
    const next = hiddenSides(viewport.current);
    setHidden((last) => (last.left === next.left && last.right === next.right ? last : next));
  }, []);

  // Measured before the first paint, and again whenever the box or the table changes size (a resize, a new column).
  useLayoutEffect(() => {
    measure();
    const box = viewport.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const hiding = hidden.left || hidden.right;
  return (
    <div>
      {hiding && (
        <p className={classes.hint} id={hintId}>
          {hidden.left && !hidden.right && <IconArrowLeft size={14} aria-hidden />}
          {hintText(hidden)}
          {hidden.right && <IconArrowRight size={14} aria-hidden />}
        </p>
      )}
      <div className={classes.frame} data-more-left={hidden.left || undefined} data-more-right={hidden.right || undefined}>
        <Table.ScrollContainer
          minWidth={minWidth}
          scrollAreaProps={{
            viewportRef: viewport,
            onScrollPositionChange: measure,
            viewportProps: {
              tabIndex: 0,
              role: 'region',
              'aria-label': label,
              ...(hiding ? { 'aria-describedby': hintId } : {}),
            },
          }}
        >
          {children}
        </Table.ScrollContainer>
      </div>
    </div>
  );
}
