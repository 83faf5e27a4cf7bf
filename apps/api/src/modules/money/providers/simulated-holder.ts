import { networkOf, SIMULATOR } from '@sente/contracts/payments';
import type { AccountHolder } from './provider.ts';

const GIVEN_NAMES = ['John', 'Sarah', 'Joseph', 'Grace', 'Peter', 'Esther', 'Moses', 'Ruth', 'David', 'Agnes'];
const FAMILY_NAMES = ['Okello', 'Nakato', 'Mukasa', 'Namubiru', 'Ssempala', 'Achieng', 'Kato', 'Nansubuga', 'Otim', 'Babirye'];

const REGISTERED: Readonly<Record<string, string>> = SIMULATOR.holders.registered;

/**
 * The test-mode simulator's answer to a name check: its table of test numbers (SIMULATOR.holders), and for any other
 * number the rails take a name made from its last digits, the same every time, so that a large test batch has names.
 */
export function simulatedHolder(msisdn: string): AccountHolder {
  const { notRegistered, barred, unavailable } = SIMULATOR.holders;
  if (msisdn === notRegistered) return { status: 'not_registered' };
  if (msisdn === barred) return { status: 'barred' };
  if (msisdn === unavailable) return { status: 'unavailable' };
  const listed = REGISTERED[msisdn];
  if (listed) return { status: 'registered', name: listed };
  if (!/^2567\d{8}$/.test(msisdn) || networkOf(msisdn) === null) return { status: 'not_registered' };
  const given = GIVEN_NAMES[Number(msisdn.at(-1))]!;
  const family = FAMILY_NAMES[Number(msisdn.at(-2))]!;
  return { status: 'registered', name: `${given} ${family}` };
}
