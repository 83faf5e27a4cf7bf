import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { WEBHOOK_DELIVERY_MESSAGES as M } from '@sente/contracts/webhook-deliveries';

/** What a POST came to: the receiver's status code, or why there was none. */
export type SendOutcome = { status: number } | { status: null; error: string };

/**
 * A lookup that answers only the addresses checked before the send (checkWebhookTarget), whatever the name resolves
 * to by now: a host cannot pass the check with a public address and then be connected to at a private one (DNS
 * rebinding). The name itself still goes in the Host header and, over https, in SNI and the certificate check.
 */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIP(address) }));
  return (_hostname, options, callback) => {
    const fitting = entries.filter((entry) => !options.family || entry.family === options.family);
    if (fitting.length === 0) {
      callback(Object.assign(new Error('no checked address of the family asked for'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, fitting);
    } else {
      callback(null, fitting[0]!.address, fitting[0]!.family);
    }
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * POSTs `body` to `url`, connecting only to `addresses`, and answers once the receiver's answer has been read (its body
 * is discarded). Redirects are not followed: a 3xx is an answer like any other. The whole exchange is cut off after
 * `timeoutMs`. Never throws: a refused connection, a TLS failure or the timeout is an outcome without a status.
 */
export function postSigned(
  target: { url: URL; addresses: string[] },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  const failure = (error: unknown): SendOutcome => ({
    status: null,
    error: signal.aborted ? M.timedOut(timeoutMs / 1000) : describe(error),
  });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.addresses),
        // A new connection each time: a pooled one may have been opened to an address checked for another delivery.
        agent: false,
        signal,
      },
      (response) => {
        response.on('end', () => settle({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => settle(failure(error)));
        response.on('close', () => settle(failure(new Error('the connection closed before the answer ended'))));
        response.resume();
      },
    );
    request.on('error', (error) => settle(failure(error)));
    request.end(body);
  });
}
