import { z } from 'zod';
import { answerOf, fileAnswer, nothing } from '../api.ts';
import type { AwaitingApprovalCounts } from '../movement-approvals.ts';
import {
  approveBatchInput,
  batchAnswers as B,
  batchIdParams,
  batchListQuery,
  batchRowInput,
  batchRowParams,
  batchRowsQuery,
  rejectBatchInput,
  templateQuery,
} from '../payout-batches.ts';
import { payoutAllowanceAnswer, payoutRulesAnswer, payoutRulesInput } from '../payout-rules.ts';
import {
  statementAnswer,
  statementDownloadQuery,
  statementQuery,
  statementSummaryAnswer,
  transfersDownloadQuery,
  transfersFilterQuery,
  walletAnswers as W,
} from '../transfers.ts';
import {
  accountIdInput,
  approveMovementInput,
  bankDetailsInput,
  changePinInput,
  declineMovementInput,
  mobileMoneyNameInput,
  ownAccountInput,
  p2pInput,
  payoutInput,
  resetPinInput,
  setPinInput,
  settlementInput,
  verifyAccountNumberInput,
  verifyPinInput,
} from '../transfers-input.ts';
import { byId, type RouteSchemas } from './shared.ts';

/** GET /api/transfers/awaiting-approval: what waits for the caller's approval (decision 071). */
const awaitingApprovalAnswer = answerOf(
  z.object({
    movements: z.number().describe('Held payouts, wallet transfers, settlement requests and refunds the caller may answer'),
    batches: z.number().describe('Submitted payout batches the caller may answer'),
    total: z.number(),
  }) satisfies z.ZodType<AwaitingApprovalCounts>,
);

/** A DELETE takes no body; one sent anyway must be an empty object. */
const noBody = nothing.optional();

const sheetForm = z.unknown().describe('multipart/form-data: file (CSV or .xlsx, at most 2 MB), and reference (optional)');

