import type { Environment } from '@sente/contracts/constants';
import type { CollectionStatus, PaymentChannel } from '@sente/contracts/payments';
import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

export type FoundCollection = {
  names: string;
  at: string;
  msisdn?: string | null;
  channel?: PaymentChannel;
  status?: CollectionStatus;
  linkId?: string | null;
  environment?: Environment;
  transactionId?: string;
  reference?: string | null;
};

let serial = 0;

/**
 * One collection as a payment leaves it, written straight to the table at the instant `at` (with its zone), so a
 * test of the filters controls each field and the Kampala day it falls on. Returns its id.
 */
export async function insertCollection(t: TestApp, accountId: string, row: FoundCollection): Promise<string> {
  serial += 1;
  const channel = row.channel ?? 'MTN_UG';
  const { rows } = await sql<{ id: string }>`
    insert into collections (account_id, environment, link_id, amount, fee, channel, msisdn, card_last4, names, extra_data,
                             status, transaction_id, provider, expires_at, reference, created_at, updated_at)
    values (${accountId}, ${row.environment ?? 'test'}, ${row.linkId ?? null}, 1000, 30, ${channel},
            ${channel === 'CARD' ? null : (row.msisdn ?? `25677200${String(serial).padStart(4, '0')}`)},
            ${channel === 'CARD' ? '4242' : null}, ${row.names}, '[]'::jsonb, ${row.status ?? 'successful'},
            ${row.transactionId ?? `SNTF${Date.now().toString(36).toUpperCase()}${serial}`}, 'simulator',
            ${row.at}::timestamptz + interval '5 minutes', ${row.reference ?? null}, ${row.at}::timestamptz, ${row.at}::timestamptz)
    returning id`.execute(t.database.db);
  return rows[0]!.id;
}
