import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc, type CliResult } from '../helpers/cli.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { tempDir } from '../helpers/paths.js';

// `svc test run --all --wait` inside GitHub Actions and GitLab CI (their environment variables and
// files simulated): annotations and the job summary, the GitLab section, JSON left untouched.
let w: BackendWorld;
const t: Record<string, string> = {};

beforeAll(async () => {
  w = await backendWorld();
  t.health = await w.addTest('health answers ok', "assert api.get('/health').json() == {'status': 'ok'}\n");
  t.broken = await w.addTest('GET /broken answers 200', "r = api.get('/broken')\nassert r.status == 200, r.text\nproduce('broken_id', r.json().get('id'))\n", ['--produces', 'broken_id']);
  t.uses = await w.addTest('uses the broken id', "assert VARS['broken_id']\n", ['--needs', 'broken_id']);
  t.missing = await w.addTest('a missing user is found', "r = api.get('/users/999999')\nassert r.status == 200, f'got {r.status}'\n");
}, 120_000);
afterAll(async () => {
  await w?.stop();
});

const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
/** `::error title=T::M` lines, unescaped. */
function annotations(text: string): { title: string; message: string }[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('::error '))
    .map((l) => {
      const m = /^::error title=([^:]*)::(.*)$/.exec(l)!;
      expect(m, l).toBeTruthy();
      return { title: unescape(m[1]!), message: unescape(m[2]!) };
    });
}

async function runAll(env: NodeJS.ProcessEnv, extra: string[] = []): Promise<CliResult> {
  return svc([...extra, 'test', 'run', '--all', '--project', w.projectId, '--wait', '--timeout', '120', '--report', 'junit', '--report-file', 'out/junit.xml'], { ctx: w.ctx, env, timeout: 180_000 });
}

function noSecrets(...texts: string[]) {
  for (const s of texts) {
    expect(s).not.toContain(w.key);
    expect(s).not.toContain('demo-token');
  }
}

