/**
 * What other features may use of transfers (biome.json's overrides say which): the PIN step every movement of money out
 * of the wallet asks for (a payment's refund), the account's payout rules (whose approval threshold holds a refund too),
 * and the transfer lists' query keys, which a refund reads again.
 */
export { usePayoutRules } from './api/payout-rules.ts';
export { transferKeys } from './api/transfer-keys.ts';
export { useWalletPin } from './api/use-wallet-pin.ts';
export { useVerifyPin } from './api/wallet-pin.ts';
export { AuthenticatePinModal, CreatePinModal, type PinSummary } from './pin/pin-modals.tsx';
