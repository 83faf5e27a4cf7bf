import { type Kysely, sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';

/** The allow-list of decision 011 as it stood when this ran, so later changes to it do not change this migration. */
const REASON_HTML = { allowedTags: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'small'], allowedAttributes: {} };
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A /v1 payout's reason was escaped instead of cleaned, so markup sent through the API was answered and
 * exported as sent. The payouts an API key asked for (no member is their creator) whose reason holds an escaped `<` are
 * unescaped and cleaned as every reason now is; one that was nothing but markup reads 'Payout', the reason of a payout
 * asked for without one. A reason without markup reads as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await sql<{ id: string; reason: string }>`
    select id, reason from transfers where kind = 'payout' and creator_id is null and reason like '%&lt;%'`.execute(db);
  for (const { id, reason } of rows.rows) {
    const sent = reason.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ESCAPED[entity] ?? entity);
    const cleaned = sanitizeHtml(sent, REASON_HTML).trim() || 'Payout';
    await sql`update transfers set reason = ${cleaned} where id = ${id}`.execute(db);
  }
}

export async function down(): Promise<void> {}
