import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A tiny HTTP API on 127.0.0.1 for backend-test runs to call. It stops itself on close(). */
export interface ApiTarget {
  url: string;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s));
  });
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

export async function startApiTarget(): Promise<ApiTarget> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const text = await body(req);
    const p = u.pathname;
    if (p === '/users' && req.method === 'POST') return json(res, 201, { id: 'u_123', ...JSON.parse(text || '{}') });
    if (p.startsWith('/users/')) return json(res, 200, { id: p.slice(7), name: 'Ada' });
    if (p.startsWith('/status/')) return json(res, Number(p.slice(8)), { error: 'as requested' });
    if (p === '/echo') return json(res, 200, { method: req.method, headers: req.headers, body: text, query: u.search }, { 'set-cookie': 'session=abc123def456ghi789; Path=/' });
    if (p === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return res.end(gzipSync(JSON.stringify({ compressed: true })));
    }
    if (p === '/chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('part one, ');
      setTimeout(() => res.end('part two'), 20);
      return;
    }
    if (p === '/wait') {
      const start = Date.now();
      setTimeout(() => json(res, 200, { start, end: Date.now() }), Number(u.searchParams.get('ms') ?? 300));
      return;
    }
    if (p === '/hang') return; // never answers; close() destroys the socket
    json(res, 404, { error: 'not found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on (bound, read, released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
