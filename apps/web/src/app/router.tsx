import { createBrowserRouter, RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { AuthGuard } from './shell/auth-guard.tsx';

/** Every page loads lazily by route, so the sign-in page stays light. */
const router = createBrowserRouter([
  { path: '/', lazy: () => import('../features/auth/routes/sign-in.tsx').then((m) => ({ Component: m.SignInRoute })) },
  { path: '/signup', lazy: () => import('../features/auth/routes/sign-up.tsx').then((m) => ({ Component: m.SignUpRoute })) },
  {
    path: '/verify-account',
    lazy: () => import('../features/auth/routes/verify-account.tsx').then((m) => ({ Component: m.VerifyAccountRoute })),
  },
  {
    path: '/reset-password',
    lazy: () => import('../features/auth/routes/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    element: <AuthGuard />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/live/:ref', lazy: () => import('../features/live/routes/live.tsx').then((m) => ({ Component: m.LiveRoute })) },
      {
        lazy: () => import('./shell/dashboard-layout.tsx').then((m) => ({ Component: m.DashboardLayout })),
        children: [
          {
            path: '/dashboard',
            lazy: () => import('../features/dashboard/routes/dashboard.tsx').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: '/profile',
            lazy: () => import('../features/accounts/routes/profile.tsx').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: '/payment-links',
            lazy: () =>
              import('../features/payment-links/routes/payment-links.tsx').then((m) => ({ Component: m.PaymentLinksRoute })),
          },
          {
            path: '/new-payment-link',
            lazy: () =>
              import('../features/payment-links/routes/payment-link-form.tsx').then((m) => ({
                Component: m.PaymentLinkFormRoute,
              })),
          },
          {
            path: '/payment-links/edit/:ref',
            lazy: () =>
              import('../features/payment-links/routes/payment-link-form.tsx').then((m) => ({
                Component: m.PaymentLinkFormRoute,
              })),
          },
          {
            path: '/donation-links',
            lazy: () =>
              import('../features/donation-links/routes/donation-links.tsx').then((m) => ({ Component: m.DonationLinksRoute })),
          },
          {
            path: '/new-donation-link',
            lazy: () =>
              import('../features/donation-links/routes/donation-link-form.tsx').then((m) => ({
                Component: m.DonationLinkFormRoute,
              })),
          },
          {
            path: '/donation-links/edit/:ref',
            lazy: () =>
              import('../features/donation-links/routes/donation-link-form.tsx').then((m) => ({
                Component: m.DonationLinkFormRoute,
              })),
          },
          {
            path: '/sente-digital-items',
            lazy: () =>
              import('../features/digital-items/routes/digital-items.tsx').then((m) => ({ Component: m.DigitalItemsRoute })),
          },
          {
            path: '/new-sente-digital-item',
            lazy: () =>
              import('../features/digital-items/routes/digital-item-form.tsx').then((m) => ({
                Component: m.DigitalItemFormRoute,
              })),
          },
          {
            path: '/sente-digital-items/edit/:ref',
            lazy: () =>
              import('../features/digital-items/routes/digital-item-form.tsx').then((m) => ({
                Component: m.DigitalItemFormRoute,
              })),
          },
          {
            path: '/collections',
            lazy: () => import('../features/collections/routes/collections.tsx').then((m) => ({ Component: m.CollectionsRoute })),
          },
          {
            path: '/customers',
            lazy: () => import('../features/customers/routes/customers.tsx').then((m) => ({ Component: m.CustomersRoute })),
          },
          {
            path: '/settlements',
            lazy: () => import('../features/settlements/routes/settlements.tsx').then((m) => ({ Component: m.SettlementsRoute })),
          },
          {
            path: '/business-details',
            lazy: () =>
              import('../features/business-details/routes/business-details.tsx').then((m) => ({
                Component: m.BusinessDetailsRoute,
              })),
          },
          {
            path: '/team',
            lazy: () => import('../features/team/routes/team.tsx').then((m) => ({ Component: m.TeamRoute })),
          },
          {
            path: '/reports',
            lazy: () => import('../features/reports/routes/reports.tsx').then((m) => ({ Component: m.ReportsRoute })),
          },
          {
            path: '/api-keys',
            lazy: () => import('../features/developers/routes/api-keys.tsx').then((m) => ({ Component: m.ApiKeysRoute })),
          },
          {
            path: '/webhooks',
            lazy: () => import('../features/developers/routes/webhooks.tsx').then((m) => ({ Component: m.WebhooksRoute })),
          },
        ],
      },
    ],
  },
  { path: '*', lazy: () => import('../features/auth/routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })) },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
