export { toApiRefund } from '../payments/refunds/public-object.ts';
