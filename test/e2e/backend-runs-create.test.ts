import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorld, type RunsWorld } from '../helpers/runs.js';

// test create --run [--wait], test create-batch --run, and the JUnit report of run --all --wait.
let w: RunsWorld;
let nowhere: string;

beforeAll(async () => {
  w = await runsWorld();
  // A project whose own URL answers nothing: only --target-url makes its tests pass.
  nowhere = (await w.api('POST', '/projects', { type: 'backend', name: 'Elsewhere', url: 'http://127.0.0.1:9' })).id;
  await w.api('PUT', `/projects/${nowhere}/credential`, { type: 'API key', value: 'demo-api-key' });
});
afterAll(async () => {
  await w?.close();
});

const create = (name: string, code: string, extra: string[]) => ['test', 'create', '--project', nowhere, '--type', 'backend', '--name', name, '--code-file', w.file(`${name.replace(/\W/g, '_')}.py`, code), ...extra];

describe('test create --run', () => {
  it('--run --wait --target-url: the run object is merged into the create output', async () => {
    const code = "r = http.get('/users')\nprint('users', len(r.json()))\nassert r.status == 200\n";
    const r = await w.svc(['--output', 'json', ...create('List users', code, ['--run', '--wait', '--timeout', '60', '--target-url', w.target.url])]);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = r.json();
    expect(out).toMatchObject({ type: 'backend', codeVersion: 1, run: { status: 'passed', skippedFrontend: [], exitCode: 0 } });
    expect(out.testId).toMatch(/^tst_/);
    expect(out.run.runId).toBe(out.run.batches[0].run.runId);
    expect(out.run.batches[0].run).toMatchObject({ testId: out.testId, status: 'passed', targetUrl: expect.stringContaining(w.target.url) });

    const text = await w.svc(create('List users again', code, ['--run', '--wait', '--target-url', w.target.url]));
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^testId:\s+tst_/m);
    expect(text.stdout).toMatch(/^status:\s+passed$/m);
    expect(text.stdout).toMatch(/^cleanup: 0 deleted/m);
  });

  it('--run without --wait returns the queued run; a failing test exits 1 with --wait', async () => {
    const queued = await w.json(create('Queued only', 'assert True\n', ['--run', '--target-url', w.target.url]));
    expect(queued.run).toMatchObject({ status: 'queued', exitCode: 0 });
    expect((await w.svc(['test', 'wait', queued.run.runId, '--timeout', '60'])).exitCode).toBe(0);

    const bad = await w.svc(['--output', 'json', ...create('Fails', "assert http.get('/broken').status == 200\n", ['--run', '--wait', '--target-url', w.target.url])]);
    expect(bad.exitCode).toBe(1);
    expect(bad.json().run.status).toBe('failed');
    // Against the project's own (dead) URL the call itself fails.
    const dead = await w.svc(['--output', 'json', ...create('Dead URL', "http.get('/users')\n", ['--run', '--wait', '--timeout', '60'])]);
    expect(dead.exitCode).toBe(1);
  });

  it.each([
    [['--wait'], '--wait needs --run'],
    [['--target-url', 'http://127.0.0.1:1'], '--target-url needs --run'],
    [['--run', '--timeout', '5'], '--timeout needs --run --wait'],
    [['--run', '--wait', '--timeout', '0'], '--timeout'],
  ])('%j is refused (exit 5) and creates nothing', async (flags, message) => {
    const count = async () => (await w.json(['test', 'list', '--project', nowhere])).items.length;
    const before = await count();
    const r = await w.svc(['--output', 'json', ...create('Refused', 'assert True\n', flags)]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain(message);
    expect(await count()).toBe(before);
  });
});

describe('test create-batch --run', () => {
  it('frontend tests on a server without a browser are created and reported in skippedFrontend', async () => {
    const main = w;
    w = await runsWorld({ server: { args: ['--no-browser'] } });
    try {
    const fe = (await w.api('POST', '/projects', { type: 'frontend', name: 'Web', url: 'https://app.example.com' })).id;
    const plans = [1, 2].map((n) => JSON.stringify({ projectId: fe, type: 'frontend', name: `Page ${n}`, planSteps: [{ type: 'action', description: 'Open the home page' }] })).join('\n');
    const file = w.file('plans.jsonl', `${plans}\n`);
    const r = await w.svc(['--output', 'json', 'test', 'create-batch', '--plans', file, '--run', '--wait', '--timeout', '30', '--max-concurrency', '5']);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = r.json();
    expect(out.count).toBe(2);
    expect(out.run).toMatchObject({ runId: null, status: null, batches: [], exitCode: 0 });
    expect(out.run.skippedFrontend).toEqual(out.created.map((c: any, n: number) => ({ testId: c.testId, testName: `Page ${n + 1}` })));
    expect(r.stderr).toMatch(/^\[advisory\] skipped 2 frontend test\(s\): this server has no browser to run them; they were created and stay ready/m);
    const list = await w.json(['test', 'list', '--project', fe]);
    expect(list.items.map((t: any) => t.status)).toEqual(['ready', 'ready']);

    const text = await w.svc(['test', 'create-batch', '--plans', file, '--run']);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/created 2 test\(s\)\n\nskipped \(no browser on this server\): Page 1 \(tst_\S+\), Page 2 \(tst_\S+\)/);
    } finally {
      await w.close();
      w = main;
    }
  });
});

describe('JUnit report', () => {
  it('--report junit --report-file: default suite svc:<projectId>, failure message and captured output', async () => {
    const project = await w.project('JUnit');
    await w.addTest('Passes & prints', "print('hello <junit>')\n", { project });
    await w.addTest('Fails loudly', py`
      print('about to fail')
      assert http.get('/broken').status == 200, 'the /broken endpoint answered 500'
    `, { project });
    const r = await w.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '60', '--report', 'junit', '--report-file', 'reports/junit.xml']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('[advisory] JUnit report written to reports/junit.xml');
    const xml = readFileSync(join(w.ctx.cwd, 'reports/junit.xml'), 'utf8');
    expect(xml).toMatch(new RegExp(`<testsuite name="svc:${project}" tests="2" failures="1" errors="0" skipped="0"`));
    expect(xml).toMatch(/<testcase name="Passes &amp; prints" classname="prj_\w+" time="\d+\.\d{3}">\s*<system-out>hello &lt;junit&gt;\n<\/system-out>/);
    expect(xml).toMatch(/<failure message="the \/broken endpoint answered 500\nassert 500 == 200" type="failed">/);
    expect(xml).toContain('<system-out>about to fail\n</system-out>');
    expect(xml).toMatch(/<system-err>Traceback[\s\S]*AssertionError/);

    const named = await w.svc(['test', 'run', '--all', '--project', project, '--filter', 'passes', '--wait', '--report', 'junit', '--report-file', 'named.xml', '--report-suite-name', 'nightly']);
    expect(named.exitCode).toBe(0);
    expect(readFileSync(join(w.ctx.cwd, 'named.xml'), 'utf8')).toMatch(/<testsuite name="nightly" tests="1" failures="0"/);
  });
});
