// Prints what a browser downloads (gzipped) to show a page of the dashboard app: the index.html entry, the
// route's lazy chunk, and every chunk they import statically. Run after `npm run build`.
import { loadBuild, PAGES, printWeight } from './manifest.ts';

const { weigh } = loadBuild();

printWeight('sign-in (/)', weigh(PAGES.signIn));
printWeight('dashboard (/dashboard)', weigh(PAGES.overview));
