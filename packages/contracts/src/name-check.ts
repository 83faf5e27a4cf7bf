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

/** A word of a name as compared, and the place of the written word it came from ("Mary-Jane" gives two of place 0). */
type Token = { word: string; of: number };

/**
 * A name's words as people compare them: accents, case and punctuation dropped (an apostrophe joins, "O'Neill" is
 * "oneill"; a dot parts; a hyphen parts, "Mary-Jane" is "mary jane", or with `hyphens: 'join'` joins, "maryjane").
 */
function tokens(name: string, hyphens: 'part' | 'join' = 'part'): Token[] {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .flatMap((written, of) => {
      const plain = written
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(hyphens === 'join' ? /['’`\-‐‑]/gu : /['’`]/gu, '');
      return plain
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
        .split(' ')
        .filter(Boolean)
        .map((word) => ({ word, of }));
    });
}

/** A name's words, compared as people would (see tokens), in no order. */
export function nameWords(name: string): string[] {
  return tokens(name)
    .map((token) => token.word)
    .sort();
}

/** Whether one word stands for the other: the same word, or one an initial of the other. */
const standsFor = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/**
 * Pairs each word of `a` with a different word of `b`: the same word first, then an initial with a word it begins, full
 * words before initials so an initial never takes the word a full word needs. Answers which words of `a` found a pair.
 */
function pairs(a: string[], b: string[]): boolean[] {
  const free = b.map(() => true);
  const paired = a.map(() => false);
  const take = (index: number, fits: (other: string) => boolean) => {
    const found = b.findIndex((other, at) => free[at] && fits(other));
    if (found < 0) return;
    free[found] = false;
    paired[index] = true;
  };
  for (const [index, word] of a.entries()) take(index, (other) => other === word);
  const rest = a.map((word, index) => ({ word, index })).filter(({ index }) => !paired[index]);
  rest.sort((x, y) => y.word.length - x.word.length);
  for (const { word, index } of rest) take(index, (other) => standsFor(word, other));
  return paired;
}

/** The words two names share in full (two letters or more), each counted once per pair. */
function sharedFullWords(a: string[], b: string[]): number {
  const left = [...b];
  let shared = 0;
  for (const word of a) {
    const at = word.length >= 2 ? left.indexOf(word) : -1;
    if (at >= 0) {
      left.splice(at, 1);
      shared += 1;
    }
  }
  return shared;
}

type Outcome = 'match' | 'partial' | 'mismatch';
const RANK: Record<Outcome, number> = { match: 2, partial: 1, mismatch: 0 };

/**
 * Two names' words compared: the same words in any order match; the names are partial when they differ only by
 * initials and missing words: every word of the shorter stands for a different word of the longer (itself, or an
 * initial of it), and they share at least one full word. Anything else, a different given name or surname above all,
 * is a mismatch.
 */
function compareWords(sheet: string[], registered: string[]): Outcome {
  if (sheet.length === 0 || registered.length === 0) return 'mismatch';
  const [a, b] = [[...sheet].sort(), [...registered].sort()];
  if (a.length === b.length && a.every((word, index) => word === b[index])) return 'match';
  const all = (paired: boolean[]) => paired.every(Boolean);
  const consistent =
    a.length < b.length ? all(pairs(a, b)) : b.length < a.length ? all(pairs(b, a)) : all(pairs(a, b)) || all(pairs(b, a));
  return consistent && sharedFullWords(a, b) >= 1 ? 'partial' : 'mismatch';
}

const HYPHENS = ['part', 'join'] as const;

/**
 * The sheet's name against the registered one, ignoring case, accents, punctuation and order (decision 074): every word
 * the same is a match; differing only by initials and missing words ("Esther N." and "Esther Nakato", "John Okello" and
 * "John Peter Okello") is partial; a different word ("Peter Achieng" and "Ruth Achieng"), initials alone or a blank name
 * is a mismatch, which a person must accept. A hyphenated name is read both parted and joined, the closer kept.
 */
export function compareNames(sheetName: string, registeredName: string): Outcome {
  let best: Outcome = 'mismatch';
  for (const sheetHyphens of HYPHENS) {
    for (const registeredHyphens of HYPHENS) {
      const outcome = compareWords(
        tokens(sheetName, sheetHyphens).map((token) => token.word),
        tokens(registeredName, registeredHyphens).map((token) => token.word),
      );
      if (RANK[outcome] > RANK[best]) best = outcome;
    }
  }
  return best;
}

/** A word of the registered name as people may see it (masked), and whether the sheet's name lacks it. */
export type MarkedWord = { text: string; differs: boolean };

/**
 * The registered name masked (maskRegisteredName), each word marked where the sheet's name has nothing that stands for
 * it: "Peter Achieng" against "Ruth Achieng" gives R*** marked and ACHIENG not, so an approver sees which word differs.
 */
export function markRegisteredName(sheetName: string, registeredName: string): MarkedWord[] {
  const masked = maskRegisteredName(registeredName).split(' ').filter(Boolean);
  // Read with hyphens parted and joined on each side, the reading that marks the fewest words kept ("Maryjane" has MARY-JANE).
  const readings = HYPHENS.flatMap((sheetHyphens) =>
    HYPHENS.map((registeredHyphens) => {
      const registered = tokens(registeredName, registeredHyphens);
      const paired = pairs(
        registered.map((token) => token.word),
        tokens(sheetName, sheetHyphens).map((token) => token.word),
      );
      return masked.map((_, of) => registered.some((token, index) => token.of === of && !paired[index]));
    }),
  );
  const count = (marks: boolean[]) => marks.filter(Boolean).length;
  const fewest = readings.reduce((best, marks) => (count(marks) < count(best) ? marks : best));
  return masked.map((text, of) => ({ text, differs: fewest[of] ?? false }));
}
