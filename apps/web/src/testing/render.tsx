import { QueryClient } from '@tanstack/react-query';
import { render as renderInDom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { enterWith } from './enter.ts';

type Options = {
  /** The URL the router starts at (path and query). */
  path?: string;
  /** A route pattern for `ui`, when it reads params (e.g. '/payment-links/edit/:ref'); navigating away unmounts it. */
  route?: string;
};

function LocationProbe({ into }: { into: { current: Location | null } }) {
  into.current = useLocation();
  return null;
}

type ProvidersProps = Options & { children: ReactNode; queryClient: QueryClient; location: { current: Location | null } };

function Providers({ children, queryClient, path = '/', route, location }: ProvidersProps) {
  return (
    // env="test" (Mantine's testing guide): no transitions and no portals. NOTE: it also keeps dropdowns
    // shown, which floating-ui would otherwise hide as 'detached', every element measuring 0x0 without layout.
    <AppProvider queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe into={location} />
        {route ? (
          <Routes>
            <Route path={route} element={children} />
          </Routes>
        ) : (
          children
        )}
      </MemoryRouter>
    </AppProvider>
  );
}

/**
 * Renders `ui` inside the app's own providers (theme, toasts, queries) and a memory router.
 * Each call gets its own QueryClient, without retries, so no answer leaks from one test into the next.
 * Returns a user-event instance, `enter(field, text)` and `location()`, the router's current location.
 */
export function render(ui: ReactElement, { path = '/', route }: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  const location: { current: Location | null } = { current: null };
  // NOTE: applyAccept off, so a test can choose a file the picker's `accept` would hide, as a user can.
  const user = userEvent.setup({ applyAccept: false, delay: null });
  // As a wrapper, so `rerender` (new props for the same component) keeps the providers and their state.
  const result = renderInDom(ui, {
    wrapper: ({ children }) => (
      <Providers queryClient={queryClient} path={path} route={route} location={location}>
        {children}
      </Providers>
    ),
  });
  return { ...result, user, enter: enterWith(user), queryClient, location: () => location.current! };
}
