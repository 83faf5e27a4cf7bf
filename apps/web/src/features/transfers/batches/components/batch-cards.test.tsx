import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { payoutBatch } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { BatchCards } from './batch-cards.tsx';

describe('Batch cards (phones)', () => {
  it('shows the total as plain text, not as a paragraph styled as a heading (axe p-as-heading)', () => {
    render(<BatchCards batches={[payoutBatch()]} />);
    const total = screen.getByTestId('batch-total');
    expect(total).toHaveTextContent('UGX 150,000');
    expect(total.tagName).not.toBe('P');
  });
});
