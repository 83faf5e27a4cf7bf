import type { Services } from '../../services.ts';

export type OpsResult = { ok: boolean; message: string; data?: unknown };

type Command = (services: Services, args: string[]) => Promise<OpsResult>;

/** Operator commands (DESIGN §8); run by `npm run ops`, directly or through the running server. */
export const OPS_COMMANDS: Record<string, { usage: string; run: Command }> = {
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

export async function runOpsCommand(services: Services, command: string, args: string[]): Promise<OpsResult> {
  const entry = OPS_COMMANDS[command];
  if (!entry) {
    const usage = Object.values(OPS_COMMANDS).map((c) => `  ${c.usage}`);
    return { ok: false, message: `Unknown command ${command || '(none)'}. Commands:\n${usage.join('\n')}` };
  }
  return entry.run(services, args);
}
