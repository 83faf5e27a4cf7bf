import type { Currency } from '@sente/contracts/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { DISBURSEMENT_KINDS } from '../disbursements.ts';

/**
 * Holds a payment or payout whose provider reported an amount or currency not ours (decision 040): `detail` (from
 * mismatchOf) is kept on the row, whose outcome is then never applied (the completions and the worker's claims pass it
 * over) until the operator has looked. The first mismatch is kept. Answers whether this call held it.
 */
export async function holdMismatch(
  db: Kysely<Database>,
  table: 'collections' | 'transfers',
  id: string,
  detail: string,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)} set provider_mismatch = ${detail}, updated_at = now()
     where id = ${id} and provider_mismatch is null
    returning id`.execute(db);
  return rows.length > 0;
}

/** A row held for a mismatch, as the operator's `providers:mismatches` lists it. */
export type HeldMismatch = {
  kind: 'payment' | 'payout';
  id: string;
  environment: string;
  provider: string | null;
  amount: string;
  currency: Currency;
  status: string;
  mismatch: string;
  createdAt: Date;
};

/** Every payment and payout held for a mismatch, newest first (the partial indexes of migration 028). */
export async function listMismatches(db: Kysely<Database>, limit = 500): Promise<HeldMismatch[]> {
  const { rows } = await sql<HeldMismatch>`
    select * from (
      (select 'payment' as kind, id, environment, provider, amount::text as amount, currency, status,
              provider_mismatch as mismatch, created_at as "createdAt"
         from collections where provider_mismatch is not null order by created_at desc limit ${limit})
      union all
      (select 'payout' as kind, id, environment, provider, amount::text as amount, currency, status,
              provider_mismatch as mismatch, created_at as "createdAt"
         from transfers where provider_mismatch is not null order by created_at desc limit ${limit})
    ) held
    order by "createdAt" desc
    limit ${limit}`.execute(db);
  return rows;
}

/** A payment that went to `provider`, by our id or by its transaction id. */
export const paymentOfProvider = (db: Kysely<Database>, provider: string, reference: string, byId: boolean) =>
  db
    .selectFrom('collections')
    .select(['id', 'transaction_id', 'status', 'amount', 'currency', 'created_at', 'expires_at'])
    .where('provider', '=', provider)
    .where(byId ? 'id' : 'transaction_id', '=', reference)
    .executeTakeFirst();

/** A payout that went to `provider`, by our id: any kind paid out through a provider's disbursement (a refund too). */
export const disbursementOfProvider = (db: Kysely<Database>, provider: string, id: string) =>
  db
    .selectFrom('transfers')
    .select(['id', 'status', 'amount', 'currency', 'created_at', 'expires_at'])
    .where('kind', 'in', DISBURSEMENT_KINDS)
    .where('provider', '=', provider)
    .where('id', '=', id)
    .executeTakeFirst();
