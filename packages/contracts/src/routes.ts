import { z } from 'zod';
import {
  businessDetails,
  businessDetailsInput,
  complianceFile,
  createAccountInput,
  createdAccount,
  environmentSet,
  loginResult,
  saveComplianceFilesInput,
  savedLogo,
  setEnvironmentInput,
  switchAccountInput,
  updateProfileInput,
  user,
} from './accounts.ts';
import { answerOf, cursorQuery, fileAnswer, nothing, pageOf } from './api.ts';
import {
  changePasswordInput,
  codeSent,
  emailOrPhoneInput,
  loginCodeSent,
  loginInput,
  loginOtpInput,
  logoutInput,
  refreshTokenInput,
  signUpInput,
  signUpResult,
  tokens,
  verifyAccountInput,
} from './auth.ts';
import { collectionsPage } from './collections-page.ts';
import { MAX_BODY_BYTES } from './constants.ts';
import { customersDownloadQuery, customersQuery } from './customers.ts';
import { apiKeys, webhookUrls, webhookUrlsInput } from './developers.ts';
import { fileUrl, signedFileQuery, signedUrlQuery, updateLogoInput, uploadForm } from './files.ts';
import { filteredPageOf } from './filters.ts';
import {
  digitalItem,
  digitalItemInput,
  donationLink,
  donationLinkInput,
  enableOrDisableInput,
  hiddenItem,
  hideDigitalItemInput,
  newDigitalItemInput,
  paymentLink,
  paymentLinkDetails,
  paymentLinkInput,
} from './links.ts';
import { collectionRequest, collectionsQuery, idempotencyKey, payoutRequest, refundRequest } from './merchant-api.ts';
import { apiBalance, apiCollection, apiCollectionPage, apiError, apiPayout, apiRefund, success } from './merchant-api-objects.ts';
import {
  collectionDetail,
  collectionRefund,
  customerRow,
  livePage,
  payAnswer,
  publicLink,
  publicPayment,
} from './payments-answers.ts';
import { collectionsDownloadQuery, collectionsFilterQuery, payInput, refundInput } from './payments-input.ts';
import { dashboardStats, dashboardStatsQuery } from './reports.ts';
import { searchAnswer, searchQuery } from './search.ts';
import { shortCodeParams, shortenUrlAnswer, shortenUrlInput } from './short-links.ts';
import { supportContacts } from './support.ts';
import { callbackBody, callbackPath, callbackReceived, healthDown, healthUp, opsInput, opsResult } from './system.ts';
import { acceptedInvitation, invitation, invitationInput, staffInviteInput, staffPage } from './team.ts';
import {
  accountIdInput,
  bankDetailsInput,
  changePinInput,
  ownAccountInput,
  p2pInput,
  payoutInput,
  resetPinInput,
  setPinInput,
  settlementInput,
  statementAnswer,
  statementDownloadQuery,
  statementQuery,
  statementSummaryAnswer,
  transfersDownloadQuery,
  transfersFilterQuery,
  verifyAccountNumberInput,
  verifyPinInput,
  walletAnswers as W,
} from './wallet.ts';
import { webhookDelivery } from './webhook-deliveries.ts';

const byId = z.object({ id: z.string() });
const byRef = z.object({ ref: z.string() });
const done = answerOf(z.null());
const complianceFiles = answerOf(z.array(complianceFile));

/** The optional Idempotency-Key of a payment page's payment (DESIGN §3) and of a /v1 POST, one rule; a malformed one is a 400. */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });

/** /v1: its path id, and the error answers every route documents besides its own. */
const v1ById = z.object({ id: z.string().describe('The id the create call answered') });
const v1Errors = {
  400: apiError.describe('The request is not valid: the message says what to change (code invalid_request)'),
  401: apiError.describe('The API key is missing, wrong or was replaced by newly generated keys (code invalid_api_key)'),
  429: apiError.describe('Too many requests with this key in the last minute: wait Retry-After seconds (code rate_limited)'),
  500: apiError.describe('Something went wrong on our side (code internal_error)'),
};
const v1NotFound = apiError.describe('No such object in this account and environment (code not_found)');
const v1MoneyErrors = {
  ...v1Errors,
  403: apiError.describe('The account is not yet approved for live payments (code account_not_approved)'),
  409: apiError.describe('This Idempotency-Key was already used with a different request (code idempotency_key_reused)'),
  413: apiError.describe(`The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB (code invalid_request)`),
  415: apiError.describe('The request body is not sent as application/json (code invalid_request)'),
};
/** The OpenAPI document as @fastify/swagger built it: loose, so that the answer keeps every part of it, in its order. */
const openApiAnswer = z.looseObject({ openapi: z.string() });

