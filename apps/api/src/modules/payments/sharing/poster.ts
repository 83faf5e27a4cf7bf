import { formatMoney } from '@sente/contracts/format';
import { type PosterSize, SHARING_MESSAGES as S } from '@sente/contracts/link-sharing';
import { escapeHtml } from '../../../lib/rich-text.ts';
import type { PosterData } from './service.ts';

/** The page box of each size, and how large the QR code prints on it (at least 5 cm, scannable from a metre). */
const SIZES: Record<PosterSize, { page: string; qr: string; title: string; text: string }> = {
  a4: { page: 'A4', qr: '11cm', title: '30pt', text: '15pt' },
  a5: { page: 'A5', qr: '7.5cm', title: '21pt', text: '11pt' },
};

/** What the pay page asks: the fixed amount or price, a donation's target; an open amount shows none. */
function amountLine({ link }: PosterData): string | null {
  if (link.kind === 'donation_link') return `Target ${formatMoney(link.amount)}`;
  if (link.kind === 'digital_item' || link.fixed_amount) return formatMoney(link.amount);
  return null;
}

const paragraph = (className: string, text: string | null) => (text ? `<p class="${className}">${escapeHtml(text)}</p>` : '');

/**
 * The printable poster of a link, rendered by the server so that it prints the same from any browser, without the
 * dashboard's JavaScript: one page of the chosen size (CSS `@page`), the QR code as vector SVG so it prints sharp.
 */
export function renderPoster(data: PosterData, size: PosterSize): string {
  const s = SIZES[size];
  const { link } = data;
  const logo = link.company_logo
    ? `<img class="logo" src="/storage/${escapeHtml(link.company_logo)}" alt="${escapeHtml(link.account_name)} logo">`
    : '';
  const ussd = [
    data.momoCode ? S.payWithMomo(data.momoCode) : null,
    data.airtelCode ? S.payWithAirtel(data.airtelCode) : null,
  ].filter((line): line is string => line !== null);
  const sizeHref = (other: PosterSize) => `/posters/${encodeURIComponent(link.ref)}?size=${other}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(link.title)}: poster</title>
<style>
@page { size: ${s.page}; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #111; background: #fff; }
main { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 0.6em; padding: 8mm; font-size: ${s.text}; }
.logo { max-height: 2.2cm; max-width: 6cm; object-fit: contain; }
.merchant { font-weight: 600; margin: 0; }
h1 { font-size: ${s.title}; margin: 0.2em 0 0; line-height: 1.2; }
.amount { font-size: 1.4em; font-weight: 700; margin: 0; }
.qr { width: ${s.qr}; height: ${s.qr}; }
.qr svg { width: 100%; height: 100%; display: block; }
.scan { font-weight: 700; font-size: 1.2em; margin: 0; }
.short { margin: 0; word-break: break-all; }
.ussd { margin: 0.3em 0 0; padding: 0.5em 0.8em; border: 2px solid #111; border-radius: 8px; font-weight: 600; }
.screen { font-family: inherit; font-size: 14px; padding: 12px; text-align: center; background: #f1f3f5; }
.screen a { color: #1c4f9c; margin: 0 0.5em; }
@media print { .screen { display: none; } main { padding: 0; } }
</style>
</head>
<body>
<nav class="screen" aria-label="Poster size">${escapeHtml(S.printHint)}
<a href="${sizeHref('a4')}"${size === 'a4' ? ' aria-current="page"' : ''}>A4</a><a href="${sizeHref('a5')}"${size === 'a5' ? ' aria-current="page"' : ''}>A5</a></nav>
<main>
${logo}
${paragraph('merchant', link.account_name)}
<h1>${escapeHtml(link.title)}</h1>
${paragraph('amount', amountLine(data))}
<div class="qr" role="img" aria-label="${escapeHtml(S.qrTitle(link.title))}">${data.svg}</div>
${paragraph('scan', link.kind === 'donation_link' ? S.scanToGive : S.scanToPay)}
<p class="short">${escapeHtml(S.orOpen)} <strong>${escapeHtml(data.shortUrl)}</strong></p>
${ussd.map((line) => paragraph('ussd', line)).join('\n')}
</main>
</body>
</html>
`;
}
