import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './testing/source-imports.ts';

const src = import.meta.dirname;

/** The text of the object literal opening at `start` (a `{`), braces balanced. */
function objectAt(text: string, start: number): string {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return text.slice(start, index + 1);
  }
  return text.slice(start);
}

/**
 * Whether an object literal holds only literals: with its strings (but not templates that interpolate), numbers and
 * keys taken out, no name is left to compute a value from.
 */
function holdsOnlyLiterals(object: string): boolean {
  const rest = object
    .replace(/'[^']*'|"[^"]*"|`[^`$]*`/g, '')
    .replace(/[\w$]+\s*:/g, '')
    .replace(/\b(?:true|false|null|undefined)\b/g, '')
    .replace(/\b\d[\w.]*/g, '');
  return !/[A-Za-z_$]/.test(rest) && !rest.includes('${');
}

/**
 * Each static inline style in a component's source, as the line it starts on: `style={{…}}` or Mantine's
 * `styles={{…}}` holding only literals, or `style={name}` where name is a constant object of literals. A class from
 * a CSS module beside the component does the same without a style attribute per element (STYLE.md).
 */
function staticInlineStyles(text: string): string[] {
  const found: string[] = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/\bstyles?=\{\{/g)) {
    const start = match.index + match[0].length - 1;
    if (holdsOnlyLiterals(objectAt(text, start))) found.push(`line ${lineAt(match.index)}: ${match[0]}…`);
  }
  for (const match of text.matchAll(/\bstyle=\{([\w$]+)\}/g)) {
    const constant = new RegExp(`\\bconst ${match[1]}\\s*=\\s*\\{`).exec(text);
    if (constant && holdsOnlyLiterals(objectAt(text, constant.index + constant[0].length - 1))) {
      found.push(`line ${lineAt(match.index)}: ${match[0]}`);
    }
  }
  return found;
}

describe('inline styles', () => {
  it('tells a literal style from one computed at run time', () => {
    expect(staticInlineStyles(`<div style={{ overflowWrap: 'anywhere', margin: 0 }} />`)).toHaveLength(1);
    expect(staticInlineStyles(`<T styles={{ input: { fontFamily: "var(--f)" } }} />`)).toHaveLength(1);
    expect(staticInlineStyles(`const nowrap = { whiteSpace: 'nowrap' } as const;\n<td style={nowrap} />`)).toHaveLength(1);
    expect(staticInlineStyles(`<span style={{ background: row.swatch }} />`)).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal
    expect(staticInlineStyles('<div style={{ width: `${share}%` }} />')).toEqual([]);
    expect(staticInlineStyles(`<div style={{ color }} />`)).toEqual([]);
  });

  it('are used only for values computed at run time, outside the screens still being rewritten', () => {
    const offenders = sourceFiles(src)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .flatMap((file) => staticInlineStyles(fs.readFileSync(path.join(src, file), 'utf8')).map((at) => `${file} ${at}`));
    expect(offenders).toEqual([]);
  });
});
