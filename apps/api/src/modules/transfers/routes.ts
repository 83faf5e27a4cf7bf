import { roleHasRight } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { APPROVAL_MESSAGES } from '@sente/contracts/movement-approvals';
import { maskRegisteredName } from '@sente/contracts/name-check';
import { mobileMoneyNumber, networkOf } from '@sente/contracts/payments';
import { PAYOUT_RULE_MESSAGES } from '@sente/contracts/payout-rules';
import { WALLET_MESSAGES as M, TRANSFERS_WORKBOOK } from '@sente/contracts/transfers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { notFound } from '../../lib/http-error.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import { actorOf, scopeOf } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

/** A body's own account id, where one is sent, must be the caller's current account; another's is not found. */
function assertOwnAccount(request: FastifyRequest, given: unknown) {
  if (given !== undefined && given !== null && given !== '' && given !== request.account.id) {
    throw notFound(MESSAGES.accountNotFound);
  }
}

/**
 * preValidation, after requireAccount: the PIN calls' `sente_account_id` is checked as sent, before the rest of
 * their body, so that another account's id is not found whatever else the body holds.
 */
const ownAccount = async (request: FastifyRequest) =>
  assertOwnAccount(request, (request.body as { sente_account_id?: unknown } | undefined)?.sente_account_id);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Wallet and transfers, settlements and the bank details call (docs/features.md, #money-out and #roles). The
 * account, environment and member that move money are the session's: ids in the body (senderAccountId,
 * sente_account_id) must name the caller's current account, and the creator is always the signed-in member.
 */
