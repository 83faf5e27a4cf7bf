import { answerOf } from '../api.ts';
import { dashboardStats, dashboardStatsQuery } from '../reports.ts';
import { searchAnswer, searchQuery } from '../search.ts';
import type { RouteSchemas } from './shared.ts';

/** The dashboard's figures and the search across the account. */
export const reportRoutes = {
  'GET /api/search': { querystring: searchQuery, response: { 200: answerOf(searchAnswer) } },
  'GET /api/reports/dashboard-stats': { querystring: dashboardStatsQuery, response: { 200: answerOf(dashboardStats) } },
} as const satisfies Record<string, RouteSchemas>;
