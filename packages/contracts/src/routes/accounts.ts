import { z } from 'zod';
import {
  businessDetails,
  businessDetailsInput,
  complianceFile,
  createAccountInput,
  createdAccount,
  environmentSet,
  saveComplianceFilesInput,
  savedLogo,
  setEnvironmentInput,
  smsReceiptsInput,
  smsReceiptsSet,
  switchAccountInput,
  updateProfileInput,
  user,
} from '../accounts.ts';
import { answerOf, nothing } from '../api.ts';
import { updateLogoInput } from '../files.ts';
import { phoneCodeSent, verifyPhoneInput } from '../phone-verification.ts';
import { supportContacts } from '../support.ts';
import { byId, done, type RouteSchemas } from './shared.ts';

const complianceFiles = answerOf(z.array(complianceFile));

/** The member and their accounts. */
export const accountRoutes = {
  'GET /api/user/profile': { querystring: nothing, response: { 200: answerOf(user) } },
  'GET /api/support': { querystring: nothing, response: { 200: answerOf(supportContacts) } },
  'POST /api/user/update-profile': { body: updateProfileInput, response: { 200: answerOf(user) } },
  'POST /api/user/phone/send-code': { body: nothing, response: { 200: answerOf(phoneCodeSent) } },
  'POST /api/user/phone/verify': { body: verifyPhoneInput, response: { 200: done } },
  'POST /api/user/update-business-details': { body: businessDetailsInput, response: { 200: answerOf(businessDetails) } },
  'POST /api/sente-account/save-sente-files': { body: saveComplianceFilesInput, response: { 200: complianceFiles } },
  'POST /api/sente-account/remove-sente-file/:id': { params: byId, body: nothing, response: { 200: complianceFiles } },
  'GET /api/sente-account/sente-files': { querystring: nothing, response: { 200: complianceFiles } },
  'POST /api/sente-account/create-account': { body: createAccountInput, response: { 201: answerOf(createdAccount) } },
  'POST /api/sente-account/switch-account': { body: switchAccountInput, response: { 200: done } },
  'POST /api/sente-account/update-logo': { body: updateLogoInput, response: { 200: answerOf(savedLogo) } },
  'POST /api/sente-account/sms-receipts': { body: smsReceiptsInput, response: { 200: answerOf(smsReceiptsSet) } },
  'POST /api/keys/set-environment': { body: setEnvironmentInput, response: { 200: answerOf(environmentSet) } },
} as const satisfies Record<string, RouteSchemas>;
