/**
 * What other features may use of a payment (boundaries.test.ts says which): the drawer a page that lists payments
 * mounts once, the link and row props that open a payment in it, and the styles of a list of payment cards. The
 * drawer's own code, refunds included, loads when a payment is first opened.
 */
export { OpenPaymentLink, usePaymentRow } from './components/open-payment.tsx';
export { default as paymentCardClasses } from './components/payment-cards.module.css';
export { PaymentDrawer } from './components/payment-drawer.tsx';
