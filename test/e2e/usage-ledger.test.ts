import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { fails, json } from '../helpers/user.js';

let w: BackendWorld;
let health: string;
let slow: string;
let consumer: string;
const usage = () => json(w.ctx, ['usage']);

beforeAll(async () => {
  w = await backendWorld({ credits: 4, creditsPerRun: 1 });
  health = await w.addTest('health', "assert api.get('/health').status == 200\n");
  slow = await w.addTest('slow', "api.get('/slow?ms=5000')\n");
  await w.addTest('make id', "produce('thing_id', 1)\n", ['--produces', 'thing_id']);
  consumer = await w.addTest('use id', "assert VARS['thing_id'] == 1\n", ['--needs', 'thing_id']);
}, 120_000);
afterAll(async () => {
  await w?.stop();
});

describe('usage ledger and credits', () => {
  it('starts with the operator-given balance and no runs this month', async () => {
    expect(await usage()).toMatchObject({ metered: true, credits: 4, creditsPerRun: 1, runsThisMonth: 0, replaysThisMonth: 0, creditsUsedThisMonth: 0 });
  });

  it('charges creditsPerRun for each triggered run; GET /me shows the new balance', async () => {
    await w.run(health);
    expect(await usage()).toMatchObject({ credits: 3, runsThisMonth: 1, creditsUsedThisMonth: 1 });
    expect((await json(w.ctx, ['auth', 'status'])).keyId).toBeTruthy();
    const me = await (await fetch(`${w.server.apiUrl}/me`, { headers: { authorization: `Bearer ${w.key}` } })).json();
    expect(me.credits).toBe(3);
    const h = await json(w.ctx, ['test', 'result', health, '--history']);
    expect(h.runs[0].credits).toBe(1);
  });

  it('a cancel refunds nothing', async () => {
    const t = await json(w.ctx, ['test', 'run', slow]);
    expect((await usage()).credits).toBe(2);
    const c = await svc(['--output', 'json', 'test', 'cancel', t.runId], { ctx: w.ctx });
    expect(c.exitCode, c.stderr).toBe(0);
    await svc(['test', 'wait', t.runId, '--timeout', '60'], { ctx: w.ctx, timeout: 90_000 });
    expect(await usage()).toMatchObject({ credits: 2, runsThisMonth: 2, creditsUsedThisMonth: 2 });
  });

  it('every run of a dependency closure is billed', async () => {
    const { r } = await w.run(consumer);
    expect(r.json().runs).toHaveLength(2);
    expect(await usage()).toMatchObject({ credits: 0, runsThisMonth: 4, creditsUsedThisMonth: 4 });
  });

  it('an empty balance refuses new triggers with exit 12 and creates nothing', async () => {
    const before = await json(w.ctx, ['test', 'result', health, '--history']);
    const r = await fails(w.ctx, ['test', 'run', health, '--wait'], 12);
    expect(r.error()).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(r.error().message).toMatch(/insufficient credits: this trigger needs 1 credit\(s\).*has 0/);
    const text = await svc(['test', 'run', health], { ctx: w.ctx });
    expect(text.exitCode).toBe(12);
    expect(text.stderr).toMatch(/^error: insufficient credits/m);
    expect(text.stderr).toMatch(/next: Ask the operator to add credits/);
    await fails(w.ctx, ['test', 'flaky', health, '--runs', '2'], 12);
    expect((await json(w.ctx, ['test', 'result', health, '--history'])).runs).toEqual(before.runs);
    expect(await usage()).toMatchObject({ credits: 0, runsThisMonth: 4 });
  });
});
