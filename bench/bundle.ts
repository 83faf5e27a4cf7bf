// Prints what a browser downloads (gzipped) to show a page of the dashboard app: the index.html entry, the
// route's lazy chunk, and every chunk they import statically. Run after `npm run build`.
import { loadBuild, printWeight } from './manifest.ts';

const { weigh } = loadBuild();

const pages: Record<string, string[]> = {
  'sign-in (/)': ['src/features/auth/routes/sign-in.tsx'],
  'dashboard (/dashboard)': ['src/app/shell/dashboard-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
};

for (const [page, routeKeys] of Object.entries(pages)) printWeight(page, weigh(['index.html', ...routeKeys]));
