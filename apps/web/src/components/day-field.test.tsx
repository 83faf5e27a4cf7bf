import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pickDay } from '../testing/day-field.ts';
import { render } from '../testing/render.tsx';
import { DayField } from './day-field.tsx';

function Field({ initial, onChange }: { initial: string; onChange?: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <DayField
      label="From"
      value={day}
      onChange={(next) => {
        setDay(next);
        onChange?.(next);
      }}
    />
  );
}

describe('DayField: dates nobody misreads', () => {
  it('shows the chosen day with its month by name, never as 11/01/2026', () => {
    render(<Field initial="2026-11-01" />);
    const field = screen.getByLabelText('From');
    expect(field).toHaveTextContent('Nov 01, 2026');
    expect(field).not.toHaveValue('2026-11-01');
  });

  it('picks a day from the calendar and hands it on as YYYY-MM-DD', async () => {
    const picked: string[] = [];
    const { user } = render(<Field initial="2026-11-01" onChange={(day) => picked.push(day)} />);
    await pickDay(user, 'From', '2026-10-07');
    expect(picked).toEqual(['2026-10-07']);
    expect(screen.getByLabelText('From')).toHaveTextContent('Oct 07, 2026');
  });

  it("opens a calendar named like its field, with this month's days alone", async () => {
    const { user } = render(<Field initial="2026-11-01" />);
    await user.click(screen.getByRole('button', { name: 'From' }));
    const calendar = screen.getByRole('dialog', { name: 'From' });
    expect(within(calendar).getByRole('button', { name: 'November 2026' })).toBeVisible();
    expect(within(calendar).queryByRole('button', { name: '31 October 2026' })).toBeNull();
    expect(within(calendar).getByRole('button', { name: '30 November 2026' })).toBeVisible();
  });

  it('is empty with a prompt when no day is chosen, and can be cleared', async () => {
    const picked: string[] = [];
    const { user } = render(<Field initial="2026-11-01" onChange={(day) => picked.push(day)} />);
    await user.click(screen.getByRole('button', { name: 'Clear From' }));
    expect(picked).toEqual(['']);
    expect(screen.getByLabelText('From')).toHaveTextContent('Pick a day');
  });
});
