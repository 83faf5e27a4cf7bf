import { Text } from '@mantine/core';
import { REASON_HTML_TAGS } from '@sente/contracts/transfers-input';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './reason-html.module.css';

/** Inline formatting only (the server's own allow-list): no attributes, so no links, handlers, styles or sources. */
const ALLOWED = { ALLOWED_TAGS: [...REASON_HTML_TAGS], ALLOWED_ATTR: [] };

/** The Reason is rendered as HTML, after DOMPurify has removed everything that could run. */
export function ReasonHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, ALLOWED), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with an allow-list of inline tags
  return <Text size="sm" component="div" className={classes.reason} dangerouslySetInnerHTML={{ __html: clean }} />;
}
