import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './testing/source-imports.ts';

const src = import.meta.dirname;

/**
 * The top folder of src/ a file lives in, with its feature for files under features/: 'features/links', 'lib', 'app'.
 * A feature's sub-folders (features/links/kit, features/links/live) are that one feature, free to import each other.
 */
function layerOf(file: string): string {
  const [top, feature] = path.relative(src, file).split(path.sep);
  return top === 'features' ? `features/${feature}` : top!;
}

/**
 * The features that use another's screen or step, each pair with why: the importer reaches the other only through its
 * index.ts, the public surface it declares. Any other feature-to-feature import crosses the boundary.
 */
const ALLOWED: Record<string, string> = {
  'features/collections -> features/payments': 'the Collections list opens a payment in the payment drawer',
  'features/dashboard -> features/payments': "the Overview's recent collections open in the payment drawer",
  'features/links -> features/payments': "a link's live page opens its payments in the payment drawer",
  'features/transfers -> features/payments': 'a movement on the statement opens the payment it came from',
  'features/payments -> features/transfers': 'a refund asks for the PIN step and reads the transfer lists again',
};

/** Whether `target` is the index.ts of a feature `from` may import: the import is an allowed pair. */
function allowed(from: string, to: string, target: string): boolean {
  return `${from} -> ${to}` in ALLOWED && target === path.join(src, to, 'index.ts');
}

/** Imports flow one way (STYLE.md): shared components/ and lib/ -> features/<one> -> app/. */
function crossing(from: string, to: string, target: string): boolean {
  if (from === to) return false;
  if (from === 'components' || from === 'lib') return to === 'app' || to.startsWith('features/');
  if (from.startsWith('features/')) return to === 'app' || (to.startsWith('features/') && !allowed(from, to, target));
  return false;
}

/** Every relative import (type-only ones too) that breaks the one-way flow, as 'importer -> imported'. */
function boundaryCrossings(files: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter(({ source }) => source.startsWith('.'))
      .map(({ source }) => path.resolve(path.dirname(file), source))
      .filter((target) => target.startsWith(src) && crossing(layerOf(file), layerOf(target), target))
      .map((target) => `${path.relative(src, file)} -> ${path.relative(src, target)}`),
  );
}

/** The allowed pairs some import of `files` uses. */
function usedPairs(files: string[]): Set<string> {
  return new Set(
    files.flatMap((file) =>
      importsOf(file)
        .filter(({ source }) => source.startsWith('.'))
        .map(({ source }) => `${layerOf(file)} -> ${layerOf(path.resolve(path.dirname(file), source))}`)
        .filter((pair) => pair in ALLOWED),
    ),
  );
}

describe('the web app imports flow one way', () => {
  const files = sourceFiles(src).filter((file) => !path.relative(src, file).startsWith(`testing${path.sep}`));

  it('no feature imports the app or another feature but an allowed one through its index.ts, and shared components and lib import no feature', () => {
    expect(boundaryCrossings(files)).toEqual([]);
  });

  it('every allowed pair of features is still used, so the list says what is true', () => {
    expect([...usedPairs(files)].sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
