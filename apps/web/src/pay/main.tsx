import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PayApp } from './pay-app.tsx';
import { parsePayPath } from './route.ts';
import './pay.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PayApp route={parsePayPath(window.location.pathname)} />
  </StrictMode>,
);
