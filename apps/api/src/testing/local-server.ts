import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake server saw it: headers flattened to strings, the body as text and as JSON when it parses. */
export type SeenRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; the text itself when it is not JSON; null when there was no body. */
  body: unknown;
};

async function readRequest(request: http.IncomingMessage): Promise<SeenRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  return { method: request.method ?? 'GET', url: request.url ?? '/', headers, text, body };
}

export type LocalServer = { server: http.Server; url: string; port: number; close: () => Promise<void> };

/** An HTTP server on 127.0.0.1 at a free port, handed each request already read. */
export async function listenLocally(
  handle: (seen: SeenRequest, response: http.ServerResponse) => void | Promise<void>,
): Promise<LocalServer> {
  const server = http.createServer(async (request, response) => handle(await readRequest(request), response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
