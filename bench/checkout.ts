// Prints what a payer's phone downloads (gzipped) for a customer page (/pay, /fund, /checkout: the pay.html
// entry), next to the dashboard, and the files of the customer page, so dashboard code creeping in shows.
// Run after `npm run build` (or pass another build folder as the first argument).
import { loadBuild, PAGES, printWeight } from './manifest.ts';
import { printSettings } from './settings.ts';

const { weigh } = loadBuild();
printSettings({ build: process.argv[2] ?? 'apps/web/dist' });

const customer = weigh(PAGES.pay);
printWeight('customer page (/pay/:ref)', customer);
printWeight('dashboard (/dashboard)', weigh(PAGES.overview));
console.log(`customer page files: ${[...customer.js, ...customer.css].join(', ')}`);
