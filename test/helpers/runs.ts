import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freshDatabase } from './postgres.js';
import { startTargetApi, type TargetApi, type TargetStore } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv, type CliResult } from './cli.js';
import { startServer, type TestServer } from './server.js';
import { json, userCtx } from './user.js';

/** Python source from an indented template literal (first line break and common indent removed). */
export function py(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw({ raw: strings }, ...values).replace(/^\n/, '');
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** A svc-server, the sample target API, a signed-in CLI and a backend project pointing at the target. */
export interface RunsWorld {
  server: TestServer;
  target: TargetApi;
  key: string;
  ctx: CliEnv;
  projectId: string;
  /** Creates a backend test from Python code; returns its id. */
  addTest(name: string, code: string, o?: { produces?: string[]; needs?: string[]; category?: string; project?: string }): Promise<string>;
  /** Writes a file into the CLI's working directory; returns its path. */
  file(name: string, content: string): string;
  /** A direct API call with this world's key, expecting a 2xx. */
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** The result record of a run (GET /runs/{id}/result). */
  result(runId: string): Promise<any>;
  /** `svc --output json …` expecting exit 0. */
  json<T = any>(args: string[]): Promise<T>;
  /** `svc …` with any exit code. */
  svc(args: string[], timeout?: number): Promise<CliResult>;
  /** GET /api/v1/batches/{id} with this world's key. */
  batch(batchId: string): Promise<any>;
  /** A new backend project at the target with the fixed bearer credential. */
  project(name: string, credential?: { type: string; value?: string } | null): Promise<string>;
  close(): Promise<void>;
}

export async function runsWorld(o: { server?: Parameters<typeof startServer>[0]; latencyMs?: number } = {}): Promise<RunsWorld> {
  const target = await startTargetApi({ port: 0, latencyMs: o.latencyMs ?? 0 });
  const server = await startServer(o.server);
  const key = await server.mintKey({ name: 'runner', email: `runner-${Date.now()}@example.com` });
  const ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  const w: RunsWorld = {
    server,
    target,
    key,
    ctx,
    projectId: '',
    async addTest(name, code, t = {}) {
      const body = { projectId: t.project ?? w.projectId, type: 'backend', name, code, produces: t.produces, consumes: t.needs, category: t.category };
      return (await w.api('POST', '/tests', body)).testId as string;
    },
    file(name, content) {
      const path = join(ctx.cwd, name);
      writeFileSync(path, content);
      return path;
    },
    async api(method, path, body) {
      const res = await fetch(`${server.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      return text ? JSON.parse(text) : undefined;
    },
    result: (runId) => w.api('GET', `/runs/${runId}/result`),
    json: (args) => json(ctx, args),
    svc: (args, timeout) => svc(args, { ctx, timeout }),
    batch: (batchId) => w.api('GET', `/batches/${batchId}`),
    async project(name, credential = { type: 'Bearer token', value: 'demo-token' }) {
      const id = (await w.api('POST', '/projects', { type: 'backend', name, url: target.url })).id as string;
      if (credential) await w.api('PUT', `/projects/${id}/credential`, credential);
      return id;
    },
    async close() {
      await server.stop();
      await target.close();
    },
  };
  w.projectId = await w.project('Target API');
  return w;
}

/** runsWorld on the embedded store or on a fresh PostgreSQL database, which close() drops. */
export async function runsWorldOn(store: 'sqlite' | 'postgres', env: NodeJS.ProcessEnv = {}): Promise<RunsWorld> {
  const db = store === 'postgres' ? await freshDatabase() : undefined;
  const w = await runsWorld({ server: { env: { ...env, ...(db ? { SVC_DATABASE_URL: db.url } : {}) } } });
  const close = w.close;
  w.close = async () => {
    await close();
    await db?.drop();
  };
  return w;
}

/** The record arrays of the target's store (ids advance even when cleanup is complete). */
export function records(s: TargetStore): Pick<TargetStore, 'users' | 'posts' | 'comments' | 'tags'> {
  return { users: s.users, posts: s.posts, comments: s.comments, tags: s.tags };
}

/** Polls `probe` until it returns a truthy value (or throws after `timeoutMs`). */
export async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
