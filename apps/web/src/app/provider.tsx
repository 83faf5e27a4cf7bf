import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './notifications.css';
import { MantineProvider } from '@mantine/core';
import { TOAST_AUTO_CLOSE_MS } from '@sente/contracts/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The toasts' component loads beside the page rather than before it (decision 050: with its transitions and scroll
 * lock it is 9 KB gzipped of the sign-in page). A toast shown before it arrives waits in Mantine's store, then shows.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

type Props = {
  children: ReactNode;
  /** The app's one client; a component test passes a fresh one so no answer leaks between tests. */
  queryClient?: QueryClient;
  /** Mantine's 'test' environment (component tests): no transitions and no portals. */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient = appQueryClient, env = 'default' }: Props) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={env}>
      <Suspense fallback={null}>
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
