import type { Environment } from '@sente/contracts/constants';
import { DEVELOPER_MESSAGES as M, WEBHOOK_LABELS, type WebhookField } from '@sente/contracts/developers';
import { type AddressLookup, resolveHost } from '../../lib/public-address.ts';

export type WebhookTarget =
  | { ok: true; url: URL; addresses: string[] }
  | { ok: false; reason: 'https-required' | 'not-found' | 'not-public'; host: string };

export type TargetOptions = { allowPrivate: boolean; lookup?: AddressLookup };

/**
 * Whether events of `environment` may be sent to a webhook URL (already a valid http(s) URL, webhookUrlsInput): live
 * events only over https, and only to a host whose every address is public (unless private ones are allowed). Checked
 * when a URL is saved, and to be checked again before each delivery, which connects to the addresses answered.
 */
export async function checkWebhookTarget(
  value: string,
  environment: Environment,
  options: TargetOptions,
): Promise<WebhookTarget> {
  const url = new URL(value);
  if (environment === 'production' && url.protocol !== 'https:') return { ok: false, reason: 'https-required', host: url.host };
  const host = await resolveHost(url.hostname, options);
  return host.ok ? { ok: true, url, addresses: host.addresses } : { ok: false, reason: host.reason, host: url.hostname };
}

/** What is wrong with a refused target, in the words of the Web Hooks page: saving shows it, the delivery log keeps it. */
export function targetRefusal(field: WebhookField, target: Extract<WebhookTarget, { ok: false }>): string {
  const label = WEBHOOK_LABELS[field];
  if (target.reason === 'https-required') return M.httpsRequired(label);
  return target.reason === 'not-found' ? M.hostNotFound(label, target.host) : M.addressNotPublic(label, target.host);
}
