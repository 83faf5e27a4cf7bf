// Prints what a browser downloads (gzipped) to show a page of the dashboard app: the index.html entry, the
// route's lazy chunk, and every chunk they import statically. Run after `npm run build`.
import { loadBuild, PAGES, printWeight } from './manifest.ts';
import { printSettings } from './settings.ts';

const { weigh } = loadBuild();
printSettings({ build: process.argv[2] ?? 'apps/web/dist' });

printWeight('sign-in (/)', weigh(PAGES.signIn));
printWeight('dashboard (/dashboard)', weigh(PAGES.overview));
