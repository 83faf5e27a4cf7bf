/** One problem of a refused body: its field (a row's column, or the body's path), the rule's code and its message. */
export type Problem = { row?: number; field: string; code: string; message: string };

/** An error whose message is safe and useful to show to the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { errors?: string[]; code?: string; fields?: Record<string, string>; problems?: Problem[] } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors ? { errors } : {});
/**
 * A 400 about one field of the body: its path as the body names it (`email`, `extra_data.2`), so that a form shows
 * the message under that field (decision 048), the same way a schema's refusal names its fields.
 */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { errors: [message], fields: { [field]: message } });
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message: string) => new HttpError(401, message);
