import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useId } from 'react';
import classes from './day-field.module.css';

/**
 * The calendar's arrows, named for a screen reader (Mantine leaves them unnamed). Its headings ('November 2026') keep
 * their own text as their name, which axe's label-content-name-mismatch asks of a control that shows text.
 */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous years',
  nextDecade: 'Next years',
};

type DayFieldProps = {
  label: string;
  /** A Kampala day, YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  /** The earliest and latest days that can be picked (YYYY-MM-DD). */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  error?: string | false | undefined;
};

/**
 * A day picked from a calendar and shown with the month by name, as the lists show dates ('Nov 01, 2026'): the
 * browser's own date input writes 11/01/2026, which a Ugandan reads as 11 January.
 */
export function DayField({ label, value, onChange, minDate, maxDate, error }: DayFieldProps) {
  // NOTE: the calendar (a dialog) is named by its popover's `<id>-target`, which Mantine puts on no element here:
  // the field's label takes that id, so the calendar is named 'From' like its field.
  const id = useId();
  return (
    <DatePickerInput
      id={id}
      popoverProps={{ id }}
      labelProps={{ id: `${id}-target` }}
      label={label}
      placeholder="Pick a day"
      valueFormat="MMM DD, YYYY"
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      error={error || undefined}
      ariaLabels={CALENDAR_LABELS}
      // No day is greyed or reddened, so each reads at full contrast: the next month's days are not shown, and a
      // weekend is a day like any other for payments.
      hideOutsideDates
      weekendDays={[]}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      miw={150}
      classNames={{ input: classes.input }}
    />
  );
}
