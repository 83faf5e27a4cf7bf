import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { AuthGuard } from './shell/auth-guard.tsx';

// Every page loads lazily by route, so the sign-in page stays light; the declarative router, not the data router,
// because the app uses no loaders or actions and the data router weighs 17 KB gzipped more (decision 050).
const SignInRoute = lazy(() => import('../features/auth/routes/sign-in.tsx').then((m) => ({ default: m.SignInRoute })));
const SignUpRoute = lazy(() => import('../features/auth/routes/sign-up.tsx').then((m) => ({ default: m.SignUpRoute })));
const TermsRoute = lazy(() => import('../features/auth/routes/terms.tsx').then((m) => ({ default: m.TermsRoute })));
const VerifyAccountRoute = lazy(() =>
  import('../features/auth/routes/verify-account.tsx').then((m) => ({ default: m.VerifyAccountRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('../features/auth/routes/reset-password.tsx').then((m) => ({ default: m.ResetPasswordRoute })),
);
const LiveRoute = lazy(() => import('../features/links/live/routes/live.tsx').then((m) => ({ default: m.LiveRoute })));
const DashboardRoute = lazy(() =>
  import('../features/dashboard/routes/dashboard.tsx').then((m) => ({ default: m.DashboardRoute })),
);
const ProfileRoute = lazy(() => import('../features/accounts/routes/profile.tsx').then((m) => ({ default: m.ProfileRoute })));
const PaymentLinksRoute = lazy(() =>
  import('../features/links/payment-links/routes/payment-links.tsx').then((m) => ({ default: m.PaymentLinksRoute })),
);
const PaymentLinkFormRoute = lazy(() =>
  import('../features/links/payment-links/routes/payment-link-form.tsx').then((m) => ({ default: m.PaymentLinkFormRoute })),
);
const DonationLinksRoute = lazy(() =>
  import('../features/links/donation-links/routes/donation-links.tsx').then((m) => ({ default: m.DonationLinksRoute })),
);
const DonationLinkFormRoute = lazy(() =>
  import('../features/links/donation-links/routes/donation-link-form.tsx').then((m) => ({ default: m.DonationLinkFormRoute })),
);
const DigitalItemsRoute = lazy(() =>
  import('../features/links/digital-items/routes/digital-items.tsx').then((m) => ({ default: m.DigitalItemsRoute })),
);
const DigitalItemFormRoute = lazy(() =>
  import('../features/links/digital-items/routes/digital-item-form.tsx').then((m) => ({ default: m.DigitalItemFormRoute })),
);
const CollectionsRoute = lazy(() =>
  import('../features/payments/routes/collections.tsx').then((m) => ({ default: m.CollectionsRoute })),
);
const CustomersRoute = lazy(() =>
  import('../features/customers/routes/customers.tsx').then((m) => ({ default: m.CustomersRoute })),
);
const TransfersPage = lazy(() => import('./routes/transfers.tsx').then((m) => ({ default: m.TransfersPage })));
const BatchRoute = lazy(() => import('../features/transfers/batches/routes/batch.tsx').then((m) => ({ default: m.BatchRoute })));
const BusinessDetailsRoute = lazy(() =>
  import('../features/business-details/routes/business-details.tsx').then((m) => ({ default: m.BusinessDetailsRoute })),
);
const TeamRoute = lazy(() => import('../features/team/routes/team.tsx').then((m) => ({ default: m.TeamRoute })));
const ReportsRoute = lazy(() => import('../features/reports/routes/reports.tsx').then((m) => ({ default: m.ReportsRoute })));
const ApiKeysRoute = lazy(() => import('../features/developers/routes/api-keys.tsx').then((m) => ({ default: m.ApiKeysRoute })));
const WebhooksRoute = lazy(() =>
  import('../features/developers/routes/webhooks.tsx').then((m) => ({ default: m.WebhooksRoute })),
);
const NotFoundRoute = lazy(() => import('../features/auth/routes/not-found.tsx').then((m) => ({ default: m.NotFoundRoute })));
const DashboardLayout = lazy(() => import('./shell/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/" element={<SignInRoute />} />
          <Route path="/signup" element={<SignUpRoute />} />
          <Route path="/terms" element={<TermsRoute />} />
          <Route path="/verify-account" element={<VerifyAccountRoute />} />
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
          <Route element={<AuthGuard />}>
            <Route path="/live/:ref" element={<LiveRoute />} />
            <Route element={<DashboardLayout />}>
              <Route path="/dashboard" element={<DashboardRoute />} />
              <Route path="/profile" element={<ProfileRoute />} />
              <Route path="/payment-links" element={<PaymentLinksRoute />} />
              <Route path="/new-payment-link" element={<PaymentLinkFormRoute key="/new-payment-link" />} />
              <Route path="/payment-links/edit/:ref" element={<PaymentLinkFormRoute key="/payment-links/edit/:ref" />} />
              <Route path="/donation-links" element={<DonationLinksRoute />} />
              <Route path="/new-donation-link" element={<DonationLinkFormRoute key="/new-donation-link" />} />
              <Route path="/donation-links/edit/:ref" element={<DonationLinkFormRoute key="/donation-links/edit/:ref" />} />
              <Route path="/sente-digital-items" element={<DigitalItemsRoute />} />
              <Route path="/new-sente-digital-item" element={<DigitalItemFormRoute key="/new-sente-digital-item" />} />
              <Route
                path="/sente-digital-items/edit/:ref"
                element={<DigitalItemFormRoute key="/sente-digital-items/edit/:ref" />}
              />
              <Route path="/collections" element={<CollectionsRoute />} />
              <Route path="/customers" element={<CustomersRoute />} />
              <Route path="/settlements" element={<TransfersPage />} />
              <Route path="/settlements/batches/:id" element={<BatchRoute />} />
              <Route path="/business-details" element={<BusinessDetailsRoute />} />
              <Route path="/team" element={<TeamRoute />} />
              <Route path="/reports" element={<ReportsRoute />} />
              <Route path="/api-keys" element={<ApiKeysRoute />} />
              <Route path="/webhooks" element={<WebhooksRoute />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
