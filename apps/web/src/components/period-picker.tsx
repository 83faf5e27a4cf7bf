import { NativeSelect } from '@mantine/core';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@sente/contracts/report-periods';

const options = REPORT_PERIODS.map((period) => ({ value: period, label: REPORT_PERIOD_LABELS[period] }));

/** The three periods of the dashboard stats: the phone's own picker, and no extra code for the Overview to download. */
export function PeriodPicker({ value, onChange }: { value: ReportPeriod; onChange: (period: ReportPeriod) => void }) {
  return (
    <NativeSelect
      aria-label="Period"
      size="xs"
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ReportPeriod)}
    />
  );
}
