import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collectionRow } from '../../../testing/collection.ts';
import { render } from '../../../testing/render.tsx';
import { CollectionCards } from './collection-cards.tsx';

describe('Collection cards (phones)', () => {
  it('shows the amount as plain text, not as a paragraph styled as a heading (axe p-as-heading)', () => {
    render(<CollectionCards collections={[collectionRow({ amount: 20_000 })]} />);
    const amount = screen.getByTestId('collection-amount');
    expect(amount).toHaveTextContent('UGX 20,000');
    expect(amount.tagName).not.toBe('P');
  });
});
