/** The fields a few of the spec's older answers carry beside the envelope's, and their upper-case status. */
type Beside = { status?: 'SUCCESS' } & Record<string, unknown>;

/**
 * The one place the success envelope of every answer is built: `{status: 'success', message?, data}`. A handler returns
 * `answer(data)` or `answer(data, message)`, and its route's response schema (contracts `answerOf`) serialises it.
 * The spec keeps a few older answers in another form (`status: 'SUCCESS'`, or fields such as `pin_token` beside
 * `data`): those pass `beside`, whose fields go next to the envelope's.
 */
export function answer<T, B extends Beside = { status?: never }>(data: T, message?: string, beside?: B) {
  return {
    status: 'success' as const,
    ...beside,
    ...(message === undefined ? {} : { message }),
    data,
  } as Omit<B, 'status'> & {
    status: B['status'] extends 'SUCCESS' ? 'SUCCESS' : 'success';
    message?: string;
    data: T;
  };
}
