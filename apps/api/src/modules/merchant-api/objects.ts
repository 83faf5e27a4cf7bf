// The refund object is built beside the refunds in payments/refunds/; the wallet's refund code, which may not import
// payments (money/boundary.unit.test.ts), reads the builder through here.
export { toApiRefund } from '../payments/refunds/public-object.ts';
