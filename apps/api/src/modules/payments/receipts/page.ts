import { RECEIPT_PAGE as P, type ReceiptLayout } from '@sente/contracts/receipt-page';
import { escapeHtml } from '../../../lib/rich-text.ts';
import type { ReceiptLines } from './lines.ts';

/**
 * The receipt's own styles: readable on a phone, and printed either on an A4 sheet or on an 80 mm till roll (the
 * `@page` size follows the layout; a slip is as long as its content). No script: it opens and prints on any browser.
 */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:40rem;margin:1rem auto;padding:1.5rem;background:#fff;border-radius:8px}
header{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}
header img{width:48px;height:48px;object-fit:contain}
h1{font-size:1.25rem;margin:0}
.kind{margin:0;color:#495057}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
.test{color:#b00020;font-weight:700}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;vertical-align:top;padding:.4rem 0;border-bottom:1px solid #e9ecef}
th{font-weight:600;width:45%;padding-right:1rem;color:#343a40}
td{overflow-wrap:anywhere}
nav{display:flex;gap:1rem;flex-wrap:wrap;margin-top:1rem}
a{color:#1c5fb8}
.slip main{max-width:80mm;padding:4mm;font-size:12px}
.slip header img{width:32px;height:32px}
.slip .amount{font-size:1.4rem}
.slip th,.slip td{display:block;width:100%;padding:0;border:0}
.slip td{padding-bottom:.35rem;border-bottom:1px dashed #adb5bd}
@media print{
  body{background:#fff}
  main{margin:0;border-radius:0;max-width:none}
  nav{display:none}
}
`;

const pageSize = (layout: ReceiptLayout) =>
  layout === 'slip'
    ? '@media print{@page{size:80mm auto;margin:2mm}main{width:76mm}}'
    : '@media print{@page{size:A4;margin:15mm}}';

function htmlDocument(title: string, layout: ReceiptLayout, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLES}${pageSize(layout)}</style></head>
<body class="${layout}">${body}</body></html>`;
}

/** The receipt page of a payment, every value escaped: the payer's and the merchant's words are never markup. */
export function receiptPage(lines: ReceiptLines, code: string, layout: ReceiptLayout): string {
  const self = `/r/${encodeURIComponent(code)}`;
  const logo = lines.logoUrl ? `<img src="${escapeHtml(lines.logoUrl)}" alt="">` : '';
  const rows = lines.rows.map(
    ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  const other = layout === 'slip' ? `<a href="${self}">${P.a4}</a>` : `<a href="${self}?layout=slip">${P.slip}</a>`;
  return htmlDocument(
    P.title(lines.merchant),
    layout,
    `<main>
<header>${logo}<div><h1>${escapeHtml(lines.merchant)}</h1><p class="kind">${P.heading}</p></div></header>
${lines.test ? `<p class="test">${P.testMode}</p>` : ''}
<div class="amount">${escapeHtml(lines.amount)}</div>
<table><tbody>${rows.join('')}</tbody></table>
<p>${P.keep}</p>
<nav aria-label="${P.heading}">${other}<a href="${self}?format=pdf">${P.pdf}</a></nav>
</main>`,
  );
}
