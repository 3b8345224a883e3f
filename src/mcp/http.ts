import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpOptions } from './server.js';

export const MCP_PATH = '/mcp';
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * DNS-rebinding protection: a page on another site can make a browser send requests to
 * 127.0.0.1, but it cannot forge the Host header of a name it resolved, and its Origin is its own.
 * So only loopback Host values (with our port) and loopback or absent Origins are served.
 */
export function checkHostOrigin(headers: IncomingMessage['headers'], port: number): string | null {
  const host = headers.host ?? '';
  if (!LOOPBACK_NAMES.some((n) => host === `${n}:${port}`)) return `Host '${host}' is not allowed`;
  const origin = headers.origin;
  if (origin !== undefined && !LOOPBACK_NAMES.some((n) => origin === `http://${n}:${port}`)) return `Origin '${origin}' is not allowed`;
  return null;
}

function reject(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP on loopback only, stateless: every POST gets a fresh server and transport, so
 * no session state can leak between clients and nothing needs expiring. Progress notifications
 * still reach the caller on the POST's event stream.
 */
export async function serveHttp(port: number, opts: McpOptions = {}): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const log = opts.log ?? ((s: string) => process.stderr.write(s));
  const http = createServer((req, res) => {
    const actual = (http.address() as AddressInfo).port;
    const bad = checkHostOrigin(req.headers, actual);
    if (bad) return reject(res, 403, `Forbidden: ${bad}`);
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return reject(res, 404, `Not found: use ${MCP_PATH}`);
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return reject(res, 405, 'Method not allowed: this server is stateless, POST only');
    }
    const mcp = createMcpServer(opts);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((err: unknown) => {
        log(`[error] ${err instanceof Error ? err.message : String(err)}\n`);
        if (!res.headersSent) reject(res, 500, 'Internal server error');
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${MCP_PATH}`;
  return {
    server: http,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