/** Both shorten paths (spec §7: the payment links page and the digital items page each call their own) do the same. */
const shorten = { body: shortenUrlInput, response: { 200: shortenUrlAnswer } } as const;
/** MTN MoMo sends its callback by PUT or POST. */
const providerCallback = {
  params: callbackPath,
  body: callbackBody,
  response: { 200: callbackReceived },
} as const;

/** One route's schemas: what it takes, and what it answers by status. */
export type RouteSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
};

/**
 * Issue 29: every route of the app, keyed `METHOD url` as Fastify registers it, with the zod schemas of what it takes
 * (params, querystring, body, headers) and answers (response, by status). The route files declare these very objects
 * (the route walk in apps/api/src/plugins/rate-classes.test.ts checks it), and the web's test stubs answer through
 * them (apps/web/src/testing/api-stub.ts), so a stub cannot answer what the server never sends. Only the web's
 * testing code may import it: the dashboard's bundle stays free of it.
 */
export const ROUTES = {
  'GET /health': { querystring: nothing, response: { 200: healthUp, 503: healthDown } },

  // Sign-up and sign-in
  'POST /api/sign-up': { body: signUpInput, response: { 201: answerOf(signUpResult) } },
  'POST /api/resend-account-verification-code': { body: emailOrPhoneInput, response: { 200: answerOf(codeSent) } },
  'POST /api/verify-account': { body: verifyAccountInput, response: { 200: done } },
  'POST /api/login': { body: loginInput, response: { 200: answerOf(loginCodeSent) } },
  'POST /api/login-otp': { body: loginOtpInput, response: { 200: answerOf(loginResult) } },
  'POST /api/password-reset-code': { body: emailOrPhoneInput, response: { 200: done } },
  'POST /api/change-password': { body: changePasswordInput, response: { 200: done } },
  'POST /api/refresh-token': { body: refreshTokenInput, response: { 200: answerOf(tokens) } },
  'POST /api/logout': { body: logoutInput, response: { 200: done } },

  // The member and their accounts
  'GET /api/user/profile': { querystring: nothing, response: { 200: answerOf(user) } },
  'GET /api/support': { querystring: nothing, response: { 200: answerOf(supportContacts) } },
  'POST /api/user/update-profile': { body: updateProfileInput, response: { 200: answerOf(user) } },
  'POST /api/user/update-business-details': { body: businessDetailsInput, response: { 200: answerOf(businessDetails) } },
  'POST /api/sente-account/save-sente-files': { body: saveComplianceFilesInput, response: { 200: complianceFiles } },
  'POST /api/sente-account/remove-sente-file/:id': { params: byId, body: nothing, response: { 200: complianceFiles } },
  'GET /api/sente-account/sente-files': { querystring: nothing, response: { 200: complianceFiles } },
  'POST /api/sente-account/create-account': { body: createAccountInput, response: { 201: answerOf(createdAccount) } },
  'POST /api/sente-account/switch-account': { body: switchAccountInput, response: { 200: done } },
  'POST /api/sente-account/update-logo': { body: updateLogoInput, response: { 200: answerOf(savedLogo) } },
  'POST /api/keys/set-environment': { body: setEnvironmentInput, response: { 200: answerOf(environmentSet) } },

  // Payment links, donation links and digital items
  'POST /api/payment-link/create': { body: paymentLinkInput, response: { 201: answerOf(paymentLinkDetails) } },
  'POST /api/payment-link/update/:id': {
    params: byId,
    body: paymentLinkInput,
    response: { 200: answerOf(paymentLinkDetails) },
  },
  'POST /api/payment-link/enable_or_disable/:id': {
    params: byId,
    body: enableOrDisableInput,
    response: { 200: answerOf(paymentLink) },
  },
  'GET /api/payment-link/details/:ref': {
    params: byRef,
    querystring: nothing,
    response: { 200: answerOf(paymentLinkDetails) },
  },
  'GET /api/payment-link': { querystring: cursorQuery, response: { 200: answerOf(pageOf(paymentLink)) } },
  'POST /api/donation-link/create': { body: donationLinkInput, response: { 201: answerOf(donationLink) } },
  'POST /api/donation-link/update/:id': { params: byId, body: donationLinkInput, response: { 200: answerOf(donationLink) } },
  'GET /api/donation-link/details/:ref': { params: byRef, querystring: nothing, response: { 200: answerOf(donationLink) } },
  // The first page of donation links, or a later page of either list (the cursor names which).
  'GET /api/donation-link': {
    querystring: cursorQuery,
    response: { 200: answerOf(z.union([pageOf(donationLink), pageOf(digitalItem)])) },
  },
  'POST /api/donation-link/create_digital_item': { body: newDigitalItemInput, response: { 201: answerOf(digitalItem) } },
  'POST /api/donation-link/update_digital_item/:id': {
    params: byId,
    body: digitalItemInput,
    response: { 200: answerOf(digitalItem) },
  },
  'GET /api/donation-link/details_degital_item/:ref': {
    params: byRef,
    querystring: nothing,
    response: { 200: answerOf(digitalItem) },
  },
  'GET /api/donation-link/get_digital_items': { querystring: cursorQuery, response: { 200: answerOf(pageOf(digitalItem)) } },
  'POST /api/donation-link/hide_digital_item/:id': {
    params: byId,
    body: hideDigitalItemInput,
    response: { 200: answerOf(hiddenItem) },
  },

  // Files and short links
  'POST /api/files/upload': { body: uploadForm, response: { 200: answerOf(z.string().describe("The stored file's path")) } },
  'GET /api/files/signed-url': { querystring: signedUrlQuery, response: { 200: answerOf(fileUrl) } },
  /** The stored file's path is the rest of the URL. */
  'GET /storage/*': {
    params: z.object({ '*': z.string() }),
    querystring: signedFileQuery,
    response: { 200: fileAnswer },
  },
  'POST /api/payment-link/shorten_url': shorten,
  'POST /api/shorten_url': shorten,
  'GET /s/:code': { params: shortCodeParams, querystring: nothing, response: { 302: z.null().describe('To the long URL') } },

  // Collections, customers and the dashboard's figures
  'GET /api/collections': { querystring: collectionsFilterQuery, response: { 200: answerOf(collectionsPage) } },
  // Issue 31 item 2: one payment with its timeline; its receipt sent again to the payer's e-mail.
  'GET /api/collections/:id': { params: byId, querystring: nothing, response: { 200: answerOf(collectionDetail) } },
  'POST /api/collections/:id/resend-receipt': { params: byId, body: nothing, response: { 200: done } },
  'POST /api/collections/:id/refund': {
    params: byId,
    headers: idempotencyHeaders,
    body: refundInput,
    response: { 200: answerOf(collectionRefund), 201: answerOf(collectionRefund) },
  },
  'GET /api/collections/download': { querystring: collectionsDownloadQuery, response: { 200: fileAnswer } },
  'GET /api/payment-link/collections/:ref': { params: byRef, querystring: cursorQuery, response: { 200: answerOf(livePage) } },
  'GET /api/payment-link/collections/:ref/download': { params: byRef, querystring: nothing, response: { 200: fileAnswer } },
  'GET /api/customers': { querystring: customersQuery, response: { 200: answerOf(filteredPageOf(customerRow)) } },
  'GET /api/customers/download': { querystring: customersDownloadQuery, response: { 200: fileAnswer } },
  'GET /api/search': { querystring: searchQuery, response: { 200: answerOf(searchAnswer) } },
  'GET /api/reports/dashboard-stats': { querystring: dashboardStatsQuery, response: { 200: answerOf(dashboardStats) } },

  // The customer pages (DESIGN §5)
  'GET /api/public/links/:ref': { params: byRef, querystring: nothing, response: { 200: answerOf(publicLink) } },
  'GET /api/public/links/:ref/attachments/:name': {
    params: z.object({ ref: z.string(), name: z.string() }),
    querystring: nothing,
    response: { 200: fileAnswer },
  },
  'POST /api/public/links/:ref/pay': {
    params: byRef,
    headers: idempotencyHeaders,
    body: payInput,
    response: { 201: answerOf(payAnswer) },
  },
  'GET /api/public/payments/:id': { params: byId, querystring: nothing, response: { 200: answerOf(publicPayment) } },
  'POST /api/public/payments/:id/cancel': { params: byId, body: nothing, response: { 200: answerOf(publicPayment) } },
  'GET /api/public/payments/:id/download': { params: byId, querystring: signedFileQuery, response: { 200: fileAnswer } },

  // The providers' callbacks
  'POST /api/providers/:provider/callback/:secret': providerCallback,
  'PUT /api/providers/:provider/callback/:secret': providerCallback,

  // Wallet, transfers and settlements (the spec's older answers, with `status: 'SUCCESS'`)
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
  'GET /api/settlements': { querystring: transfersFilterQuery, response: { 200: W.transfers } },
  'GET /api/collections/smt_download': { querystring: transfersDownloadQuery, response: { 200: fileAnswer } },
  'POST /api/sente-account/update-bank-details': { body: bankDetailsInput, response: { 200: W.bankDetails } },
  // The wallet statement (issue 31 item 4): its entries, and the same as a workbook.
  'GET /api/wallet/statement': { querystring: statementQuery, response: { 200: statementAnswer } },
  'GET /api/wallet/statement/download': { querystring: statementDownloadQuery, response: { 200: fileAnswer } },
  // Issue 39: the statement's opening and closing balances and its period's totals.
  'GET /api/wallet/statement/summary': { querystring: statementDownloadQuery, response: { 200: statementSummaryAnswer } },

  'POST /ops/run': { body: opsInput, response: { 200: answerOf(opsResult) } },

  // Team, keys and webhooks
  'GET /api/staff/list': { querystring: cursorQuery, response: { 200: answerOf(staffPage) } },
  'POST /api/staff/register': { body: staffInviteInput, response: { 201: done } },
  'GET /api/staff/invitation': { querystring: invitationInput, response: { 200: answerOf(invitation) } },
  'POST /api/staff/accept': { body: invitationInput, response: { 200: answerOf(acceptedInvitation) } },
  'POST /api/staff/hide_staff/:id': { params: byId, body: nothing, response: { 200: done } },
  'POST /api/keys/generate': { body: nothing, response: { 200: answerOf(apiKeys) } },
  'GET /api/webhook': { querystring: nothing, response: { 200: answerOf(webhookUrls) } },
  'POST /api/webhook/save-url': { body: webhookUrlsInput, response: { 200: answerOf(webhookUrls) } },
  'GET /api/webhook/deliveries': { querystring: cursorQuery, response: { 200: answerOf(pageOf(webhookDelivery)) } },
  'POST /api/webhook/deliveries/:id/resend': { params: byId, body: nothing, response: { 200: answerOf(webhookDelivery) } },
  'POST /api/webhook/test-event': { body: nothing, response: { 201: answerOf(z.array(webhookDelivery)) } },

  // The merchant API (issue 16): the route files add the OpenAPI document's words (tags, summary, description).
  'POST /v1/collections': {
    headers: idempotencyHeaders,
    body: collectionRequest,
    response: { 201: success(apiCollection, 'The collection, pending'), ...v1MoneyErrors },
  },
  'GET /v1/collections/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiCollection, 'The collection as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'GET /v1/collections': {
    querystring: collectionsQuery,
    response: { 200: success(apiCollectionPage, 'One page of collections'), ...v1Errors },
  },
  'POST /v1/payouts': {
    headers: idempotencyHeaders,
    body: payoutRequest,
    response: { 201: success(apiPayout, 'The payout, pending'), ...v1MoneyErrors },
  },
  'GET /v1/payouts/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiPayout, 'The payout as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'POST /v1/refunds': {
    headers: idempotencyHeaders,
    body: refundRequest,
    response: { 201: success(apiRefund, 'The refund, pending'), 404: v1NotFound, ...v1MoneyErrors },
  },
  'GET /v1/refunds/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiRefund, 'The refund as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'GET /v1/balance': {
    querystring: nothing,
    response: { 200: success(apiBalance, "The balance of the key's environment"), ...v1Errors },
  },
  'GET /v1/openapi.json': { querystring: nothing, response: { 200: openApiAnswer } },
} as const satisfies Record<string, RouteSchemas>;

export type RouteKey = keyof typeof ROUTES;
