import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiDocs } from '../../src/discovery/docs.js';
import { planBackendCases } from '../../src/discovery/planner.js';
import { generateSuite, type GeneratedTest } from '../../src/discovery/codegen.js';
import { cleanupTargets } from '../../src/discovery/pairing.js';
import { tempDir } from '../helpers/paths.js';

/**
 * A tiny library API (the documented one, with one planted defect: a duplicate email is a 500).
 * Generated Python runs against it through a minimal stand-in for the backend harness globals.
 */
let server: Server;
let base: string;
const db = { authors: new Map<number, any>(), books: new Map<number, any>(), next: 1 };

function startApi(): Promise<void> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      const url = new URL(req.url!, 'http://x');
      const parts = url.pathname.split('/').filter(Boolean);
      if (url.pathname === '/health') return send(200, { ok: true });
      if (req.headers.authorization !== 'Bearer secret') return send(401, { error: 'authentication required' });
      let body: any = {};
      if (['POST', 'PUT', 'PATCH'].includes(req.method!)) {
        if (!String(req.headers['content-type']).includes('json')) return send(415, { error: 'json only' });
        try {
          body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
        } catch {
          return send(400, { error: 'malformed JSON' });
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) return send(400, { error: 'object expected' });
      }
      const id = Number(parts[1]);
      const validAuthor = (b: any) => typeof b.name === 'string' && b.name.length >= 1 && b.name.length <= 50 && typeof b.email === 'string' && b.email.includes('@') && (b.age === undefined || (Number.isInteger(b.age) && b.age >= 0 && b.age <= 150));
      if (parts[0] === 'authors' && parts.length === 1) {
        if (req.method === 'GET') return send(200, [...db.authors.values()]);
        if (req.method !== 'POST') return send(405);
        if (!validAuthor(body)) return send(400, { error: 'invalid' });
        if ([...db.authors.values()].some((a) => a.email === body.email)) return send(500, { error: 'Internal Server Error' });
        const a = { id: db.next++, name: body.name, email: body.email, age: body.age, createdAt: new Date().toISOString() };
        db.authors.set(a.id, a);
        return send(201, a);
      }
      if (parts[0] === 'authors' && parts.length === 2) {
        const a = db.authors.get(id);
        if (!a) return send(404, { error: 'not found' });
        if (req.method === 'GET') return send(200, a);
        if (req.method === 'DELETE') return db.authors.delete(id), send(204);
        if (req.method === 'PATCH') {
          if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 50 || !body.name)) return send(400, { error: 'invalid' });
          if (body.email !== undefined && (typeof body.email !== 'string' || !body.email.includes('@'))) return send(400, { error: 'invalid' });
          if (body.age !== undefined && (!Number.isInteger(body.age) || body.age < 0 || body.age > 150)) return send(400, { error: 'invalid' });
          if (body.email !== undefined && [...db.authors.values()].some((o) => o.id !== a.id && o.email === body.email)) return send(409, { error: 'email already in use' });
          Object.assign(a, { name: body.name ?? a.name, email: body.email ?? a.email, age: body.age ?? a.age });
          return send(200, a);
        }
      }
      if (parts[0] === 'authors' && parts[2] === 'books') {
        if (!db.authors.has(id)) return send(404, { error: 'not found' });
        if (req.method === 'GET') return send(200, [...db.books.values()].filter((b) => b.authorId === id));
        if (typeof body.title !== 'string' || body.title.length > 100 || (body.pages !== undefined && (!Number.isInteger(body.pages) || body.pages < 1)) || (body.tags !== undefined && !Array.isArray(body.tags))) return send(400, { error: 'invalid' });
        const b = { id: db.next++, authorId: id, title: body.title, pages: body.pages, tags: body.tags ?? [] };
        db.books.set(b.id, b);
        return send(201, b);
      }
      if (parts[0] === 'books' && parts.length === 2) {
        const b = db.books.get(id);
        if (!b) return send(404, { error: 'not found' });
        if (req.method === 'DELETE') return db.books.delete(id), send(204);
        return send(200, b);
      }
      return send(404, { error: 'no route' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resolve();
  }));
}

