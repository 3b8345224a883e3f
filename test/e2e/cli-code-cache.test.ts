import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, svc } from '../helpers/cli.js';
import { BIN, tempDir } from '../helpers/paths.js';

// `svc` runs its bundled commands with V8's code cache (cli/code-cache.ts): what it compiled on
// the first run is loaded on the next ones instead of compiling again.
describe("the CLI's code cache", () => {
  it('is written by the first command, used as it is by the next, and replaced when it does not fit', async () => {
    const ctx = cliEnv();
    const dir = join(ctx.home, '.cache', 'svc');
    const first = await svc(['completion', 'bash'], { ctx });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/complete -F/);
    const names = readdirSync(dir).filter((f) => f.endsWith('.v8'));
    expect(names).toHaveLength(1);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const file = join(dir, names[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(file).size).toBeGreaterThan(10_000);

    // Accepted: the next run starts from it and leaves the file alone (a rewrite is a new inode).
    const { ino } = statSync(file);
    const second = await svc(['--output', 'json', 'agent', 'list', '--endpoint-url', 'http://127.0.0.1:9/api/v1'], { ctx });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.json().files).toHaveLength(16);
    expect(statSync(file).ino).toBe(ino);

    // Bytes that are no code cache: ignored, the command unchanged, and a fitting cache written instead.
    writeFileSync(file, Buffer.alloc(4096, 7));
    const third = await svc(['completion', 'bash'], { ctx });
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(readFileSync(file).subarray(0, 4096).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('goes where SVC_CODE_CACHE_DIR says, is skipped where it cannot be written, and is off with SVC_CODE_CACHE=0', async () => {
    // Earlier builds' caches there: a month-old one (and a month-old leftover of a killed writer)
    // goes when this build writes its own, a recent one stays, and other files are not touched.
    const elsewhere = join(tempDir('svc-code-cache-'), 'cache');
    mkdirSync(elsewhere);
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    for (const name of ['cli-0123456789abcdef01234567.v8', 'cli-0123456789abcdef01234567.v8.42.tmp', 'notes.txt']) {
      writeFileSync(join(elsewhere, name), 'x');
      utimesSync(join(elsewhere, name), old, old);
    }
    writeFileSync(join(elsewhere, 'cli-fedcba9876543210fedcba98.v8'), 'x');
    const moved = cliEnv({ SVC_CODE_CACHE_DIR: elsewhere });
    expect((await svc(['completion', 'bash'], { ctx: moved })).exitCode).toBe(0);
    const left = readdirSync(elsewhere).sort();
    expect(left.filter((f) => !/^cli-(0123|fedc)/.test(f) && f.endsWith('.v8'))).toHaveLength(1);
    expect(left.filter((f) => /^cli-(0123|fedc)|notes/.test(f))).toEqual(['cli-fedcba9876543210fedcba98.v8', 'notes.txt']);
    expect(existsSync(join(moved.home, '.cache'))).toBe(false);

    // A path that cannot be a directory (a file is there): the command still runs, nothing is left behind.
    const blocked = cliEnv();
    const notADir = join(blocked.home, 'not-a-dir');
    writeFileSync(notADir, 'x');
    const r = await svc(['completion', 'bash'], { ctx: blocked, env: { SVC_CODE_CACHE_DIR: join(notADir, 'cache') } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(readdirSync(blocked.home).sort()).toEqual(['not-a-dir', 'project']);

    const off = cliEnv({ SVC_CODE_CACHE: '0' });
    expect((await svc(['completion', 'bash'], { ctx: off })).exitCode).toBe(0);
    expect(existsSync(join(off.home, '.cache'))).toBe(false);
  });

  it('svc-mcp writes its own once it has been up a while, so a server that is killed still leaves one', async () => {
    const dir = join(tempDir('svc-code-cache-'), 'cache');
    const home = tempDir('svc-home-');
    const env = { PATH: process.env.PATH, HOME: home, SVC_CODE_CACHE_DIR: dir, SVC_API_URL: 'http://127.0.0.1:9/api/v1', SVC_API_KEY: 'svc_unused' };
    const serve = async (killAfterMs: number) => {
      const child = spawn(process.execPath, [BIN.mcp], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      const answered = new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cache-test', version: '1' } } })}\n`);
      const first = JSON.parse(await answered);
      await new Promise((r) => setTimeout(r, killAfterMs));
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
      return first;
    };
    // Killed at once: nothing written yet.
    expect((await serve(0)).result.serverInfo.name).toBe('svc');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    // Up for 3 s, then killed: its cache is there (and the CLI's, another bundle, would sit beside it).
    expect((await serve(3000)).result.serverInfo.name).toBe('svc');
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(statSync(join(dir, names[0]!)).size).toBeGreaterThan(10_000);
    // And the next server starts from it, leaving it as it was.
    const { ino } = statSync(join(dir, names[0]!));
    expect((await serve(3000)).result.serverInfo.name).toBe('svc');
    expect(statSync(join(dir, names[0]!)).ino).toBe(ino);
  });
});
