import type { ColumnType, Generated } from 'kysely';

/**
 * One text sent through the gateways: its route (the gateway that has it now), the gateway's id, status and
 * cost, and how many gateways were tried. `text` is kept only while the fallback may still have to send it again,
 * then cleared, so a code or a receipt does not stay in the database. `resend_due_at`: when the fallback takes over if no
 * delivery was reported by then; null when there is nothing further to try.
 */
export interface SmsMessagesTable {
  id: Generated<string>;
  account_id: string | null;
  to_number: string;
  text: string | null;
  purpose: 'transactional' | 'promotional';
  route: string;
  /** sending (handed to a gateway), sent (accepted, awaiting its report), delivered, failed (final). */
  status: 'sending' | 'sent' | 'delivered' | 'failed';
  gateway_status: string | null;
  provider_message_id: string | null;
  cost: string | null;
  attempts: number;
  reason: string | null;
  resend_due_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
