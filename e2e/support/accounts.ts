import type { RunningServer } from './server.ts';

async function post(server: RunningServer, path: string, body: unknown, token?: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  // The cookies the answer set, as a request sends them back (the sign-in challenge, decision 080).
  const cookies = response.headers.getSetCookie().map((setCookie) => setCookie.split(';')[0]!);
  return { ...((await response.json()) as { data: any }), cookie: cookies.join('; ') };
}

/**
 * Signs in through the public API as the UI would: the password, then the code `readCode` finds (the outbox's by
 * default; a server with SMTP_URL sends it elsewhere), sent back with the challenge cookie the password step set.
 */
export async function signIn(
  server: RunningServer,
  email: string,
  password: string,
  readCode: () => string | Promise<string> = () => server.codeFor(email, 'Your Sente sign-in code'),
) {
  const { cookie } = await post(server, '/api/login', { emailOrPhone: email, password });
  const { data } = await post(server, '/api/login-otp', { emailOrPhone: email, code: await readCode() }, undefined, cookie);
  return { accessToken: data.accessToken as string, refreshToken: data.refreshToken as string };
}

/** A verified user with one business account, made through the public API as the UI would. */
export async function createMerchant(server: RunningServer, email: string, password: string, accountName: string) {
  await post(server, '/api/sign-up', { firstname: 'Grace', lastname: 'Auma', email, password });
  await post(server, '/api/verify-account', { email_or_phone: email, code: server.codeFor(email) });
  const tokens = await signIn(server, email, password);
  await post(server, '/api/sente-account/create-account', { account_name: accountName }, tokens.accessToken);
  return tokens;
}