describe('GitHub Actions', () => {
  it('one ::error per failure cause on stdout, a Markdown job summary, and the JUnit file', async () => {
    const summary = join(tempDir('svc-gh-'), 'step_summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = await runAll({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, CI: 'true' });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/4 run\(s\): 1 passed, 2 failed, 1 blocked, 0 cancelled/);
    const batchId = /^batch (bat_\S+?):/m.exec(r.stdout)![1]!;

    const notes = annotations(r.stdout);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.length).toBeLessThanOrEqual(3);
    const titles = notes.map((n) => n.title).join('\n');
    // Root causes first; the blocked consumer (a symptom of the failed producer) last.
    expect(notes[notes.length - 1]!.title).toBe('uses the broken id');
    expect(notes[notes.length - 1]!.message).toMatch(/fix target: upstream-test/);
    for (const name of ['GET /broken answers 200', 'uses the broken id', 'a missing user is found']) expect(titles).toContain(name);
    const broken = notes.find((n) => n.title.startsWith('GET /broken answers 200'))!;
    const lines = broken.message.split('\n');
    expect(lines[0]).toMatch(/ on GET \/broken — fix target: app/);
    expect(broken.message).toMatch(/^failed: /m);
    expect(broken.message).toMatch(/^Analysis: .+/m);
    expect(broken.message).toContain('Failing call: GET /broken → 500');
    expect(broken.message).toContain('answer: {"error":"upstream dependency unavailable"}');
    expect(broken.message).toMatch(new RegExp(`^Run: ${w.server.url}/portal/runs/run_\\S+$`, 'm'));
    const missing = notes.find((n) => n.title.startsWith('a missing user is found'))!;
    expect(missing.message).toContain('got 404');
    expect(missing.message).toContain('Failing call: GET /users/999999 → 404');

    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('# earlier step\n## svc: 3 of 4 runs did not pass\n')).toBe(true);
    expect(md).toContain('| 4 | 1 | 2 | 1 | 0 | 0 | 0 | 1 |');
    expect(md).toContain(`Batch: [\`${batchId}\`](${w.server.url}/portal/batches/${batchId})`);
    expect(md).toMatch(/### Failures by cause \([23]\)/);
    expect(md).toMatch(new RegExp(`- \\[GET /broken answers 200\\]\\(${w.server.url}/portal/runs/run_\\S+\\) — failed: `));
    expect(md).toMatch(/- \[uses the broken id\]\(\S+\) — blocked: /);
    expect(md).toContain('  - Failing call: `GET /broken → 500`');
    expect(md).toContain('upstream dependency unavailable');
    // The links are the portal's pages (signed out they send to the sign-in page, not a 404).
    for (const url of [`${w.server.url}/portal/batches/${batchId}`, /\((http:\/\/\S+\/portal\/runs\/run_[^)]+)\)/.exec(md)![1]!]) {
      expect((await fetch(url, { redirect: 'manual' })).status, url).not.toBe(404);
    }

    const junit = readFileSync(join(w.ctx.cwd, 'out', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="svc:prj_\S+" tests="4" failures="2" errors="1" skipped="0"/);
    noSecrets(r.stdout, r.stderr, md, junit);
  }, 200_000);

  it('--output json: stdout byte-for-byte the same JSON; the annotations go to stderr', async () => {
    const first = await runAll({}, ['--output', 'json']);
    expect(first.exitCode, first.stderr).toBe(1);
    const ids = first.json().wait.results.map((x: { runId: string }) => x.runId);
    const summary = join(tempDir('svc-gh-'), 'summary.md');
    const plain = await svc(['--output', 'json', 'test', 'wait', ...ids], { ctx: w.ctx, env: { CI: 'true' } });
    const gh = await svc(['--output', 'json', 'test', 'wait', ...ids], { ctx: w.ctx, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(gh.exitCode).toBe(1);
    expect(gh.stdout).toBe(plain.stdout);
    expect(gh.stdout).not.toContain('::error');
    expect(plain.stderr).not.toContain('::error');
    const notes = annotations(gh.stderr);
    expect(notes.map((n) => n.title).join('\n')).toContain('GET /broken answers 200');
    expect(readFileSync(summary, 'utf8')).toMatch(/^## svc: 3 of 4 runs did not pass\n/);
    // A whole run --all in json mode under GitHub Actions: stdout is still one JSON document.
    const run = await runAll({ GITHUB_ACTIONS: 'true' }, ['--output', 'json']);
    expect(run.exitCode).toBe(1);
    expect(run.json().wait.summary).toMatchObject({ total: 4, passed: 1, failed: 2, blocked: 1 });
    expect(annotations(run.stderr).length).toBeGreaterThanOrEqual(2);
    expect(run.stderr).toContain('[advisory] JUnit report written to out/junit.xml');
    noSecrets(gh.stdout, gh.stderr, run.stdout, run.stderr);
  }, 200_000);
});

describe('GitLab CI', () => {
  it('a collapsible section around the failure details, after the usual text; JUnit as always', async () => {
    const r = await runAll({ GITLAB_CI: 'true', CI: 'true' });
    expect(r.exitCode, r.stderr).toBe(1);
    const start = r.stdout.indexOf('\x1b[0Ksection_start:');
    const end = r.stdout.indexOf('\x1b[0Ksection_end:');
    expect(start).toBeGreaterThan(r.stdout.indexOf('4 run(s): 1 passed, 2 failed, 1 blocked'));
    expect(end).toBeGreaterThan(start);
    expect(r.stdout.slice(start)).toMatch(/^\x1b\[0Ksection_start:\d+:svc_failures\r\x1b\[0Ksvc: 3 of 4 runs did not pass, [23] causes\n/);
    expect(r.stdout.slice(end)).toMatch(/^\x1b\[0Ksection_end:\d+:svc_failures\r\x1b\[0K\n?$/); // execa drops the final newline
    const body = r.stdout.slice(start, end);
    expect(body).toMatch(new RegExp(`^batch bat_\\S+: ${w.server.url}/portal/batches/bat_\\S+$`, 'm'));
    expect(body).toMatch(/^ {2}GET \/broken answers 200 — failed, run run_\S+ {2}http:\S+\/portal\/runs\/run_\S+$/m);
    expect(body).toMatch(/^ {4}GET \/broken → 500$/m);
    expect(body).toContain('uses the broken id — blocked');
    expect(r.stdout).not.toContain('::error');
    expect(existsSync(join(w.ctx.cwd, 'out', 'junit.xml'))).toBe(true);
    noSecrets(r.stdout, r.stderr);
  }, 200_000);

  it('elsewhere (CI=true only) the plain text as before', async () => {
    const r = await runAll({ CI: 'true' });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).not.toMatch(/::error|section_start/);
  }, 200_000);
});
