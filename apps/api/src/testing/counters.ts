import type { Kysely } from 'kysely';

type CountedRow = { key: string; other: string; total: string | number };

/**
 * What a trigger-kept counter table holds, and what count(*) over the counted table says, grouped by the same two
 * columns (account and environment, or account and kind), as `{ 'account:other': total }` with zeros left out.
 * `visibleOnly` counts only the rows a list shows (links: not hidden).
 */
export async function keptAndCounted(
  db: Kysely<any>,
  counter: string,
  table: string,
  [key, other]: [string, string],
  visibleOnly = false,
): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
  let counting = db
    .selectFrom(table)
    .select([`${key} as key`, `${other} as other`, (eb) => eb.fn.countAll<string>().as('total')])
    .groupBy([key, other]);
  if (visibleOnly) counting = counting.where('is_hidden', '=', false);
  const [kept, counted] = await Promise.all([
    db
      .selectFrom(counter)
      .select([`${key} as key`, `${other} as other`, 'total'])
      .execute() as Promise<CountedRow[]>,
    counting.execute() as Promise<CountedRow[]>,
  ]);
  const shape = (rows: CountedRow[]) =>
    Object.fromEntries(rows.filter((row) => Number(row.total) > 0).map((row) => [`${row.key}:${row.other}`, Number(row.total)]));
  return { kept: shape(kept), counted: shape(counted) };
}
