import { type Kysely, sql } from 'kysely';

/**
 * Decision 074: a name that shares a word with the registered one is no longer 'partial' when another word differs
 * ("Peter Achieng" against "Ruth Achieng" is a mismatch, which the approver must accept). The rows of batches not yet
 * approved (draft, submitted) that were stored 'partial' under the old rule are compared again by the new one, frozen
 * here as it stood on 2026-12-07, and become 'mismatch' where it says so. Rows of approved batches keep the check they
 * were paid under. Down changes nothing: the old rule called these rows partial, and a mismatch accepted is recorded.
 */

const tokens = (name: string, hyphens: 'part' | 'join') =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(hyphens === 'join' ? /['’`\-‐‑]/gu : /['’`]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

const standsFor = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

function allPaired(a: string[], b: string[]): boolean {
  const free = b.map(() => true);
  const paired = a.map(() => false);
  const take = (index: number, fits: (other: string) => boolean) => {
    const found = b.findIndex((other, at) => free[at] && fits(other));
    if (found < 0) return;
    free[found] = false;
    paired[index] = true;
  };
  for (const [index, word] of a.entries()) take(index, (other) => other === word);
  const rest = a.map((word, index) => ({ word, index })).filter(({ index }) => !paired[index]);
  rest.sort((x, y) => y.word.length - x.word.length);
  for (const { word, index } of rest) take(index, (other) => standsFor(word, other));
  return paired.every(Boolean);
}

function sharesFullWord(a: string[], b: string[]): boolean {
  return a.some((word) => word.length >= 2 && b.includes(word));
}

/** Whether the two names still partly match (or match) by decision 074's rule, read with hyphens parted or joined. */
function stillPartial(sheetName: string, registeredName: string): boolean {
  for (const sheetHyphens of ['part', 'join'] as const) {
    for (const registeredHyphens of ['part', 'join'] as const) {
      const a = tokens(sheetName, sheetHyphens);
      const b = tokens(registeredName, registeredHyphens);
      if (a.length === 0 || b.length === 0 || !sharesFullWord(a, b)) continue;
      const consistent =
        a.length < b.length ? allPaired(a, b) : b.length < a.length ? allPaired(b, a) : allPaired(a, b) || allPaired(b, a);
      if (consistent) return true;
    }
  }
  return false;
}

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ id: string; name: string; registered_name: string }>`
    select r.id, r.name, r.registered_name
      from payout_batch_rows r join payout_batches b on b.id = r.batch_id
     where r.name_check = 'partial' and r.registered_name is not null and b.status in ('draft', 'submitted')`.execute(db);
  const differ = rows.filter((row) => !stillPartial(row.name, row.registered_name)).map((row) => row.id);
  for (let start = 0; start < differ.length; start += 1_000) {
    const ids = differ.slice(start, start + 1_000);
    await sql`update payout_batch_rows set name_check = 'mismatch', name_accepted_by = null
               where id in (${sql.join(ids)}) and name_check = 'partial'`.execute(db);
  }
}

export async function down(_db: Kysely<any>): Promise<void> {}
