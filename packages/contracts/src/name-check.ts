/**
 * The registered-name check behind a mobile-money payout: how the name a merchant typed (a batch sheet's) compares with
 * the name the provider has registered behind the number, how that registered name is shown (masked), and the labels
 * of each outcome. No zod here: the web and the worker both import it.
 */

/** The outcome of a number's name check: the comparison when the provider named a holder, else why it did not. */
export type NameCheck = 'match' | 'partial' | 'mismatch' | 'unavailable' | 'not_registered' | 'barred';

export const NAME_CHECK_LABELS: Record<NameCheck, string> = {
  match: 'Name matches',
  partial: 'Name partly matches',
  mismatch: 'Name does not match',
  unavailable: 'Name check unavailable',
  not_registered: 'Not registered for mobile money',
  barred: 'Number barred',
};

/** What a single payout's name step says before the PIN (the Transfers modal). */
export const NAME_CHECK_MESSAGES = {
  registeredName: 'Registered name',
  notRegistered: 'This number is not registered for mobile money: check it, or pay another number',
  barred: 'This number is barred from mobile money: pay another number',
  unavailable: "We could not check the name registered for this number: make sure it is the receiver's before you send",
} as const;

/** How many stars stand for the rest of a word: always as many, so the mask never tells a word's length. */
const STARS = { given: '***', single: '*****' } as const;

/** A word's first letter, whole even where it is two UTF-16 units. */
const firstLetter = (word: string) => Array.from(word)[0] ?? '';

/**
 * A registered name as people may see it: every word but the last reduced to its first letter and three stars, the last
 * kept, upper-case ("John Okello" -> "J*** OKELLO"). A single word keeps only its first letter ("Okello" -> "O*****"),
 * since it may be the only name the provider has; blank -> ''.
 */
export function maskRegisteredName(name: string): string {
  const words = name.trim().toUpperCase().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return `${firstLetter(words[0]!)}${STARS.single}`;
  const last = words.pop()!;
  return [...words.map((word) => `${firstLetter(word)}${STARS.given}`), last].join(' ');
}

/**
 * A name's words, compared as people would: accents, case and punctuation dropped (an apostrophe joins, "O'Neill" is
 * "oneill"; a hyphen or a dot parts, "Mary-Jane" is "mary jane"), in no order.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort();
}

/** Whether one word stands for the other: the same word, or one an initial of the other. */
const standsFor = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/**
 * Whether each word of the shorter name can be paired with a different word of the other, full words with themselves
 * and initials with a word they begin ("J Okello" and "John Okello", "S N" and "Sarah Nakato"). Full words are paired
 * first, so an initial never takes the word a full word needs.
 */
function consistent(shorter: string[], longer: string[]): boolean {
  const free = [...longer];
  const ordered = [...shorter].sort((a, b) => b.length - a.length);
  for (const word of ordered) {
    const exact = free.indexOf(word);
    const index = exact >= 0 ? exact : free.findIndex((other) => standsFor(word, other));
    if (index < 0) return false;
    free.splice(index, 1);
  }
  return true;
}

/**
 * The sheet's name against the registered one, ignoring case, accents, punctuation and order: every word the same is a
 * match; a word of two letters or more in common, or one name's words all in the other's, or initials that agree
 * ("J. Okello" and "John Okello") is partial; anything else, or a blank name, a mismatch.
 */
export function compareNames(sheetName: string, registeredName: string): 'match' | 'partial' | 'mismatch' {
  const sheet = nameWords(sheetName);
  const registered = nameWords(registeredName);
  if (sheet.length === 0 || registered.length === 0) return 'mismatch';
  if (sheet.length === registered.length && sheet.every((word, index) => word === registered[index])) return 'match';
  const common = sheet.some((word) => word.length >= 2 && registered.includes(word));
  const [shorter, longer] = sheet.length <= registered.length ? [sheet, registered] : [registered, sheet];
  return common || consistent(shorter, longer) ? 'partial' : 'mismatch';
}
