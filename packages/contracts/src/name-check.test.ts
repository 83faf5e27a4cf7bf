import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames, maskRegisteredName, NAME_CHECK_LABELS, nameWords } from './name-check.ts';

describe('the registered name, masked', () => {
  it('keeps the last word and only the first letter of the others, upper-case', () => {
    expect(maskRegisteredName('John Okello')).toBe('J*** OKELLO');
    expect(maskRegisteredName('  nakato   sarah ')).toBe('N*** SARAH');
    expect(maskRegisteredName('Mary Jane Namubiru')).toBe('M*** J*** NAMUBIRU');
    expect(maskRegisteredName('Ésther Achieng')).toBe('É*** ACHIENG');
  });

  it('keeps only the first letter of a single word, with as many stars whatever its length', () => {
    expect(maskRegisteredName('Okello')).toBe('O*****');
    expect(maskRegisteredName('Ssemakula')).toBe('S*****');
    expect(maskRegisteredName('')).toBe('');
    expect(maskRegisteredName('   ')).toBe('');
  });

  it('never shows more of a given name than its first letter, nor its length', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const masked = maskRegisteredName(words.join(' ')).split(' ');
        expect(masked).toHaveLength(words.length);
        words.slice(0, -1).forEach((given, index) => {
          expect(masked[index]).toBe(`${given[0]!.toUpperCase()}***`);
        });
        expect(masked.at(-1)).toBe(words.at(-1)!.toUpperCase());
      }),
    );
  });
});

describe('the sheet’s name against the registered one', () => {
  it('matches the same words in any order, case, accents and punctuation', () => {
    expect(compareNames('Nakato Sarah', 'SARAH NAKATO')).toBe('match');
    expect(compareNames('okello, john', 'John Okello')).toBe('match');
    expect(compareNames('Esther Achièng', 'ESTHER ACHIENG')).toBe('match');
    expect(compareNames("Grace O'Neill", 'GRACE ONEILL')).toBe('match');
    expect(compareNames('Mary-Jane Namubiru', 'NAMUBIRU MARY JANE')).toBe('match');
  });

  it('partly matches a word in common, one name within the other, or initials that agree', () => {
    expect(compareNames('Sarah Nakato', 'SARAH NAMUBIRU')).toBe('partial');
    expect(compareNames('Okello', 'JOHN OKELLO')).toBe('partial');
    expect(compareNames('John Peter Okello', 'JOHN OKELLO')).toBe('partial');
    expect(compareNames('J. Okello', 'JOHN OKELLO')).toBe('partial');
    expect(compareNames('S N', 'SARAH NAKATO')).toBe('partial');
    expect(compareNames('Mukasa J', 'JOSEPH MUKASA')).toBe('partial');
  });

  it('does not match other names, a single shared letter, or a blank', () => {
    expect(compareNames('Joseph Mukasa', 'SARAH NAKATO')).toBe('mismatch');
    expect(compareNames('A Kato', 'SARAH NAKATO')).toBe('mismatch');
    expect(compareNames('J K', 'JOHN OKELLO')).toBe('mismatch');
    expect(compareNames('', 'JOHN OKELLO')).toBe('mismatch');
    expect(compareNames('John Okello', '')).toBe('mismatch');
    expect(compareNames('!!!', 'JOHN OKELLO')).toBe('mismatch');
  });

  const name = fc.array(fc.stringMatching(/^[A-Za-z]{2,10}$/), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

  it('finds a name equal to itself however it is shuffled and cased', () => {
    fc.assert(
      fc.property(name, fc.boolean(), (typed, upper) => {
        const reordered = typed.split(' ').reverse().join(', ');
        expect(compareNames(typed, upper ? reordered.toUpperCase() : reordered.toLowerCase())).toBe('match');
      }),
    );
  });

  it('answers the same whichever side a name is on', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(compareNames(a, b)).toBe(compareNames(b, a));
      }),
    );
  });

  it('never answers mismatch for a name with a word added', () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[A-Za-z]{2,10}$/), (typed, extra) => {
        expect(compareNames(typed, `${typed} ${extra}`)).not.toBe('mismatch');
      }),
    );
  });

  it('reads words without accents, case or punctuation', () => {
    expect(nameWords('  Ésther  ACHIÈNG-Okot. ')).toEqual(['achieng', 'esther', 'okot']);
  });

  it('labels every outcome for the screens', () => {
    expect(NAME_CHECK_LABELS.partial).toBe('Name partly matches');
    expect(NAME_CHECK_LABELS.not_registered).toBe('Not registered for mobile money');
    expect(Object.keys(NAME_CHECK_LABELS)).toHaveLength(6);
  });
});
