import { describe, expect, it } from 'vitest';
import { REF } from '../../testing/links.ts';
import { generateRef } from './repository.ts';

describe('refs', () => {
  it('are 10 lowercase letters or digits, drawn afresh each time', () => {
    const refs = Array.from({ length: 500 }, generateRef);
    for (const ref of refs) expect(ref).toMatch(REF);
    expect(new Set(refs).size).toBe(500);
  });
});
