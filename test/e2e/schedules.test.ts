import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { until } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * Schedules end to end through the real svc-server and svc binaries. Waiting for a real due time
 * would take minutes, so the tests move the schedule's stored next due time back in the database
 * (what a passing minute, or downtime, looks like to the scheduler) and tick every 200 ms
 * (SVC_SCHEDULER_TICK_MS); webhook retries wait 300 ms, doubling (SVC_WEBHOOK_BACKOFF_MS).
 */
let server: TestServer;
let ctx: CliEnv;
let projectId: string;
let testId: string;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

const run = (args: string[]) => svc(['--output', 'json', ...args], { ctx });
const json = async (args: string[]) => {
  const r = await run(args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.json();
};

/** Moves the stored next due time back to `due`, as if the server had been down since then. */
function rewind(due: Date): void {
  const db = new Database(join(server.dataDir, 'svc.db'));
  try {
    db.prepare('update schedules set next_due_at = ? where project_id = ?').run(due.toISOString(), projectId);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      // The first delivery attempt fails, so the retry is exercised.
      res.writeHead(received.length === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startServer({ env: { SVC_SCHEDULER_TICK_MS: '200', SVC_WEBHOOK_BACKOFF_MS: '300' } });
  ctx = cliEnv({ SVC_API_KEY: await server.mintKey({ name: 'sched' }), SVC_API_URL: server.apiUrl });
  projectId = (await json(['project', 'create', '--type', 'backend', '--name', 'nightly'])).id;
  const file = join(ctx.cwd, 't.py');
  writeFileSync(file, 'def test_total():\n    assert 1 + 1 == 3, "totals disagree"\n');
  testId = (await json(['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'totals add up', '--code-file', file])).testId;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe('svc project schedule', () => {
  it('sets, shows and disables a cadence; re-enables it with no flags', async () => {
    const v = await json(['project', 'schedule', 'set', projectId, '--daily', '06:30', '--tz', 'Europe/Berlin']);
    expect(v.schedule).toMatchObject({ kind: 'daily', at: '06:30', timeZone: 'Europe/Berlin', pattern: '30 6 * * *', enabled: true });
    expect(v.schedule.nextRuns).toHaveLength(3);
    for (const t of v.schedule.nextRuns) expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(new Date(t))).toBe('06:30');
    expect((await json(['project', 'schedule', 'get', projectId, '--next', '5'])).schedule.nextRuns).toHaveLength(5);
    const text = await svc(['project', 'schedule', 'get', projectId], { ctx });
    expect(text.stdout).toContain('daily at 06:30 (Europe/Berlin), enabled');
    const off = await json(['project', 'schedule', 'disable', projectId]);
    expect(off.schedule).toMatchObject({ enabled: false, nextRuns: [], at: '06:30' });
    expect((await json(['project', 'schedule', 'set', projectId])).schedule).toMatchObject({ enabled: true, at: '06:30' });
  });

  it.each([
    [['--cron', '61 * * * *'], 5, /bad cron expression/],
    [['--daily', '25:00'], 5, /HH:MM/],
    [['--daily', '06:30', '--tz', 'Mars/Base'], 5, /unknown time zone 'Mars\/Base'/],
    [['--weekly', 'mon'], 5, /--weekly needs --at/],
    [['--daily', '06:30', '--cron', '* * * * *'], 5, /mutually exclusive/],
    [['--webhook-url', 'ftp://example.com/x'], 5, /http or https|scheme/],
  ])('refuses %j with exit %i and a next step', async (flags, code, message) => {
    const r = await run(['project', 'schedule', 'set', projectId, ...flags]);
    expect(r.exitCode, r.stderr).toBe(code);
    expect(r.error().message).toMatch(message);
    expect(r.error().nextAction).toBeTruthy();
  });

  it('an unknown project is not found (exit 4)', async () => {
    const r = await run(['project', 'schedule', 'get', 'prj_missing']);
    expect(r.exitCode).toBe(4);
  });

  it('a due time starts exactly one batch with source schedule, records the misses, and notifies the webhook, signed, after a retry', async () => {
    // Due every day at this very minute: after the rewind exactly one due time is owed today.
    const now = new Date();
    now.setUTCSeconds(0, 0);
    const cron = `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`;
    const set = await json(['project', 'schedule', 'set', projectId, '--cron', cron, '--webhook-url', receiverUrl]);
    expect(set.webhook).toMatchObject({ url: receiverUrl, notify: 'schedule', secretShown: true, signatureHeader: 'X-Svc-Signature' });
    const secret: string = set.webhook.secret;
    expect(secret).toMatch(/^whsec_/);
    expect((await json(['project', 'schedule', 'get', projectId])).webhook).toMatchObject({ secretShown: false, secret: `****${secret.slice(-4)}` });

    rewind(new Date(now.getTime() - 3 * 86_400_000));
    const fired = await until(async () => {
      const v = await json(['project', 'schedule', 'get', projectId]);
      return v.recent[0] && v.recent[0].status !== 'starting' ? v : undefined;
    });
    expect(fired.recent[0]).toMatchObject({ status: 'queued', catchUp: false });
    expect(fired.misses[0]).toMatchObject({ count: 3 });

    // Done, failed, and only once: ten more ticks start nothing else.
    const batchId = fired.recent[0].batchId;
    await until(async () => (await json(['project', 'schedule', 'get', projectId])).recent[0].batchStatus === 'failed');
    await new Promise((r) => setTimeout(r, 2000));
    const after = await json(['project', 'schedule', 'get', projectId]);
    expect(after.recent).toHaveLength(1);
    const db = new Database(join(server.dataDir, 'svc.db'), { readonly: true });
    try {
      expect(db.prepare("select id, kind, source, key_id from batches where source = 'schedule'").all()).toEqual([expect.objectContaining({ id: batchId, kind: 'all' })]);
    } finally {
      db.close();
    }

    // History filters by source.
    const h = await json(['test', 'result', testId, '--history', '--source', 'schedule']);
    expect(h.runs.map((r: { batchId: string; source: string }) => [r.batchId, r.source])).toEqual([[batchId, 'schedule']]);
    expect((await json(['test', 'result', testId, '--history', '--source', 'cli'])).runs).toEqual([]);

    // The webhook: a 500 first, then delivered on the retry; both attempts recorded.
    const delivered = await until(async () => {
      const v = await json(['project', 'schedule', 'get', projectId]);
      return v.deliveries[0]?.status === 'delivered' ? v.deliveries[0] : undefined;
    });
    expect(delivered).toMatchObject({ event: 'run.failed', batchId, attempts: 2, lastStatus: 204 });
    expect(received).toHaveLength(2);
    const last = received[1]!;
    expect(received[0]!.body).toBe(last.body);
    const t = String(last.headers['x-svc-timestamp']);
    const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(last.headers['x-svc-signature']))!;
    expect(sig[1]).toBe(t);
    const expected = createHmac('sha256', secret).update(`${t}.${last.body}`).digest();
    expect(timingSafeEqual(Buffer.from(sig[2]!, 'hex'), expected)).toBe(true);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(last.headers['x-svc-event']).toBe('run.failed');
    expect(last.headers['x-svc-delivery']).toBe(delivered.id);
    const payload = JSON.parse(last.body);
    expect(payload).toMatchObject({
      event: 'run.failed',
      deliveryId: delivered.id,
      project: { id: projectId, name: 'nightly', url: `${server.url}/portal/projects/${projectId}` },
      batch: { id: batchId, source: 'schedule', status: 'failed', url: `${server.url}/portal/batches/${batchId}` },
      summary: { total: 1, passed: 0, failed: 1 },
    });
    expect(payload.failuresByCause[0].failures[0]).toMatchObject({ testId, testName: 'totals add up', status: 'failed', url: expect.stringContaining('/portal/runs/') });
    expect(JSON.stringify(payload)).toContain('totals disagree');
  });

  it('the portal project page shows the schedule, its runs, misses and webhook, and sets and disables it without scripts', async () => {
    const form = (body: Record<string, string>, cookie?: string) => ({
      method: 'POST',
      redirect: 'manual' as const,
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(body).toString(),
    });
    const signIn = await fetch(`${server.url}/portal/sign-in`, form({ key: ctx.env.SVC_API_KEY!, next: '/portal/projects' }));
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const page = async () => (await fetch(`${server.url}/portal/projects/${projectId}`, { headers: { cookie } })).text();
    const html = await page();
    expect(html).toContain('id="schedule"');
    expect(html).toContain('Last scheduled runs');
    expect(html).toContain('Missed while the server was down');
    expect(html).toContain(receiverUrl);
    const bad = await fetch(`${server.url}/portal/projects/${projectId}/schedule`, form({ kind: 'weekly', at: '07:00', days: 'someday', timeZone: 'UTC', webhookUrl: receiverUrl }, cookie));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('is not a list of weekdays');
    const ok = await fetch(`${server.url}/portal/projects/${projectId}/schedule`, form({ kind: 'weekly', at: '07:00', days: 'mon,thu', timeZone: 'Europe/Berlin', webhookUrl: receiverUrl, notify: 'all' }, cookie));
    expect(ok.status).toBe(303);
    expect(await page()).toContain('Weekly on mon, thu at 07:00 (Europe/Berlin)');
    expect((await json(['project', 'schedule', 'get', projectId])).webhook.notify).toBe('all');
    const off = await fetch(`${server.url}/portal/projects/${projectId}/schedule/disable`, form({}, cookie));
    expect(off.status).toBe(303);
    expect((await json(['project', 'schedule', 'get', projectId])).schedule.enabled).toBe(false);
  });
});
