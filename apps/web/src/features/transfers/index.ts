/**
 * What other features may use of transfers (boundaries.test.ts says which): the PIN step every movement of money out
 * of the wallet asks for (a payment's refund), and the transfer lists' query keys, which a refund reads again.
 */
export { settlementKeys } from './api/settlement-keys.ts';
export { useWalletPin } from './api/use-wallet-pin.ts';
export { useVerifyPin } from './api/wallet-pin.ts';
export { AuthenticatePinModal, CreatePinModal, type PinSummary } from './pin/pin-modals.tsx';
