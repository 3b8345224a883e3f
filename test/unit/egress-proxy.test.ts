import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressProxy } from '../../src/engine/sandbox/egress-proxy.js';

const BACKEND = join(__dirname, '..', '..', 'src', 'engine', 'backend');
const dir = mkdtempSync(join(tmpdir(), 'svc-egress-'));
const socketPath = join(dir, 'egress.sock');
const proxy = new EgressProxy({ allowPrivate: true });
let early: net.Server;
let port = 0;
const seen: number[] = [];

beforeAll(async () => {
  await proxy.listen(socketPath);
  // A destination that answers as soon as it has read the request head, says it closes, stops
  // reading, and resets the connection a moment later, with most of the body never read.
  early = net.createServer((sock) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      sock.off('data', onData);
      sock.pause();
      seen.push(head.length);
      const body = '{"error":"no such user"}';
      sock.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      setTimeout(() => sock.resetAndDestroy(), 300).unref();
    };
    sock.on('data', onData);
    sock.on('error', () => {});
  });
  await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
  port = (early.address() as net.AddressInfo).port;
});
afterAll(async () => {
  early?.close();
  await proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A test's request as a sandboxed test makes it: urllib, every connection a CONNECT through the proxy. */
function send(bytes: number): Promise<string> {
  const script = `
import sys, urllib.request, urllib.error
sys.path.insert(0, ${JSON.stringify(BACKEND)})
import harness_egress
harness_egress.PROXY_SOCKET = ${JSON.stringify(socketPath)}
harness_egress.install()
req = urllib.request.Request('http://127.0.0.1:${port}/users/999999/posts', data=b'x' * ${bytes}, method='POST')
try:
    urllib.request.urlopen(req, timeout=10)
    print('answered 2xx')
except urllib.error.HTTPError as e:
    print('answered', e.code, e.read().decode())
except Exception as e:
    print('failed', type(e).__name__, e)
`;
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', script], { timeout: 20_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim())));
  });
}

describe('the egress proxy', () => {
  it('hands a test the answer a destination gave before reading the whole body, then reset the connection', async () => {
    // 16 MB: far more than the socket buffers between the test and the destination hold, so the
    // test is still sending when the destination goes away.
    expect(await send(16 * 1024 * 1024)).toBe('answered 404 {"error":"no such user"}');
    expect(await send(512 * 1024)).toBe('answered 404 {"error":"no such user"}');
    expect(seen).toHaveLength(2);
  });
});