const dir = tempDir('svc-discovery-e2e-');
function runPython(t: GeneratedTest, vars: Record<string, unknown>): Promise<{ ok: boolean; stderr: string; produced: Record<string, unknown> }> {
  const file = join(dir, `${t.caseId}.py`);
  writeFileSync(file, [
    'import json',
    `TARGET_URL = BASE_URL = ${JSON.stringify(base)}`,
    '__AUTH_HEADERS__ = {"Authorization": "Bearer secret"}',
    '__AUTH_TYPE__ = "bearer"',
    '__AUTH_CREDENTIAL__ = "secret"',
    'class _Vars(dict):',
    '    def __missing__(self, k):',
    '        raise KeyError("Variable not found: " + k)',
    `VARS = _Vars(json.loads(${JSON.stringify(JSON.stringify(Object.fromEntries(t.needs.map((n) => [n, vars[n]]))))}))`,
    'def produce(name, value):',
    '    print("PRODUCED " + json.dumps([name, value]))',
    `exec(compile(${JSON.stringify(t.code)}, ${JSON.stringify(`${t.caseId}.py`)}, "exec"))`,
  ].join('\n'));
  return new Promise((resolve) => {
    // Outside the harness a generated test finds its helper module through PYTHONPATH.
    execFile('python3', [file], { timeout: 30_000, env: { ...process.env, PYTHONPATH: join(import.meta.dirname, '..', '..', 'src', 'engine', 'backend', 'lib') } }, (err, stdout, stderr) => {
      const produced: Record<string, unknown> = {};
      for (const l of stdout.split('\n')) if (l.startsWith('PRODUCED ')) { const [k, v] = JSON.parse(l.slice(9)); produced[k] = v; }
      resolve({ ok: !err, stderr, produced });
    });
  });
}

beforeAll(startApi);
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('generated backend tests', () => {
  it('run green on correct endpoints, find the planted defect and leave no data behind', async () => {
    const docs = await parseApiDocs(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'discovery', 'library.openapi.yaml'), 'utf8'));
    const plan = planBackendCases(docs.endpoints, { instructions: 'only authors endpoints' });
    const suite = generateSuite(plan.cases, docs.endpoints);
    const vars: Record<string, unknown> = {};
    const results = new Map<string, { ok: boolean; stderr: string }>();
    const pending = [...suite];
    // Producers first, as the engine's waves do.
    for (let wave = 0; pending.length && wave < 10; wave++) {
      const ready = pending.filter((t) => t.needs.every((n) => n in vars));
      for (const t of ready) pending.splice(pending.indexOf(t), 1);
      for (const t of ready) {
        const r = await runPython(t, vars);
        Object.assign(vars, r.produced);
        results.set(t.caseId, r);
      }
    }
    expect(pending).toEqual([]);
    expect(vars).toEqual({ author_id: expect.any(Number), book_id: expect.any(Number) });
    const failed = [...results].filter(([, r]) => !r.ok).map(([id]) => id);
    expect(failed).toEqual(['post-authors.duplicate']);
    expect(results.get('post-authors.duplicate')!.stderr).toMatch(/AssertionError: POST \/authors duplicate email: expected 409 as documented, got 500/);
    expect(results.size).toBeGreaterThan(15);
    // The engine's cleanup: DELETE what the producers made, children first.
    for (const t of cleanupTargets(docs.endpoints)) {
      let path = t.deletePath;
      for (const [param, v] of Object.entries(t.pathVariables)) path = path.replace(`{${param}}`, String(vars[v]));
      if (t.variable in vars) await fetch(base + path, { method: 'DELETE', headers: { authorization: 'Bearer secret' } });
    }
    expect(db.authors.size).toBe(0);
    expect(db.books.size).toBe(0);
  });
});
