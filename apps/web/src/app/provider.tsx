import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './notifications.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@sente/contracts/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

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
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
