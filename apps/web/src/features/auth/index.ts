/**
 * What other features may use of signing in (biome.json's overrides say which): the six boxes of a one-time code and
 * the resend countdown, for the profile's phone code (decision 070).
 */
export { CodeCountdown } from './components/code-countdown.tsx';
export { CodeInput } from './components/code-input.tsx';
