// The page-wide rules first, so the components' modules (same specificity) come after them, as in one stylesheet.
import './pay.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PayApp } from './pay-app.tsx';
import { parsePayPath } from './route.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PayApp route={parsePayPath(window.location.pathname)} />
  </StrictMode>,
);
