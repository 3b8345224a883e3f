import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '../../src/ai/curl.js';
import { call } from '../helpers/evidence.js';

/** Runs the command in bash with `curl` replaced by a function that prints its arguments NUL-separated. */
function argvOf(cmd: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${cmd}\n`;
  const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('toCurl', () => {
  it('reproduces method, url, headers and body exactly through the shell', () => {
    const body = `{"name":"O'Brien","note":"line1\nline2 \`whoami\` $HOME \\\\ ünïcødé 🚀","tab":"a\tb"}`;
    const c = call({
      method: 'post', path: '/users', url: "https://api.example.com/users?q=it's&x=$(id)",
      requestHeaders: { 'Content-Type': 'application/json', 'X-Note': "it's \"quoted\" $PATH", Host: 'api.example.com', 'Content-Length': '99', Connection: 'keep-alive' },
      requestBody: body, status: 500,
    });
    const cmd = toCurl(c);
    expect(cmd.split('\n')[0]).toBe('# Reproduces call #1: POST /users -> 500');
    const argv = argvOf(cmd);
    expect(argv).toEqual([
      '-sS', '-i', '-X', 'POST', "https://api.example.com/users?q=it's&x=$(id)",
      '-H', 'Content-Type: application/json',
      '-H', `X-Note: it's "quoted" $PATH`,
      '--data-raw', body,
    ]);
  });

  it('uses $-quoting for control characters and keeps them byte-exact', () => {
    const body = 'a\r\nb\x01c\'d\\e';
    expect(shellQuote(body)).toBe("$'a\\r\\nb\\x01c\\'d\\\\e'");
    const argv = argvOf(toCurl(call({ method: 'PUT', path: '/raw', requestBody: body, requestHeaders: {} })));
    expect(argv.at(-1)).toBe(body);
  });

  it('keeps masked secrets masked and says how to fill them in', () => {
    const c = call({ method: 'GET', path: '/me', requestHeaders: { Authorization: 'Bearer ***', Accept: 'application/json' } });
    const cmd = toCurl(c);
    expect(cmd).toContain("-H 'Authorization: Bearer ***'");
    expect(cmd).toMatch(/^# Secrets were masked when recorded \(\*\*\*\): replace each \*\*\* with the real value/m);
    expect(argvOf(cmd)).toContain('Authorization: Bearer ***');
  });

  it('masks secrets that were recorded in the clear unless told otherwise', () => {
    const c = call({
      method: 'GET', path: '/items', url: 'https://api.example.com/items?api_key=s3cr3t&page=2',
      requestHeaders: { Authorization: 'Bearer eyJhbGciOi.abc', 'X-API-Key': 'k-123', Cookie: 'sid=zzz' },
    });
    const masked = toCurl(c);
    expect(masked).not.toMatch(/s3cr3t|eyJhbGciOi|k-123|zzz/);
    expect(masked).toContain("-H 'Authorization: Bearer ***'");
    expect(masked).toContain("-H 'X-API-Key: ***'");
    expect(masked).toContain('api_key=***');
    expect(masked).toContain('page=2');
    const clear = toCurl(c, { maskSecrets: false });
    expect(clear).toContain('Bearer eyJhbGciOi.abc');
    expect(clear).toContain('api_key=s3cr3t');
    expect(clear).not.toContain('# Secrets');
  });

  it('describes a call that got no response', () => {
    const cmd = toCurl(call({ method: 'GET', path: '/health', status: null, error: 'ConnectionRefusedError: [Errno 111]\nConnection refused', requestHeaders: {} }));
    expect(cmd.split('\n')[0]).toBe('# Reproduces call #1: GET /health -> no response (ConnectionRefusedError: [Errno 111] Connection refused)');
    expect(argvOf(cmd)).toEqual(['-sS', '-i', '-X', 'GET', 'https://api.example.com/health']);
  });
});
