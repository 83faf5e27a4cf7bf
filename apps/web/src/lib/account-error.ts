import { MESSAGES } from '@sente/contracts/messages';
import { ApiError, errorMessage } from './api-client.ts';

/** Account calls that got no answer at all say 'Failed. Something went wrong'. */
export function accountErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return MESSAGES.failedSomethingWentWrong;
  return errorMessage(error, MESSAGES.failedSomethingWentWrong);
}
