import { REASON_HTML_TAGS } from '@sente/contracts/transfers-input';
import sanitizeHtml from 'sanitize-html';

/**
 * A transfer's Reason as it is stored (decision 016): the inline tags of REASON_HTML_TAGS without attributes, everything
 * else dropped (a script or style with its content), and text escaped. The receiver of a wallet transfer, the xlsx
 * export, webhooks and API clients then never get markup that could run, whatever renders it.
 */
export function sanitizeReason(html: string): string {
  return sanitizeHtml(html, { allowedTags: [...REASON_HTML_TAGS], allowedAttributes: {} }).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const ESCAPES: Record<string, string> = Object.fromEntries(Object.entries(ENTITIES).map(([entity, char]) => [char, entity]));

/** Plain text (a name, a title, a note) put into HTML, as the e-mails do: it shows as typed and never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The words of a stored reason, for what is not HTML (the xlsx export, the operator's terminal). */
export function reasonText(html: string): string {
  const text = sanitizeHtml(html.replace(/<br\s*\/?>|<\/p>/gi, ' '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
