import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render.tsx';
import { HelpModal } from './info-modals.tsx';

/** The paths app/router.tsx serves a screen at. */
const ROUTES = new Set(
  [...fs.readFileSync(path.resolve(import.meta.dirname, '../router.tsx'), 'utf8').matchAll(/path="([^"]+)"/g)].map(
    (match) => match[1],
  ),
);

describe('Help and Support (issue 17: no message sends the merchant to a screen that is not there)', () => {
  it('links each screen it names, and each link is a screen the router serves', () => {
    render(<HelpModal opened onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Help and Support' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Business Details', '/business-details'],
      ['Business Details', '/business-details?tab=bank'],
      ['Transfers', '/settlements'],
      ['Team', '/team'],
    ]);
    for (const link of links) expect(ROUTES).toContain(new URL(link.getAttribute('href')!, 'http://sente.test').pathname);
  });

  it('closes as it takes the merchant to the screen', async () => {
    const onClose = vi.fn();
    const { user, location } = render(<HelpModal opened onClose={onClose} />, { path: '/dashboard' });
    const dialog = screen.getByRole('dialog', { name: 'Help and Support' });
    await user.click(within(dialog).getAllByRole('link', { name: 'Business Details' })[0]!);
    expect(location().pathname).toBe('/business-details');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
