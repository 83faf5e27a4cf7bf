import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './testing/source-imports.ts';

const src = import.meta.dirname;

/** The top folder of src/ a file lives in, with its feature for files under features/: 'features/live', 'lib', 'app'. */
function layerOf(file: string): string {
  const [top, feature] = path.relative(src, file).split(path.sep);
  return top === 'features' ? `features/${feature}` : top!;
}

/** Imports flow one way (STYLE.md): shared components/ and lib/ -> features/<one> -> app/. */
function crossing(from: string, to: string): boolean {
  if (from === to) return false;
  if (from === 'components' || from === 'lib') return to === 'app' || to.startsWith('features/');
  if (from.startsWith('features/')) return to === 'app' || to.startsWith('features/');
  return false;
}

/** Every relative import (type-only ones too) that breaks the one-way flow, as 'importer -> imported'. */
function boundaryCrossings(files: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter(({ source }) => source.startsWith('.'))
      .map(({ source }) => path.resolve(path.dirname(file), source))
      .filter((target) => target.startsWith(src) && crossing(layerOf(file), layerOf(target)))
      .map((target) => `${path.relative(src, file)} -> ${path.relative(src, target)}`),
  );
}

describe('the web app imports flow one way', () => {
  it('no feature imports another feature or the app, and shared components and lib import no feature', () => {
    const files = sourceFiles(src).filter((file) => !path.relative(src, file).startsWith(`testing${path.sep}`));
    expect(boundaryCrossings(files)).toEqual([]);
  });
});
