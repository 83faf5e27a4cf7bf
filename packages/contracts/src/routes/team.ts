import { answerOf, cursorQuery, nothing } from '../api.ts';
import { acceptedInvitation, invitation, invitationInput, staffInviteInput, staffPage } from '../team.ts';
import { byId, done, type RouteSchemas } from './shared.ts';

/** The team and its invitations. */
export const teamRoutes = {
  'GET /api/staff/list': { querystring: cursorQuery, response: { 200: answerOf(staffPage) } },
  'POST /api/staff/register': { body: staffInviteInput, response: { 201: done } },
  'GET /api/staff/invitation': { querystring: invitationInput, response: { 200: answerOf(invitation) } },
  'POST /api/staff/accept': { body: invitationInput, response: { 200: answerOf(acceptedInvitation) } },
  'POST /api/staff/hide_staff/:id': { params: byId, body: nothing, response: { 200: done } },
} as const satisfies Record<string, RouteSchemas>;
