import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The calendar's headings, named by what they show: the month's ('November 2026') and the year's ('2026'). */
const MONTH_HEADING = /^[A-Z][a-z]+ \d{4}$/;
const YEAR_HEADING = /^\d{4}$/;

/** The calendar's name for a day: '1 March 2026' for '2026-03-01'. */
const dayName = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
};

/**
 * Picks `day` (YYYY-MM-DD) in the day field labelled `label` (components/day-field.tsx) as a person does: opens its
 * calendar and, unless the day shows, goes up to the months of a year and, for another year, to the years of a decade,
 * steps to the decade, then picks the year, the month and the day.
 */
export async function pickDay(user: UserEvent, label: string, day: string, within: HTMLElement = document.body) {
  const field = screen.getAllByLabelText(label).find((element) => within.contains(element));
  if (!field) throw new Error(`No day field '${label}'`);
  await user.click(field);
  if (screen.queryAllByRole('button', { name: dayName(day) }).length === 0) {
    const [year, month] = day.split('-').map(Number) as [number, number];
    await user.click(screen.getByRole('button', { name: MONTH_HEADING }));
    if (Number(screen.getByRole('button', { name: YEAR_HEADING }).textContent) !== year) {
      // The years of a decade, each a button named by its year: a step per decade rather than per year.
      await user.click(screen.getByRole('button', { name: YEAR_HEADING }));
      for (let step = 0; step < 20; step++) {
        if (screen.queryByRole('button', { name: String(year) })) break;
        const first = Number(screen.getAllByRole('button', { name: YEAR_HEADING })[0]!.textContent);
        await user.click(screen.getByRole('button', { name: first < year ? 'Next years' : 'Previous years' }));
      }
      await user.click(screen.getByRole('button', { name: String(year) }));
    }
    await user.click(screen.getByRole('button', { name: MONTHS[month - 1]?.slice(0, 3) }));
  }
  await user.click(screen.getAllByRole('button', { name: dayName(day) })[0]!);
}
