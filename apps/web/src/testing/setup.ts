import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// What Mantine needs under jsdom (mantine.dev/guides/vitest): jsdom has no layout, so no matchMedia,
// ResizeObserver or scrollIntoView, and it logs 'not implemented' for getComputedStyle's second argument.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

// NOTE: a keystroke re-renders a whole Mantine form in jsdom (tens of ms, more on a busy CI machine), and a
// journey through a form types a few dozen; the default 5 s would fail slow runs, not wrong code.
vi.setConfig({ testTimeout: 30_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The toast store and
// the session (localStorage) are module-wide: each test starts without the last one's toasts or tokens.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  vi.unstubAllGlobals();
});