export const transfersRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { transfers, approvals, pins, pinChanges, nameLookup },
) => {
  const view = { access: { account: 'view' }, rateClass: 'read' } as const;
  const move = { access: { account: 'moveMoney' }, rateClass: 'write' } as const;
  const pin = { access: { account: 'moveMoney' }, preValidation: ownAccount, rateClass: 'pin' } as const;
  const lookup = { access: { account: 'moveMoney' }, rateClass: 'lookup' } as const;

  route(app, 'POST /api/wallet/pin_exists', { ...pin, rateClass: 'read' as const }, async (request) => {
    const pin_exists = await pins.exists(actorOf(request));
    return answer({ pin_exists }, undefined, { status: 'SUCCESS', pin_exists });
  });

  route(app, 'POST /api/wallet/set_pin', pin, async (request, reply) => {
    await pins.set(actorOf(request), request.body.pin);
    return reply.code(201).send(answer(null, M.pinCreated, { status: 'SUCCESS' }));
  });

  route(app, 'POST /api/wallet/verify_pin', pin, async (request) => {
    const pin_token = await pins.verify(actorOf(request), request.body.pin);
    return answer({ pin_token }, M.pinVerified, { status: 'SUCCESS', pin_token });
  });

  // The member changes their own PIN, or resets a forgotten one with an e-mailed code (pin-changes.ts).
  const member = (request: FastifyRequest) => ({ ...actorOf(request), accountName: request.account.row.account_name });

  route(app, 'POST /api/wallet/change_pin', pin, async (request) => {
    await pinChanges.change(member(request), request.body.old_pin, request.body.new_pin);
    return answer(null, M.pinChanged, { status: 'SUCCESS' });
  });

  route(app, 'POST /api/wallet/pin_reset_code', pin, async (request) => {
    const sent = await pinChanges.sendResetCode(member(request));
    const data = { email: sent.email, last_code_sent_at: sent.sentAt.toISOString(), sms_to: sent.smsTo };
    return answer(data, M.pinResetCodeSent, { status: 'SUCCESS' });
  });

  route(app, 'POST /api/wallet/reset_pin', pin, async (request) => {
    await pinChanges.reset(member(request), request.body.code, request.body.new_pin);
    return answer(null, M.pinReset, { status: 'SUCCESS' });
  });

  route(app, 'POST /api/wallet/verify_sente_acc_number', lookup, async (request) => {
    const account = await transfers.accountByNumber(actorOf(request), request.body.sente_account_number);
    const sente_account_id = account.id;
    return answer({ sente_account_id }, M.accountFound, { status: 'SUCCESS', sente_account_id });
  });

  route(app, 'POST /api/wallet/user_with_sente', lookup, async (request) => {
    const account = await transfers.holder(request.body.sente_account_id);
    const data = {
      account_name: account.account_name,
      sente_account_id: account.id,
      sente_account_number: account.account_number,
      user_id: account.user_id,
    };
    return answer(data, undefined, { status: 'SUCCESS' });
  });

  route(
    app,
    'POST /api/wallet/get_account_number_if_exists',
    {
      ...view,
      preValidation: ownAccount,
    },
    async (request) => {
      const sente_account_number = request.account.row.account_number;
      return answer({ sente_account_number }, undefined, { status: 'SUCCESS', sente_account_number });
    },
  );

  route(app, 'GET /api/wallet/charges', view, async (request) => answer(await transfers.summary(scopeOf(request))));

  route(app, 'GET /api/wallet/usd', view, async (request) => answer(await transfers.usd(request.account.id)));

  // A replayed Idempotency-Key answers the first transfer again, with 200 instead of 201.
  route(app, 'POST /api/wallet-transfers/p2p', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = request.body;
    assertOwnAccount(request, input.senderAccountId);
    const actor = actorOf(request);
    transfers.assertEnvironment(actor, input.env);
    const party = { account_name: request.account.row.account_name, account_number: request.account.row.account_number };
    const { row, replayed } = await transfers.p2p({ ...actor, party }, input, key);
    const message = row.approval?.status === 'awaiting' ? APPROVAL_MESSAGES.awaiting : M.transferSuccessful;
    return reply.code(replayed ? 200 : 201).send(answer(row, message, { success: true as const }));
  });

  route(app, 'POST /api/settlements/create', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const { row, replayed } = await transfers.requestSettlement(actorOf(request), request.body, key);
    const message = row.approval?.status === 'awaiting' ? APPROVAL_MESSAGES.awaiting : M.requestSent;
    return reply.code(replayed ? 200 : 201).send(answer(row, message));
  });

  route(app, 'POST /api/yo/process_payout', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = request.body;
    assertOwnAccount(request, input.sente_account_id);
    const actor = actorOf(request);
    transfers.assertEnvironment(actor, input.active_env);
    const { row, replayed } = await transfers.payout(actor, input, key);
    const message = row.approval?.status === 'awaiting' ? APPROVAL_MESSAGES.awaiting : M.payoutStarted;
    return reply.code(replayed ? 200 : 201).send(answer(row, message));
  });

  // The payout's name step: the number's provider says who holds it; only the masked name leaves the server.
  route(app, 'POST /api/wallet/mobile-money-name', lookup, async (request) => {
    const msisdn = mobileMoneyNumber(request.body.phone)!;
    const holder = await nameLookup.holder(scopeOf(request).environment, msisdn);
    return answer({
      network: networkOf(msisdn) === 'AIRTEL' ? ('AIRTEL' as const) : ('MTN' as const),
      check: holder.status,
      masked_name: holder.status === 'registered' ? maskRegisteredName(holder.name) : null,
    });
  });

  // Decisions 067 and 071: another member who may move money approves, with their PIN, or declines a movement above the threshold.
  route(app, 'POST /api/transfers/:id/approve', pin, async (request) => {
    await approvals.movements.approve(actorOf(request), request.params.id, request.body.pin_token);
    return answer(await transfers.transferRow(scopeOf(request), request.params.id), APPROVAL_MESSAGES.approved);
  });

  route(app, 'POST /api/transfers/:id/decline', move, async (request) => {
    await approvals.movements.decline(actorOf(request), request.params.id, request.body.reason);
    return answer(await transfers.transferRow(scopeOf(request), request.params.id), APPROVAL_MESSAGES.declined);
  });

  // Decision 071: the count of what waits for the caller's approval, for the Overview and the Transfers menu.
  route(app, 'GET /api/transfers/awaiting-approval', view, async (request) =>
    answer(await approvals.awaitingFor(actorOf(request), roleHasRight(request.account.role, 'moveMoney'))),
  );

  route(app, 'POST /api/transfers/:id/withdraw', move, async (request) => {
    await approvals.movements.withdraw(actorOf(request), request.params.id);
    return answer(await transfers.transferRow(scopeOf(request), request.params.id), APPROVAL_MESSAGES.withdrawn);
  });

  route(app, 'GET /api/settlements', view, async (request) => answer(await transfers.list(scopeOf(request), request.query)));

  route(app, 'GET /api/collections/smt_download', view, async (request, reply) =>
    reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${TRANSFERS_WORKBOOK}"`)
      .header('cache-control', 'private, no-store')
      .send(transfers.exportTransfers(scopeOf(request), request.query, request.log)),
  );

  // Decision 052: the wallet's statement, with the view right the balance screen needs.
  route(app, 'GET /api/wallet/statement', view, async (request) =>
    answer(await transfers.statement.page(scopeOf(request), request.query)),
  );

  // The statement's opening and closing balances and its period's totals.
  route(app, 'GET /api/wallet/statement/summary', view, async (request) =>
    answer(await transfers.statement.summary(scopeOf(request), request.query)),
  );

  route(app, 'GET /api/wallet/statement/download', view, async (request, reply) =>
    reply
      .header('content-type', XLSX)
      .header('content-disposition', 'attachment; filename="Statement.xlsx"')
      .header('cache-control', 'private, no-store')
      .send(transfers.statement.workbook(scopeOf(request), request.query, request.log)),
  );

  route(
    app,
    'POST /api/sente-account/update-bank-details',
    {
      access: { account: 'manageAccount' },
      rateClass: 'write',
    },
    async (request) => {
      await transfers.setBankDetails(request.account.id, request.body);
      return answer(request.body, M.bankDetailsUpdated);
    },
  );

  // Payout rules (decision 065): whoever sees the wallet reads them; owners and administrators set them.
  route(app, 'GET /api/payout-rules', view, async (request) => answer(await transfers.payoutRules(request.account.id)));

  // What the member may still send today under them, in the active environment: for those who move money.
  route(app, 'GET /api/payout-rules/allowance', { access: { account: 'moveMoney' }, rateClass: 'read' }, async (request) =>
    answer(await transfers.payoutAllowance(actorOf(request))),
  );

  route(app, 'POST /api/payout-rules', { access: { account: 'manageAccount' }, rateClass: 'write' }, async (request) => {
    const rules = await transfers.setPayoutRules(request.account.id, request.actor, request.body);
    return answer(rules, PAYOUT_RULE_MESSAGES.saved);
  });
};
