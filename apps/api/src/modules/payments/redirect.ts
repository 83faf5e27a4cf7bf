import { createHmac } from 'node:crypto';
import type { Currency } from '@sente/contracts/constants';
import { ENCRYPTION_KEY_PREFIX } from '@sente/contracts/developers';

/**
 * What a redirect after a successful payment adds to the merchant's URL, in the order their values are signed
 * (docs/redirects.md, a published interface: change it only with a new version prefix).
 */
const REDIRECT_PARAMETERS = [
  'sente_id',
  'sente_transaction_id',
  'sente_status',
  'sente_amount',
  'sente_currency',
  'sente_reference',
  'sente_timestamp',
] as const;
const REDIRECT_SIGNATURE_PARAMETER = 'sente_signature';
/** The first line of every signed text: a signature made for another purpose (or version) never verifies here. */
const REDIRECT_SIGNATURE_VERSION = 'sente-redirect-v1';

type RedirectParameter = (typeof REDIRECT_PARAMETERS)[number];

export type RedirectPayment = {
  id: string;
  transaction_id: string;
  status: 'successful';
  amount: number;
  currency: Currency;
  /** The merchant's own reference, set through the API; the URL carries no sente_reference without one. */
  reference: string | null;
};

/** The HMAC key of an encryption key (`whsec_` and base64), as Standard Webhooks reads its signing secret. */
const redirectSigningKey = (encryptionKey: string) => Buffer.from(encryptionKey.slice(ENCRYPTION_KEY_PREFIX.length), 'base64');

/** Hex HMAC-SHA256 of the version line and each parameter's value (empty when absent), one per line, in order. */
function redirectSignature(values: Record<RedirectParameter, string>, encryptionKey: string): string {
  const text = [REDIRECT_SIGNATURE_VERSION, ...REDIRECT_PARAMETERS.map((name) => values[name])].join('\n');
  return createHmac('sha256', redirectSigningKey(encryptionKey)).update(text).digest('hex');
}

/** A query parameter's name as a reader decodes it (`sente%5Fid` is `sente_id` to URLSearchParams). */
function decodedName(pair: string): string {
  const name = (pair.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The merchant's query without parameters of our reserved `sente_` prefix, which only we may set. */
function merchantQuery(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '' && !decodedName(pair).toLowerCase().startsWith('sente_'))
    .join('&');
}

/**
 * The merchant's redirection URL with the payment's signed parameters appended. The merchant's own query is kept as
 * written (its encoding untouched) and its fragment stays last, where browsers expect it.
 */
export function signedRedirectUrl(target: string, payment: RedirectPayment, encryptionKey: string, now = new Date()): string {
  const values: Record<RedirectParameter, string> = {
    sente_id: payment.id,
    sente_transaction_id: payment.transaction_id,
    sente_status: payment.status,
    sente_amount: String(payment.amount),
    sente_currency: payment.currency,
    sente_reference: payment.reference ?? '',
    sente_timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  const params = new URLSearchParams();
  for (const name of REDIRECT_PARAMETERS) {
    if (name !== 'sente_reference' || payment.reference !== null) params.append(name, values[name]);
  }
  params.append(REDIRECT_SIGNATURE_PARAMETER, redirectSignature(values, encryptionKey));

  const hashAt = target.indexOf('#');
  const [withoutHash, hash] = hashAt === -1 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  const queryAt = withoutHash.indexOf('?');
  const [path, query] = queryAt === -1 ? [withoutHash, ''] : [withoutHash.slice(0, queryAt), withoutHash.slice(queryAt + 1)];
  const kept = merchantQuery(query);
  return `${path}?${kept ? `${kept}&` : ''}${params}${hash}`;
}
