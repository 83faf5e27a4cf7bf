import type { Account } from '@sente/contracts/accounts';
import type { Environment, StaffRole } from '@sente/contracts/constants';
import type { AccountApiKeys } from '@sente/contracts/developers';
import { FILE_MESSAGES } from '@sente/contracts/files';
import { MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { createBusinessService } from './business-service.ts';
import * as accountsRepo from './repository.ts';
import type { AccountRow } from './tables.ts';

/** The account of the profile; `wallet` is its UGX balances, live and test, `keys` its API keys as the caller may see them. */
export function toAccount(
  row: AccountRow,
  wallet: { live: number; test: number },
  keys: Omit<AccountApiKeys, 'active_environment'>,
): Account {
  return {
    id: row.id,
    user_id: row.user_id,
    account_name: row.account_name,
    account_number: row.account_number,
    is_approved: row.is_approved,
    created_at: new Date(row.created_at).toISOString(),
    companyBranding: { company_logo: row.company_logo },
    userWallet: { current_balance: wallet.live, current_balance_sand_box: wallet.test },
    api_keys: { active_environment: row.active_environment, ...keys },
    bank_details: row.bank_details ? [row.bank_details] : [],
    business_details: row.business_details ?? null,
    sms_receipts: row.sms_receipts,
  };
}

export function createAccountsService({ db }: { db: Kysely<Database> }) {
  return {
    ...createBusinessService({ db }),

    create: (owner: { id: string; email: string }, accountName: string) => accountsRepo.createAccount(db, owner, accountName),

    /** Makes another of the user's accounts current; an account they do not belong to is not found. */
    async switchTo(userId: string, accountId: string): Promise<void> {
      const membership = await accountsRepo.findMembership(db, userId, accountId);
      if (!membership) throw notFound(MESSAGES.accountNotFound);
      await accountsRepo.setCurrentAccount(db, userId, accountId);
    },

    async setEnvironment(account: AccountRow, environment: Environment): Promise<void> {
      if (environment === 'production' && !account.is_approved) throw badRequest(MESSAGES.environmentNotApproved);
      await accountsRepo.setEnvironment(db, account.id, environment);
    },

    async membership(userId: string, accountId: string): Promise<{ account: AccountRow; role: StaffRole } | null> {
      const row = await accountsRepo.findMembership(db, userId, accountId);
      if (!row) return null;
      const { staff_role, ...account } = row;
      return { account, role: staff_role };
    },

    /** The company logo: the logo of every payment link, existing and future, is the account's. */
    async updateLogo(accountId: string, path: string): Promise<void> {
      if (!(await accountsRepo.setCompanyLogo(db, accountId, path))) throw badRequest(FILE_MESSAGES.logoNotUploaded);
    },

    /** Whether the account's payers get an SMS receipt for each successful payment (decision 068). */
    async setSmsReceipts(accountId: string, enabled: boolean): Promise<void> {
      await accountsRepo.setSmsReceipts(db, accountId, enabled);
    },

    /** Operator command: approves every account matched by id or owner e-mail. */
    async approve(idOrEmail: string): Promise<{ id: string; account_name: string; email: string }[]> {
      const accounts = await accountsRepo.findAccountsForOperator(db, idOrEmail.trim());
      for (const account of accounts) await accountsRepo.approve(db, account.id);
      return accounts.map(({ id, account_name, email }) => ({ id, account_name, email }));
    },

    /** Operator support (`members:set-role`): the account must be named exactly, by its id or its only owner's e-mail. */
    async setMemberRole(idOrEmail: string, memberEmail: string, role: StaffRole): Promise<string> {
      const accounts = await accountsRepo.findAccountsForOperator(db, idOrEmail.trim());
      if (accounts.length !== 1) {
        return accounts.length === 0
          ? `No account found for ${idOrEmail}`
          : `${idOrEmail} owns several accounts: name one by its id`;
      }
      const [account] = accounts as [(typeof accounts)[number]];
      const outcome = await accountsRepo.setMemberRole(db, account.id, memberEmail.trim(), role);
      if (outcome === 'no-user') return `No user signed up as ${memberEmail}`;
      if (outcome === 'creator') return `${memberEmail} created ${account.account_name} and stays its owner`;
      if (outcome === 'last-owner') return `${memberEmail} is the last owner of ${account.account_name} and stays its owner`;
      return '';
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
