import { signIn } from './accounts.ts';
import type { RunningServer } from './server.ts';

type Tokens = { accessToken: string; refreshToken: string };

async function post(server: RunningServer, path: string, body: unknown): Promise<{ data: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: any };
}

/** A verified, signed-in user with no business account of their own, as someone about to be invited is. */
export async function createUser(server: RunningServer, email: string, password: string, firstname = 'Brian'): Promise<Tokens> {
  await post(server, '/api/sign-up', { firstname, lastname: 'Okello', email, password });
  await post(server, '/api/verify-account', { email_or_phone: email, code: server.codeFor(email) });
  return signIn(server, email, password);
}
