/**
 * The only way out of a sandboxed backend test: a CONNECT proxy on a unix socket bound into the
 * sandbox. Every connection names its host and port; the proxy resolves the name itself, applies
 * the server's target policy (target-guard.ts) to every address (so decimal, octal, IPv4-mapped
 * IPv6 and DNS names pointing at private ranges or cloud metadata are all judged by what they
 * resolve to), never lets a test reach svc-server's own ports, and connects to the address it
 * checked (no second lookup to rebind).
 * Redirects are new connections, so each hop is checked again.
 */
import { chmod } from 'node:fs/promises';
import net from 'node:net';
import type { TargetPolicy } from '../../contract/target-policy.js';
import { decideDestination } from '../target-guard.js';

const HEAD_LIMIT = 8192;
/** What a client may still send, and for how long, after its destination closed (see `drain`). */
const DRAIN_LIMIT = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

function reply(sock: net.Socket, status: string, headers: Record<string, string> = {}): void {
  const lines = [`HTTP/1.1 ${status}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v.replace(/[\r\n]+/g, ' ')}`)];
  sock.end(lines.join('\r\n') + '\r\n\r\n');
}

/**
 * The destination closed (it may have answered before reading the whole request, then closed or
 * reset the connection). What it answered is on its way to the client, which may still be sending:
 * a direct client's kernel buffers would take that body and let it read the answer, so the proxy
 * does the same: it drops what the client still sends, ends the answer, and closes when the client
 * does (or after DRAIN_LIMIT bytes or DRAIN_MS), instead of breaking the client's send.
 */
function drain(sock: net.Socket): void {
  if (sock.destroyed) return;
  sock.unpipe();
  let dropped = 0;
  sock.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT) sock.destroy();
  });
  sock.resume();
  // Usually the answer's pipe has ended it already; ending again would build an error (a stack
  // trace: about 0.1 ms) only to drop it.
  if (!sock.writableEnded) sock.end();
  const timer = setTimeout(() => sock.destroy(), DRAIN_MS).unref();
  sock.once('close', () => clearTimeout(timer));
}

/** One proxy per sandbox, so what it decides is that sandbox's alone. */
export class EgressProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();

  constructor(private readonly policy: TargetPolicy) {
    this.server = net.createServer((sock) => this.accept(sock));
  }

  async listen(socketPath: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(socketPath, () => resolve());
    });
    this.server.unref();
    await chmod(socketPath, 0o666); // the sandbox's uid connects; the directory is bound read-only
  }

  private accept(sock: net.Socket): void {
    this.open.add(sock);
    sock.on('close', () => this.open.delete(sock));
    sock.on('error', () => sock.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > HEAD_LIMIT) reply(sock, '400 Bad Request');
        return;
      }
      sock.off('data', onData);
      sock.pause();
      const m = /^CONNECT (\[[^\]]+\]|[^\s:]+):(\d+) HTTP\/1\.[01]\r\n/.exec(head.subarray(0, end + 2).toString('latin1'));
      if (!m) return reply(sock, '405 Method Not Allowed', { 'X-Svc-Egress': 'only CONNECT is served here' });
      void this.tunnel(sock, m[1]!, Number(m[2]), head.subarray(end + 4));
    };
    sock.on('data', onData);
  }

  private async tunnel(sock: net.Socket, host: string, port: number, rest: Buffer): Promise<void> {
    const d = await decideDestination(this.policy, host, port);
    if (!d.allowed) return reply(sock, '403 Forbidden', { 'X-Svc-Egress': d.reason ?? 'refused' });
    const upstream = net.connect({ host: d.address!, port });
    this.open.add(upstream);
    upstream.on('close', () => this.open.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.setNoDelay(true);
      sock.write('HTTP/1.1 200 Connection established\r\n\r\n');
      if (rest.length) upstream.write(rest);
      sock.pipe(upstream);
      upstream.pipe(sock);
      sock.resume();
    });
    sock.once('close', () => upstream.destroy());
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected) reply(sock, '502 Bad Gateway', { 'X-Svc-Errno': err.code ?? 'EIO' });
    });
    upstream.once('close', () => {
      if (connected) drain(sock);
    });
  }

  async close(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
