import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { batchRow } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { ReceiverCell } from './row-cells.tsx';

describe("a row's receiver: the sheet's name beside the one registered behind the number", () => {
  it('marks the registered word the sheet does not have, and says so to a screen reader', async () => {
    const row = batchRow({
      name: 'Peter Achieng',
      name_check: 'mismatch',
      registered_name: 'R*** ACHIENG',
      registered_name_words: [
        { text: 'R***', differs: true },
        { text: 'ACHIENG', differs: false },
      ],
    });
    const { container } = render(<ReceiverCell row={row} />);
    expect(await screen.findByText('Peter Achieng')).toBeVisible();
    const registered = screen.getByText(/Registered as/);
    expect(registered).toHaveTextContent("Registered as R*** (not in the sheet's name) ACHIENG");
    const marked = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(["R*** (not in the sheet's name)"]);
  });

  it('marks nothing when every registered word is in the sheet', async () => {
    const { container } = render(<ReceiverCell row={batchRow()} />);
    expect(await screen.findByText(/Registered as/)).toHaveTextContent('Registered as J*** OKELLO');
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });

  it("shows the sheet's name in plain text, not in a paragraph styled as a heading (axe p-as-heading)", () => {
    render(<ReceiverCell row={batchRow({ name: 'Ada' })} />);
    const name = screen.getByTestId('row-name');
    expect(name).toHaveTextContent('Ada');
    expect(name.tagName).not.toBe('P');
  });
});
