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
