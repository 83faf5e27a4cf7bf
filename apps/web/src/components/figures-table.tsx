import { VisuallyHidden } from '@mantine/core';
import classes from './figures-table.module.css';

/** `swatch`: the CSS colour of the row's series in the chart beside it, shown as the chart's legend. */
type FiguresRow = { label: string; values: string[]; swatch?: string };

type Props = {
  caption: string;
  /** The first column's heading, then one per value column. */
  columns: string[];
  rows: FiguresRow[];
  /** Read by screen readers only: the chart beside it shows the same figures. */
  hidden?: boolean;
};

/** The text equivalent of a chart: its figures as a table with a caption. Plain HTML, light enough for the Overview. */
export function FiguresTable({ caption, columns, rows, hidden = false }: Props) {
  const [first, ...valueColumns] = columns;
  const table = (
    <table className={classes.table}>
      <caption className={classes.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {valueColumns.map((column) => (
            <th key={column} scope="col" className={classes.amount}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">
              {row.swatch && <span className={classes.swatch} style={{ background: row.swatch }} aria-hidden />}
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={valueColumns[index] ?? index} className={classes.amount}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return hidden ? <VisuallyHidden>{table}</VisuallyHidden> : table;
}
