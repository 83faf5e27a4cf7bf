import { MESSAGES } from '@sente/contracts/messages';
import { issueMessages } from '@sente/contracts/validation';
import type { z } from 'zod';

/** An error whose message is safe and useful to show to the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { errors?: string[]; code?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors ? { errors } : {});
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message: string) => new HttpError(401, message);

/** Parses input with a contract schema; a failure is a 400 carrying every message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = issueMessages(result.error);
  throw badRequest(errors[0] ?? MESSAGES.invalidRequest, errors);
}
