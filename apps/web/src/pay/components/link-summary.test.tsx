/** The pay page lists a payment link's attachments for the payer to open (decision 034). */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicLink } from '../../testing/public-link.ts';
import { LinkSummary } from './link-summary.tsx';

const LINK = publicLink({
  description: 'Term 1',
  amount: 250_000,
  attachments: [
    {
      name: 'Term 1 circular.pdf',
      url: '/api/public/links/fees1/attachments/0f8e2b8c-2c2e-4a57-9f0c-6a3f1b7d9e21.pdf',
      mime_type: 'application/pdf',
      size_bytes: 245_760,
    },
    {
      name: 'Lunch menu.png',
      url: '/api/public/links/fees1/attachments/6a3f1b7d-2c2e-4a57-9f0c-0f8e2b8c9e21.png',
      mime_type: 'image/png',
      size_bytes: 1_572_864,
    },
  ],
});

describe('LinkSummary attachments', () => {
  it('lists each file by name and size, as a link that opens it in a new tab', () => {
    render(<LinkSummary link={LINK} />);
    const section = screen.getByRole('region', { name: 'Attachments' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Term 1 circular.pdf, 240 KB, opens in a new tab',
      'Lunch menu.png, 1.5 MB, opens in a new tab',
    ]);
    expect(links[0]).toHaveAttribute('href', LINK.attachments[0]!.url);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no attachments section for a link without any', () => {
    render(<LinkSummary link={{ ...LINK, attachments: [] }} />);
    expect(screen.queryByRole('region', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'School fees' })).toBeVisible();
  });
});
