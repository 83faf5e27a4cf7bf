import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const DOCS = path.resolve(import.meta.dirname, '../../../../docs/redirects.md');

export type VerifyRedirect = (url: string, encryptionKey: string, now?: number) => Record<string, string> | null;

/**
 * The merchant's verifier exactly as docs/redirects.md prints it: its `js` code block, written to a module file and
 * imported, so a test that passes proves the published snippet verifies a real redirect.
 */
export async function verifierFromDocs(): Promise<VerifyRedirect> {
  const block = /```js\n([\s\S]*?)```/.exec(fs.readFileSync(DOCS, 'utf8'))?.[1];
  if (!block) throw new Error('docs/redirects.md has no js code block');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-redirect-docs-'));
  const file = path.join(dir, 'verify.mjs');
  fs.writeFileSync(file, block);
  try {
    const module = (await import(pathToFileURL(file).href)) as { verifySenteRedirect?: VerifyRedirect };
    if (typeof module.verifySenteRedirect !== 'function') throw new Error('the docs snippet exports no verifySenteRedirect');
    return module.verifySenteRedirect;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
