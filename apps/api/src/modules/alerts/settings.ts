import type { StaffRole } from '@sente/contracts/constants';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  type TeamNotification,
} from '@sente/contracts/notifications';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fieldError } from '../../lib/http-error.ts';
import { verifiedSmsPhoneOf } from '../../sms/phone.ts';
import type { NotificationSettingsTable } from './tables.ts';

/** A member's stored choices: the row but the worker's own bookkeeping. */
type StoredChoices = Omit<Selectable<NotificationSettingsTable>, 'summarised_on'>;

/** A stored row as the contract answers it. */
export function settingsOf(row: StoredChoices | undefined): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    payment_received: row.payment_received,
    payment_above: row.payment_above === null ? null : Number(row.payment_above),
    daily_summary: row.daily_summary,
    payout_failed: row.payout_failed,
    refund_done: row.refund_done,
    low_balance_below: row.low_balance_below === null ? null : Number(row.low_balance_below),
    approval_needed: row.approval_needed,
    by_email: row.by_email,
    by_sms: row.by_sms,
    live: row.live,
    test: row.test,
  };
}

/** A member's own choices for an account, their team's for its owners and administrators. */
export function createNotificationSettings(db: Kysely<Database>) {
  /** Texts go only to a phone the member proved (decision 070): null for an unproved one. */
  const phoneOf = async (userId: string) =>
    verifiedSmsPhoneOf(
      await db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow(),
    );

  async function load(accountId: string, userId: string) {
    const row = await db
      .selectFrom('notification_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { ...settingsOf(row), sms_phone: await phoneOf(userId) };
  }

  return {
    load,

    /** Saves the whole set; SMS is refused, with what to do, to a member without a verified Ugandan mobile. */
    async save(accountId: string, userId: string, settings: NotificationSettings) {
      if (settings.by_sms && !(await phoneOf(userId))) throw fieldError('by_sms', NOTIFICATION_MESSAGES.noPhone);
      const values = { ...settings, updated_at: new Date() };
      await db
        .insertInto('notification_settings')
        .values({ account_id: accountId, user_id: userId, ...values })
        .onConflict((conflict) => conflict.columns(['account_id', 'user_id']).doUpdateSet(values))
        .execute();
      return load(accountId, userId);
    },

    /** Every joined member of the account with what they hear (the defaults for one who never chose). */
    async team(accountId: string): Promise<TeamNotification[]> {
      const rows = await db
        .selectFrom('account_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .leftJoin('notification_settings as s', (join) =>
          join.onRef('s.account_id', '=', 'm.account_id').onRef('s.user_id', '=', 'm.user_id'),
        )
        .select(['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email', 'u.phone', 'u.phone_verified_at', 'm.staff_role'])
        .select([
          's.account_id',
          's.payment_received',
          's.payment_above',
          's.daily_summary',
          's.payout_failed',
          's.refund_done',
          's.low_balance_below',
          's.approval_needed',
          's.by_email',
          's.by_sms',
          's.live',
          's.test',
          's.updated_at',
        ])
        .where('m.account_id', '=', accountId)
        .where('m.removed_at', 'is', null)
        .orderBy('m.created_at')
        .execute();
      return rows.map((row) => ({
        ...settingsOf(row.account_id === null ? undefined : (row as StoredChoices)),
        user_id: row.user_id,
        name: `${row.firstname} ${row.lastname}`.trim(),
        email: row.email,
        staff_role: row.staff_role as StaffRole,
        sms_phone: verifiedSmsPhoneOf(row),
      }));
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettings>;
