import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames, markRegisteredName, maskRegisteredName, NAME_CHECK_LABELS, nameWords } from './name-check.ts';

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
  it.each([
    // the same words, in any order or case
    ['Nakato Sarah', 'SARAH NAKATO', 'match'],
    ['SARAH nakato', 'Sarah Nakato', 'match'],
    ['Okello', 'OKELLO', 'match'],
    // accents, hyphens and apostrophes
    ['Esther Achièng', 'ESTHER ACHIENG', 'match'],
    ["Grace O'Neill", 'GRACE ONEILL', 'match'],
    ['Grace O’Neill', "GRACE O'NEILL", 'match'],
    ['Mary-Jane Namubiru', 'NAMUBIRU MARY JANE', 'match'],
    ['Maryjane Namubiru', 'MARY-JANE NAMUBIRU', 'match'],
    ['Mary-Jane Namubiru', 'MARY NAMUBIRU', 'partial'],
    // initials, and words the one name has and the other leaves out
    ['Esther N.', 'ESTHER NAKATO', 'partial'],
    ['J. Okello', 'JOHN OKELLO', 'partial'],
    ['Mukasa J', 'JOSEPH MUKASA', 'partial'],
    ['John Peter Okello', 'JOHN OKELLO', 'partial'],
    ['John Okello', 'JOHN PETER OKELLO', 'partial'],
    ['John P. Okello', 'JOHN PETER OKELLO', 'partial'],
    ['Okello', 'JOHN OKELLO', 'partial'],
    ['Sarah Nakato', 'NAKATO', 'partial'],
    // a different given name or surname is another person
    ['Peter Achieng', 'RUTH ACHIENG', 'mismatch'],
    ['Sarah Nakato', 'SARAH NAMUBIRU', 'mismatch'],
    ['Paul Achieng', 'PETER ACHIENG', 'mismatch'],
    ['John Paul Okello', 'JOHN PETER OKELLO', 'mismatch'],
    ['Peter Okello Achieng', 'RUTH ACHIENG', 'mismatch'],
    ['P. Achieng', 'RUTH ACHIENG', 'mismatch'],
    ['Okello', 'JOHN MUKASA', 'mismatch'],
    ['Joseph Mukasa', 'SARAH NAKATO', 'mismatch'],
    // initials alone name nobody
    ['S N', 'SARAH NAKATO', 'mismatch'],
    ['J K', 'JOHN OKELLO', 'mismatch'],
    ['A Kato', 'SARAH NAKATO', 'mismatch'],
    // nothing to compare
    ['', 'JOHN OKELLO', 'mismatch'],
    ['John Okello', '', 'mismatch'],
    ['!!!', 'JOHN OKELLO', 'mismatch'],
  ] as const)('%s against %s: %s', (sheet, registered, expected) => {
    expect(compareNames(sheet, registered)).toBe(expected);
    expect(compareNames(registered, sheet)).toBe(expected);
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

  it('marks the words of the registered name the sheet does not have, on the masked name', () => {
    expect(markRegisteredName('Peter Achieng', 'Ruth Achieng')).toEqual([
      { text: 'R***', differs: true },
      { text: 'ACHIENG', differs: false },
    ]);
    expect(markRegisteredName('Esther N.', 'ESTHER NAKATO')).toEqual([
      { text: 'E***', differs: false },
      { text: 'NAKATO', differs: false },
    ]);
    expect(markRegisteredName('John Okello', 'JOHN PETER OKELLO').map((word) => word.differs)).toEqual([false, true, false]);
    expect(markRegisteredName('Sarah Nakato', 'SARAH NAMUBIRU').map((word) => word.differs)).toEqual([false, true]);
    expect(markRegisteredName('Okello', 'Mary-Jane Okello')).toEqual([
      { text: 'M***', differs: true },
      { text: 'OKELLO', differs: false },
    ]);
    expect(markRegisteredName('Maryjane Namubiru', 'MARY-JANE NAMUBIRU').map((word) => word.differs)).toEqual([false, false]);
    expect(markRegisteredName('Okello', '')).toEqual([]);
  });

  it('labels every outcome for the screens', () => {
    expect(NAME_CHECK_LABELS.partial).toBe('Name partly matches');
    expect(NAME_CHECK_LABELS.not_registered).toBe('Not registered for mobile money');
    expect(Object.keys(NAME_CHECK_LABELS)).toHaveLength(6);
  });
});