/** Wallet, transfers and settlements (the spec's older answers, with `status: 'SUCCESS'`). */
export const transferRoutes = {
  'POST /api/wallet/pin_exists': { body: ownAccountInput, response: { 200: W.pinExists } },
  'POST /api/wallet/set_pin': { body: setPinInput, response: { 201: W.nothing } },
  'POST /api/wallet/verify_pin': { body: verifyPinInput, response: { 200: W.pinVerified } },
  'POST /api/wallet/change_pin': { body: changePinInput, response: { 200: W.nothing } },
  'POST /api/wallet/pin_reset_code': { body: ownAccountInput, response: { 200: W.resetCodeSent } },
  'POST /api/wallet/reset_pin': { body: resetPinInput, response: { 200: W.nothing } },
  'POST /api/wallet/verify_sente_acc_number': { body: verifyAccountNumberInput, response: { 200: W.accountFound } },
  'POST /api/wallet/user_with_sente': { body: accountIdInput, response: { 200: W.holder } },
  'POST /api/wallet/get_account_number_if_exists': { body: ownAccountInput, response: { 200: W.accountNumber } },
  'GET /api/wallet/charges': { querystring: nothing, response: { 200: W.summary } },
  'GET /api/wallet/usd': { querystring: nothing, response: { 200: W.usd } },
  // A replayed Idempotency-Key answers the first transfer again, with 200 instead of 201.
  'POST /api/wallet-transfers/p2p': { body: p2pInput, response: { 200: W.transferred, 201: W.transferred } },
  'POST /api/settlements/create': { body: settlementInput, response: { 200: W.moved, 201: W.moved } },
  'POST /api/yo/process_payout': { body: payoutInput, response: { 200: W.moved, 201: W.moved } },
  // The payout's name step: who the provider has registered behind the number, masked.
  'POST /api/wallet/mobile-money-name': { body: mobileMoneyNameInput, response: { 200: W.mobileMoneyHolder } },
  'GET /api/settlements': { querystring: transfersFilterQuery, response: { 200: W.transfers } },
  'GET /api/collections/smt_download': { querystring: transfersDownloadQuery, response: { 200: fileAnswer } },
  'POST /api/sente-account/update-bank-details': { body: bankDetailsInput, response: { 200: W.bankDetails } },
  // The wallet statement (decision 052): its entries, and the same as a workbook.
  'GET /api/wallet/statement': { querystring: statementQuery, response: { 200: statementAnswer } },
  'GET /api/wallet/statement/download': { querystring: statementDownloadQuery, response: { 200: fileAnswer } },
  // The statement's opening and closing balances and its period's totals.
  'GET /api/wallet/statement/summary': { querystring: statementDownloadQuery, response: { 200: statementSummaryAnswer } },
  // Payout batches (decision 066): a sheet of payouts checked row by row, approved by a second member, paid by the worker.
  'GET /api/payout-batches': { querystring: batchListQuery, response: { 200: B.list } },
  'GET /api/payout-batches/template': { querystring: templateQuery, response: { 200: fileAnswer } },
  'POST /api/payout-batches': { body: sheetForm, response: { 201: B.batch } },
  'GET /api/payout-batches/:id': { params: batchIdParams, querystring: nothing, response: { 200: B.batch } },
  'DELETE /api/payout-batches/:id': { params: batchIdParams, body: noBody, response: { 200: B.discarded } },
  'GET /api/payout-batches/:id/rows': { params: batchIdParams, querystring: batchRowsQuery, response: { 200: B.rows } },
  'PUT /api/payout-batches/:id/rows/:rowId': { params: batchRowParams, body: batchRowInput, response: { 200: B.row } },
  'DELETE /api/payout-batches/:id/rows/:rowId': { params: batchRowParams, body: noBody, response: { 200: B.removed } },
  'POST /api/payout-batches/:id/rows/:rowId/accept-name': { params: batchRowParams, body: nothing, response: { 200: B.row } },
  'POST /api/payout-batches/:id/submit': { params: batchIdParams, body: nothing, response: { 200: B.batch } },
  'POST /api/payout-batches/:id/approve': { params: batchIdParams, body: approveBatchInput, response: { 200: B.batch } },
  'POST /api/payout-batches/:id/reject': { params: batchIdParams, body: rejectBatchInput, response: { 200: B.batch } },
  // Its maker takes a submitted batch back: a draft again (decision 071).
  'POST /api/payout-batches/:id/withdraw': { params: batchIdParams, body: nothing, response: { 200: B.batch } },
  'POST /api/payout-batches/:id/retry': { params: batchIdParams, body: nothing, response: { 201: B.batch } },
  'GET /api/payout-batches/:id/result': { params: batchIdParams, querystring: nothing, response: { 200: fileAnswer } },
  // A second member's answer to a movement above the approval threshold (decision 067).
  'POST /api/transfers/:id/approve': { params: byId, body: approveMovementInput, response: { 200: W.moved } },
  'POST /api/transfers/:id/decline': { params: byId, body: declineMovementInput, response: { 200: W.moved } },
  // What waits for the caller's approval, counted for the Overview and the Transfers menu (decision 071).
  'GET /api/transfers/awaiting-approval': { querystring: nothing, response: { 200: awaitingApprovalAnswer } },
  // The member who asked withdraws it; its money returns at once (decision 071).
  'POST /api/transfers/:id/withdraw': { params: byId, body: nothing, response: { 200: W.moved } },
  // The account's payout rules (decision 065): every member reads them, owners and administrators set them.
  'GET /api/payout-rules': { querystring: nothing, response: { 200: payoutRulesAnswer } },
  'POST /api/payout-rules': { body: payoutRulesInput, response: { 200: payoutRulesAnswer } },
  // What the member asking may still send today under them (the caps less the day's sums), in the active environment.
  'GET /api/payout-rules/allowance': { querystring: nothing, response: { 200: payoutAllowanceAnswer } },
} as const satisfies Record<string, RouteSchemas>;
