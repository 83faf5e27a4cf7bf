import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../testing/render.tsx';
import { ScrollTable } from './scroll-table.tsx';

/** happy-dom lays nothing out: the box's widths and scroll position are set as a browser would report them. */
function layOut(region: HTMLElement, { scrollWidth, clientWidth, scrollLeft }: Record<string, number>) {
  for (const [name, value] of Object.entries({ scrollWidth, clientWidth })) {
    Object.defineProperty(region, name, { configurable: true, value });
  }
  region.scrollLeft = scrollLeft!;
  fireEvent.scroll(region);
}

function renderTable() {
  render(
    <ScrollTable minWidth={1200} label="Live collections table">
      <Table aria-label="Live collections">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Ada</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>,
  );
  return screen.getByRole('region', { name: 'Live collections table' });
}

describe('wide table scroll cue', () => {
  it('says nothing while every column fits', () => {
    const region = renderTable();
    layOut(region, { scrollWidth: 800, clientWidth: 800, scrollLeft: 0 });
    expect(screen.queryByText(/More columns/)).toBeNull();
    expect(region).not.toHaveAttribute('aria-describedby');
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('names the side that hides columns, shades that edge, and describes the focusable region with it', () => {
    const region = renderTable();
    layOut(region, { scrollWidth: 1200, clientWidth: 600, scrollLeft: 0 });
    const hint = screen.getByText('More columns to the right: scroll sideways');
    expect(region).toHaveAccessibleDescription('More columns to the right: scroll sideways');
    expect(region).toHaveAttribute('aria-describedby', hint.id);
    expect(document.querySelector('[data-more-right]')).not.toBeNull();
    expect(document.querySelector('[data-more-left]')).toBeNull();

    layOut(region, { scrollWidth: 1200, clientWidth: 600, scrollLeft: 300 });
    expect(region).toHaveAccessibleDescription('More columns on both sides: scroll sideways');
    expect(document.querySelector('[data-more-left][data-more-right]')).not.toBeNull();

    layOut(region, { scrollWidth: 1200, clientWidth: 600, scrollLeft: 600 });
    expect(region).toHaveAccessibleDescription('More columns to the left: scroll back');
    expect(document.querySelector('[data-more-right]')).toBeNull();
  });
});
