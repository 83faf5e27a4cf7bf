import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_001_foundation.ts';
import * as links from './2026_11_22_002_links.ts';
import * as payments from './2026_11_22_003_payments.ts';
import * as moneyOut from './2026_11_23_004_money_out.ts';
import * as signInHardening from './2026_11_24_005_sign_in_hardening.ts';
import * as requestHashes from './2026_11_24_006_request_hashes.ts';
import * as uniquePhone from './2026_11_24_007_unique_phone.ts';
import * as collectionDailyTotals from './2026_11_24_008_collection_daily_totals.ts';
import * as businessDetails from './2026_11_24_009_business_details.ts';
import * as teamInvitations from './2026_11_24_010_team_invitations.ts';
import * as inviteTokens from './2026_11_24_011_invite_tokens.ts';
import * as oneCustomerPerPayer from './2026_11_24_012_one_customer_per_payer.ts';
import * as walletPinResetCodes from './2026_11_24_013_wallet_pin_reset_codes.ts';
import * as internationalUserPhones from './2026_11_24_014_international_user_phones.ts';
import * as collectionCounts from './2026_11_24_015_collection_counts.ts';
import * as apiKeysAndWebhooks from './2026_11_24_016_api_keys_and_webhooks.ts';
import * as webhookDeliveries from './2026_11_24_017_webhook_deliveries.ts';
import * as merchantApi from './2026_11_24_018_merchant_api.ts';
import * as ledgerAtScale from './2026_11_24_019_ledger_at_scale.ts';
import * as listCounters from './2026_11_24_020_list_counters.ts';
import * as workerClaims from './2026_11_24_021_worker_claims.ts';
import * as walletTransferFunction from './2026_11_24_022_wallet_transfer_function.ts';
import * as liveRails from './2026_11_24_023_live_rails.ts';
import * as lateChecks from './2026_11_24_024_late_checks.ts';
import * as linkAttachments from './2026_11_26_025_link_attachments.ts';
import * as customerNames from './2026_11_26_027_customer_names.ts';
import * as providerMismatch from './2026_11_27_028_provider_mismatch.ts';
import * as failedCollectionsTakeNoFee from './2026_11_27_029_failed_collections_take_no_fee.ts';
import * as apiPayoutReasonsCleaned from './2026_11_27_030_api_payout_reasons_cleaned.ts';
import * as findIndexes from './2026_11_27_031_find_indexes.ts';
import * as walletStatement from './2026_11_27_032_wallet_statement.ts';
import * as collectionEvents from './2026_11_27_033_collection_events.ts';
import * as refunds from './2026_11_27_034_refunds.ts';
import * as postingTime from './2026_11_28_035_posting_time.ts';
import * as refundedAmounts from './2026_11_28_036_refunded_amounts.ts';
import * as payoutBatches from './2026_11_29_037_payout_batches.ts';
import * as payoutRules from './2026_11_29_038_payout_rules.ts';
import * as movementApprovals from './2026_11_29_039_movement_approvals.ts';
import * as notificationSettings from './2026_11_29_040_notification_settings.ts';
import * as smsMessages from './2026_11_29_041_sms_messages.ts';
import * as receiptCodes from './2026_11_29_042_receipt_codes.ts';
import * as phoneVerified from './2026_11_29_043_phone_verified.ts';
import * as lowBalanceChecks from './2026_11_29_044_low_balance_checks.ts';
import * as approvalWithdrawn from './2026_12_07_045_approval_withdrawn.ts';
import * as approvalAlerts from './2026_12_07_046_approval_alerts.ts';
import * as refundPending from './2026_12_07_047_refund_pending.ts';
import * as partialNames from './2026_12_07_048_partial_names.ts';
import * as alertLinksAndSummaryDays from './2026_12_07_049_alert_links_and_summary_days.ts';
import * as contactPartIndexes from './2026_12_07_050_contact_part_indexes.ts';
import * as signInChallenges from './2026_12_07_051_sign_in_challenges.ts';
import * as sessionIpAndSettingsChangedBy from './2026_12_07_052_session_ip_and_settings_changed_by.ts';
import * as domainEvents from './2026_12_07_053_domain_events.ts';
import * as postingTimeRemoved from './2026_12_07_054_posting_time_removed.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_001_foundation': foundation,
  '2026_11_22_002_links': links,
  '2026_11_22_003_payments': payments,
  '2026_11_23_004_money_out': moneyOut,
  '2026_11_24_005_sign_in_hardening': signInHardening,
  '2026_11_24_006_request_hashes': requestHashes,
  '2026_11_24_007_unique_phone': uniquePhone,
  '2026_11_24_008_collection_daily_totals': collectionDailyTotals,
  '2026_11_24_009_business_details': businessDetails,
  '2026_11_24_010_team_invitations': teamInvitations,
  '2026_11_24_011_invite_tokens': inviteTokens,
  '2026_11_24_012_one_customer_per_payer': oneCustomerPerPayer,
  '2026_11_24_013_wallet_pin_reset_codes': walletPinResetCodes,
  '2026_11_24_014_international_user_phones': internationalUserPhones,
  '2026_11_24_015_collection_counts': collectionCounts,
  '2026_11_24_016_api_keys_and_webhooks': apiKeysAndWebhooks,
  '2026_11_24_017_webhook_deliveries': webhookDeliveries,
  '2026_11_24_018_merchant_api': merchantApi,
  '2026_11_24_019_ledger_at_scale': ledgerAtScale,
  '2026_11_24_020_list_counters': listCounters,
  '2026_11_24_021_worker_claims': workerClaims,
  '2026_11_24_022_wallet_transfer_function': walletTransferFunction,
  '2026_11_24_023_live_rails': liveRails,
  '2026_11_24_024_late_checks': lateChecks,
  '2026_11_26_025_link_attachments': linkAttachments,
  '2026_11_26_027_customer_names': customerNames,
  '2026_11_27_028_provider_mismatch': providerMismatch,
  '2026_11_27_029_failed_collections_take_no_fee': failedCollectionsTakeNoFee,
  '2026_11_27_030_api_payout_reasons_cleaned': apiPayoutReasonsCleaned,
  '2026_11_27_031_find_indexes': findIndexes,
  '2026_11_27_032_wallet_statement': walletStatement,
  '2026_11_27_033_collection_events': collectionEvents,
  '2026_11_27_034_refunds': refunds,
  '2026_11_28_035_posting_time': postingTime,
  '2026_11_28_036_refunded_amounts': refundedAmounts,
  '2026_11_29_037_payout_batches': payoutBatches,
  '2026_11_29_038_payout_rules': payoutRules,
  '2026_11_29_039_movement_approvals': movementApprovals,
  '2026_11_29_040_notification_settings': notificationSettings,
  '2026_11_29_041_sms_messages': smsMessages,
  '2026_11_29_042_receipt_codes': receiptCodes,
  '2026_11_29_043_phone_verified': phoneVerified,
  '2026_11_29_044_low_balance_checks': lowBalanceChecks,
  '2026_12_07_045_approval_withdrawn': approvalWithdrawn,
  '2026_12_07_046_approval_alerts': approvalAlerts,
  '2026_12_07_047_refund_pending': refundPending,
  '2026_12_07_048_partial_names': partialNames,
  '2026_12_07_049_alert_links_and_summary_days': alertLinksAndSummaryDays,
  '2026_12_07_050_contact_part_indexes': contactPartIndexes,
  '2026_12_07_051_sign_in_challenges': signInChallenges,
  '2026_12_07_052_session_ip_and_settings_changed_by': sessionIpAndSettingsChangedBy,
  '2026_12_07_053_domain_events': domainEvents,
  '2026_12_07_054_posting_time_removed': postingTimeRemoved,
};
