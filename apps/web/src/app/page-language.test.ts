import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const web = new URL('../../', import.meta.url);

describe("the pages' language", () => {
  // English as written in Uganda: a browser's own dates and numbers, and a screen reader's voice, follow it.
  it.each(['index.html', 'pay.html'])('%s is en-UG', (page) => {
    expect(fs.readFileSync(new URL(page, web), 'utf8')).toMatch(/<html lang="en-UG">/);
  });
});
