/**
 * What one SMS gateway (Africa's Talking, Twilio) does for the router (gateways.ts): send one text, and read one of its
 * delivery reports. Each adapter speaks its own public API and names its sources.
 */

/** The gateway took the text (`providerId` is its id, `cost` its price as it wrote it), or refused it with its reason. */
export type GatewayAnswer =
  | { accepted: true; providerId: string; status: string; cost: string | null }
  | { accepted: false; reason: string };

/** A delivery report as the router reads it: delivered and failed are final; pending is any step before them. */
export type DeliveryReport = {
  providerId: string;
  outcome: 'delivered' | 'failed' | 'pending';
  /** The gateway's own status word, kept as the message's last status from it. */
  status: string;
  reason: string | null;
};

export type SmsGateway = {
  /** The route's name in `sms_messages.route` and in the delivery report's URL. */
  name: string;
  /** `to` as `2567XXXXXXXX`; throws when the gateway could not be reached or answered nothing it documents. */
  send: (to: string, text: string) => Promise<GatewayAnswer>;
  /** The report's fields (a form's, parsed); null when the body is not this gateway's delivery report. */
  readReport: (body: unknown) => DeliveryReport | null;
};

/** The gateway did not answer in time, could not be reached, or answered something it does not document. */
export class GatewayUnreachable extends Error {}

/** One form-encoded POST to a gateway, with a timeout; its JSON answer (null when it is not JSON) and status. */
export async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'connection failed';
    throw new GatewayUnreachable(cause);
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: null };
  }
}

/** A form field as a short string: what a report carries, or '' when it is missing or not text. */
export const field = (body: unknown, name: string): string => {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 200) : '';
};
