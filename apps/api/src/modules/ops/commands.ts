import { STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { formatMoney, formatNumber } from '@sente/contracts/format';
import type { OpsResult } from '@sente/contracts/system';
import { operatorActor } from '../../lib/actor.ts';
import { runAs } from '../../lib/request-context.ts';
import { reasonText } from '../../lib/rich-text.ts';
import type { Services } from '../../services.ts';

type Command = (services: Services, args: string[]) => Promise<OpsResult>;

/** Operator commands (docs/operations.md); run by `npm run ops`, directly or through the running server. */
const OPS_COMMANDS: Record<string, { usage: string; run: Command }> = {
  'accounts:approve': {
    usage: 'accounts:approve <email|account id>  approve live payments for the account(s)',
    run: async ({ accounts }, [idOrEmail]) => {
      if (!idOrEmail) return { ok: false, message: 'Usage: accounts:approve <email|account id>' };
      const approved = await accounts.approve(idOrEmail);
      if (approved.length === 0) return { ok: false, message: `No account found for ${idOrEmail}` };
      const lines = approved.map((a) => `approved ${a.account_name} (${a.id}) owned by ${a.email}`);
      return { ok: true, message: lines.join('\n'), data: approved };
    },
  },
  'members:set-role': {
    usage: 'members:set-role <account id|owner email> <member email> <role>  give a signed-up user a role on an account',
    run: async ({ accounts }, [account, member, role]) => {
      const usage = `Usage: members:set-role <account id|owner email> <member email> <${STAFF_ROLES.join('|')}>`;
      if (!account || !member || !STAFF_ROLES.includes(role as StaffRole)) return { ok: false, message: usage };
      const refused = await accounts.setMemberRole(account, member, role as StaffRole);
      return refused ? { ok: false, message: refused } : { ok: true, message: `${member} is now ${role} on ${account}` };
    },
  },
  'settlements:list': {
    usage: 'settlements:list  the settlement requests waiting for an operator, oldest first',
    run: async ({ transfers }) => {
      const pending = await transfers.pendingSettlements();
      if (pending.length === 0) return { ok: true, message: 'no pending settlements', data: [] };
      const lines = pending.map((s) => {
        const bank = s.bank_details
          ? `${s.bank_details.bank_name} ${s.bank_details.account_number} (${s.bank_details.account_name})`
          : '';
        return `${s.id}  ${new Date(s.created_at).toISOString()}  ${s.environment}  ${formatMoney(s.amount)} + ${formatNumber(Number(s.charge))}  ${s.account_name} (${s.account_number}) -> ${bank}  "${reasonText(s.reason)}"`;
      });
      return { ok: true, message: lines.join('\n'), data: pending };
    },
  },
  'settlements:approve': {
    usage: 'settlements:approve <id>  mark a pending settlement paid to the bank',
    run: async ({ transfers }, [id]) => {
      if (!id) return { ok: false, message: 'Usage: settlements:approve <id>' };
      if (!(await transfers.approveSettlement(id))) return { ok: false, message: `No pending settlement ${id}` };
      return { ok: true, message: `settlement ${id} approved (successful)` };
    },
  },
  'settlements:reject': {
    usage: 'settlements:reject <id> [reason]  refuse a pending settlement; the amount and charge go back to the wallet',
    run: async ({ transfers }, [id, ...reason]) => {
      if (!id) return { ok: false, message: 'Usage: settlements:reject <id> [reason]' };
      const text = reason.join(' ').trim();
      if (!(await transfers.rejectSettlement(id, text || undefined)))
        return { ok: false, message: `No pending settlement ${id}` };
      return { ok: true, message: `settlement ${id} rejected; the held amount is back in the wallet` };
    },
  },
  'pins:reset': {
    usage: "pins:reset <email>  forget a member's wallet PINs; they create a new one at their next transfer",
    run: async ({ pins }, [email]) => {
      if (!email) return { ok: false, message: 'Usage: pins:reset <email>' };
      const removed = await pins.reset(email);
      if (removed === 0) return { ok: false, message: `No wallet PIN found for ${email}` };
      return { ok: true, message: `removed ${removed} wallet PIN(s) of ${email}` };
    },
  },
  'providers:status': {
    usage:
      'providers:status [--check]  the live rails configured (MTN MoMo, Airtel Money) and the callback URL of each; --check asks each for a token',
    run: async ({ rails }, args) => {
      const check = args.includes('--check');
      if (args.some((arg) => arg !== '--check')) return { ok: false, message: 'Usage: providers:status [--check]' };
      const summary = rails.summary();
      const line = (rails: { channel: string; provider: string }[]) =>
        rails.length === 0 ? 'none' : rails.map((rail) => `${rail.channel} by ${rail.provider}`).join(', ');
      const lines = [
        `live collections: ${line(summary.collections)}${summary.collections.length === 0 ? ' (live payments are refused)' : ''}`,
        `live payouts: ${line(summary.payouts)}${summary.payouts.length === 0 ? ' (live payouts are refused)' : ''}`,
        ...summary.callbacks.map((callback) => `callback URL of ${callback.provider}: ${callback.url}`),
      ];
      if (!check) return { ok: true, message: lines.join('\n'), data: summary };
      // Each configured provider asked for a token; any failure makes the command fail (exit 1).
      const checks = await rails.check();
      if (checks.length === 0) lines.push('check: no live provider is configured');
      lines.push(...checks.map((result) => `check ${result.provider}: ${result.ok ? 'ok' : 'FAILED'}: ${result.detail}`));
      return { ok: checks.every((result) => result.ok), message: lines.join('\n'), data: { ...summary, checks } };
    },
  },
  'sms:status': {
    usage: 'sms:status  where texts go (the outbox or the gateways) and the delivery-report URL to give each gateway',
    run: async ({ smsStatus }) => {
      const { description, deliveryUrls } = smsStatus();
      const lines = [description, ...deliveryUrls.map(({ gateway, url }) => `delivery report URL of ${gateway}: ${url}`)];
      return { ok: true, message: lines.join('\n'), data: { description, deliveryUrls } };
    },
  },
  'providers:mismatches': {
    usage:
      'providers:mismatches  payments and payouts a provider reported with another amount or currency: never applied, held for you',
    run: async ({ rails }) => {
      const held = await rails.mismatches();
      if (held.length === 0) return { ok: true, message: 'no payment or payout is held for a provider mismatch', data: [] };
      const lines = held.map(
        (row) =>
          `${row.kind} ${row.id}  ${new Date(row.createdAt).toISOString()}  ${row.environment}  ${row.provider ?? ''}  ${formatMoney(row.amount, row.currency)}  ${row.status}  ${row.mismatch}`,
      );
      return { ok: true, message: [`${held.length} held for a provider mismatch:`, ...lines].join('\n'), data: held };
    },
  },
  'ledger:verify': {
    usage: 'ledger:verify  check that every transaction balances and every cached balance equals its entries',
    run: async ({ ledger }) => {
      const problems = await ledger.verify();
      if (problems.length === 0)
        return { ok: true, message: 'ledger ok: every transaction balances and every balance equals its entries' };
      const lines = problems.map((p) => `${p.kind} ${p.id}: ${p.detail}`);
      return { ok: false, message: `ledger has ${problems.length} problem(s):\n${lines.join('\n')}`, data: problems };
    },
  },
};

/** The header by which `npm run ops` names its operator to the running server. */
export const OPERATOR_HEADER = 'x-ops-operator';

/** The name an operator command runs under when its caller gave none, or one that is not a user name. */
export const UNNAMED_OPERATOR = 'unnamed';
const OPERATOR_NAME = /^[\w.@-]{1,64}$/;

/** The operator's name as given (`npm run ops` sends the operating-system user's), or UNNAMED_OPERATOR. */
export const operatorName = (given: string | undefined): string =>
  given !== undefined && OPERATOR_NAME.test(given) ? given : UNNAMED_OPERATOR;

/**
 * Runs a command as the operator actor named `operator` (ops' one entry point, for `npm run ops` and the running
 * server's endpoint alike): everything it calls reads that actor from the context.
 */
export async function runOpsCommand(services: Services, command: string, args: string[], operator?: string): Promise<OpsResult> {
  const entry = OPS_COMMANDS[command];
  if (!entry) {
    const usage = Object.values(OPS_COMMANDS).map((c) => `  ${c.usage}`);
    return { ok: false, message: `Unknown command ${command || '(none)'}. Commands:\n${usage.join('\n')}` };
  }
  return runAs(operatorActor(operatorName(operator)), () => entry.run(services, args));
}
