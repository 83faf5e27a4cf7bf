import { containsPattern } from '@sente/contracts/filters';
import { type RawBuilder, sql } from 'kysely';

/**
 * A payer's name holds every word of the search, in any order, case and spacing: 'Atim Joan' and
 * 'joan  atim' both find 'Joan Atim', for Ugandan names are often written surname first. One `ilike` per word on
 * `column`, which its trigram index serves (decision 051).
 */
export function nameHoldsWords(column: 'collections.names' | 'customers.names', text: string): RawBuilder<boolean> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<boolean>`${sql.ref(column)} ilike ${containsPattern(text)}`;
  return sql<boolean>`(${sql.join(
    words.map((word) => sql`${sql.ref(column)} ilike ${containsPattern(word)}`),
    sql` and `,
  )})`;
}
