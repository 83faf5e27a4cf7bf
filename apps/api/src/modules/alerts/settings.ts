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
import { findSettings, saveSettings, teamSettings, userPhone } from './repository.ts';
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
  const phoneOf = async (userId: string) => {
    const user = await userPhone(db, userId);
    if (!user) throw new Error(`no user ${userId}`);
    return verifiedSmsPhoneOf(user);
  };

  async function load(accountId: string, userId: string) {
    const row = await findSettings(db, accountId, userId);
    return { ...settingsOf(row), sms_phone: await phoneOf(userId) };
  }

  return {
    load,

    /** Saves the whole set; SMS is refused, with what to do, to a member without a verified Ugandan mobile. */
    async save(accountId: string, userId: string, settings: NotificationSettings) {
      if (settings.by_sms && !(await phoneOf(userId))) throw fieldError('by_sms', NOTIFICATION_MESSAGES.noPhone);
      const values = { ...settings, updated_at: new Date() };
      await saveSettings(db, accountId, userId, values);
      return load(accountId, userId);
    },

    /** Every joined member of the account with what they hear (the defaults for one who never chose). */
    async team(accountId: string): Promise<TeamNotification[]> {
      const rows = await teamSettings(db, accountId);
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
