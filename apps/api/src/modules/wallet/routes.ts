import { MESSAGES } from '@sente/contracts/messages';
import {
  accountIdInput,
  bankDetailsInput,
  changePinInput,
  WALLET_MESSAGES as M,
  p2pInput,
  payoutInput,
  resetPinInput,
  setPinInput,
  settlementInput,
  verifyAccountNumberInput,
  verifyPinInput,
} from '@sente/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, parseInput } from '../../lib/http-error.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import type { Services } from '../../services.ts';
import type { MoneyActor } from './service.ts';

type WithCursor = { Querystring: { cursor?: unknown } };

const actorOf = (request: FastifyRequest): MoneyActor => ({
  accountId: request.account.id,
  environment: request.account.row.active_environment,
  userId: request.auth.userId,
});

/** A body's own account id, where one is sent, must be the caller's current account; another's is not found. */
function assertOwnAccount(request: FastifyRequest, given: unknown) {
  if (given !== undefined && given !== null && given !== '' && given !== request.account.id) {
    throw notFound(MESSAGES.accountNotFound);
  }
}
const bodyField = (request: FastifyRequest, field: string): unknown =>
  (request.body as Record<string, unknown> | null | undefined)?.[field];

/**
 * Spec §7 Wallet and transfers, settlements and the bank details call; DESIGN §6 rules and §7 rights. The
 * account, environment and member that move money are the session's: ids in the body (senderAccountId,
 * sente_account_id) must name the caller's current account, and the creator is always the signed-in member.
 */
export async function walletRoutes(app: FastifyInstance, { wallet, pins, pinChanges }: Services) {
  const view = { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } } as const;
  const move = { preHandler: app.requireAccount('moveMoney'), config: { rateClass: 'write' } } as const;
  const pin = { preHandler: app.requireAccount('moveMoney'), config: { rateClass: 'pin' } } as const;
  const lookup = { preHandler: app.requireAccount('moveMoney'), config: { rateClass: 'lookup' } } as const;

  app.post('/api/wallet/pin_exists', { ...move, config: { rateClass: 'read' } }, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const pin_exists = await pins.exists(actorOf(request));
    return { status: 'SUCCESS', pin_exists, data: { pin_exists } };
  });

  app.post('/api/wallet/set_pin', pin, async (request, reply) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const input = parseInput(setPinInput, request.body);
    await pins.set(actorOf(request), input.pin);
    return reply.code(201).send({ status: 'SUCCESS', message: M.pinCreated, data: null });
  });

  app.post('/api/wallet/verify_pin', pin, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const input = parseInput(verifyPinInput, request.body);
    const pin_token = await pins.verify(actorOf(request), input.pin);
    return { status: 'SUCCESS', message: 'PIN verified', pin_token, data: { pin_token } };
  });

  // Issue 17: the member changes their own PIN, or resets a forgotten one with an e-mailed code (pin-changes.ts).
  const member = (request: FastifyRequest) => ({ ...actorOf(request), accountName: request.account.row.account_name });

  app.post('/api/wallet/change_pin', pin, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const input = parseInput(changePinInput, request.body);
    await pinChanges.change(member(request), input.old_pin, input.new_pin);
    return { status: 'SUCCESS', message: M.pinChanged, data: null };
  });

  app.post('/api/wallet/pin_reset_code', pin, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const sent = await pinChanges.sendResetCode(member(request));
    return {
      status: 'SUCCESS',
      message: M.pinResetCodeSent,
      data: { email: sent.email, last_code_sent_at: sent.sentAt.toISOString() },
    };
  });

  app.post('/api/wallet/reset_pin', pin, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const input = parseInput(resetPinInput, request.body);
    await pinChanges.reset(member(request), input.code, input.new_pin);
    return { status: 'SUCCESS', message: M.pinReset, data: null };
  });

  app.post('/api/wallet/verify_sente_acc_number', lookup, async (request) => {
    const input = parseInput(verifyAccountNumberInput, request.body);
    const account = await wallet.accountByNumber(actorOf(request), input.sente_account_number);
    return {
      status: 'SUCCESS',
      sente_account_id: account.id,
      message: 'Account found',
      data: { sente_account_id: account.id },
    };
  });

  app.post('/api/wallet/user_with_sente', lookup, async (request) => {
    const input = parseInput(accountIdInput, request.body);
    const account = await wallet.holder(input.sente_account_id);
    return {
      status: 'SUCCESS',
      data: {
        account_name: account.account_name,
        sente_account_id: account.id,
        sente_account_number: account.account_number,
        user_id: account.user_id,
      },
    };
  });

  app.post('/api/wallet/get_account_number_if_exists', view, async (request) => {
    assertOwnAccount(request, bodyField(request, 'sente_account_id'));
    const sente_account_number = request.account.row.account_number;
    return { status: 'SUCCESS', sente_account_number, data: { sente_account_number } };
  });

  app.get('/api/wallet/charges', view, async (request) => ({
    status: 'success',
    data: await wallet.summary({ accountId: request.account.id, environment: request.account.row.active_environment }),
  }));

  app.get('/api/wallet/usd', view, async (request) => ({ status: 'success', data: await wallet.usd(request.account.id) }));

  app.post('/api/wallet-transfers/p2p', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = parseInput(p2pInput, request.body);
    assertOwnAccount(request, input.senderAccountId);
    const actor = actorOf(request);
    wallet.assertEnvironment(actor, input.env);
    const party = { account_name: request.account.row.account_name, account_number: request.account.row.account_number };
    const { row, replayed } = await wallet.p2p({ ...actor, party }, input, key);
    return reply.code(replayed ? 200 : 201).send({ status: 'success', success: true, message: M.transferSuccessful, data: row });
  });

  app.post('/api/settlements/create', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = parseInput(settlementInput, request.body);
    const { row, replayed } = await wallet.requestSettlement(actorOf(request), input, key);
    return reply.code(replayed ? 200 : 201).send({ status: 'success', message: M.requestSent, data: row });
  });

  app.post('/api/yo/process_payout', move, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = parseInput(payoutInput, request.body);
    assertOwnAccount(request, input.sente_account_id);
    const actor = actorOf(request);
    wallet.assertEnvironment(actor, input.active_env);
    const { row, replayed } = await wallet.payout(actor, input, key);
    return reply.code(replayed ? 200 : 201).send({ status: 'success', message: M.payoutStarted, data: row });
  });

  app.get<WithCursor>('/api/settlements', view, async (request) => {
    const { cursor } = request.query;
    return {
      status: 'success',
      data: await wallet.list(
        { accountId: request.account.id, environment: request.account.row.active_environment },
        cursor === undefined ? undefined : String(cursor),
      ),
    };
  });

  app.get('/api/collections/smt_download', view, async (request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="Settlements.xlsx"')
      .header('cache-control', 'private, no-store')
      .send(
        wallet.exportTransfers(
          { accountId: request.account.id, environment: request.account.row.active_environment },
          request.log,
        ),
      ),
  );

  app.post(
    '/api/sente-account/update-bank-details',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      const input = parseInput(bankDetailsInput, request.body);
      await wallet.setBankDetails(request.account.id, input);
      return { status: 'success', message: M.bankDetailsUpdated, data: input };
    },
  );
}
