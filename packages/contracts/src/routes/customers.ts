import { answerOf, fileAnswer } from '../api.ts';
import { customersDownloadQuery, customersQuery } from '../customers.ts';
import { filteredPageOf } from '../filters.ts';
import { customerRow } from '../payments-answers.ts';
import type { RouteSchemas } from './shared.ts';

/** The customers list and its workbook. */
export const customerRoutes = {
  'GET /api/customers': { querystring: customersQuery, response: { 200: answerOf(filteredPageOf(customerRow)) } },
  'GET /api/customers/download': { querystring: customersDownloadQuery, response: { 200: fileAnswer } },
} as const satisfies Record<string, RouteSchemas>;
