import { describe, expect, it } from 'vitest';
import type { BatchTriage } from '../../src/contract/triage.js';
import { annotationMessage, escapeData, escapeProperty, githubAnnotations, githubSummary, MAX_ANNOTATIONS, mdFence, mdText, workflowCommand } from '../../src/output/ci-github.js';
import { gitlabSection, renderCiFailures } from '../../src/output/ci-gitlab.js';
import { batchUrl, buildCiReport, detectCi, maskQuery, redact, type CiCause, type CiReport, type CiRow } from '../../src/output/ci-report.js';

const URL = 'http://127.0.0.1:7788';
const row = (runId: string, status: string, o: Partial<NonNullable<CiRow['run']>> & { testName?: string } = {}): CiRow => ({
  runId,
  status,
  testId: `tst_${runId}`,
  testName: o.testName ?? `test ${runId}`,
  run: { batchId: 'bat_1', type: 'backend', status, dashboard: `${URL}/portal/runs/${runId}`, reason: null, failure: null, ...o },
});
const counts = (o: Partial<CiReport['counts']> = {}) => ({ total: 0, passed: 0, failed: 0, blocked: 0, cancelled: 0, timeout: 0, error: 0, ...o });

const triage: BatchTriage = {
  batchId: 'bat_1',
  projectId: 'prj_1',
  status: 'failed',
  total: 4,
  passed: 1,
  failed: 3,
  groups: [
    {
      check: 'no-5xx', endpoint: 'GET /broken', failureKind: 'server_error', recommendedFixTarget: 'app', count: 2,
      failures: [
        { testId: 'tst_a', testName: 'GET /broken answers', runId: 'a', status: 'failed', message: 'assert 500 == 200', rootCauseHypothesis: 'The server answered 500 on GET /broken.', failingCall: { method: 'GET', path: '/broken?token=s3cr3t&x=1', status: 500, requestBody: null, responseBody: '{"error":"upstream dependency unavailable"}' }, reproducer: "curl -H 'Authorization: Bearer ***' …" },
        { testId: 'tst_b', testName: 'GET /broken again', runId: 'b', status: 'failed', message: 'assert 500 == 200', rootCauseHypothesis: null, failingCall: null, reproducer: null },
      ],
    },
    {
      check: 'upstream', endpoint: null, failureKind: 'blocked', recommendedFixTarget: 'upstream-test', count: 1,
      failures: [{ testId: 'tst_c', testName: 'Uses the id', runId: 'c', status: 'blocked', message: 'producer failed', rootCauseHypothesis: null, failingCall: null, reproducer: null }],
    },
    {
      check: 'status', endpoint: 'POST /users', failureKind: 'assertion_failed', recommendedFixTarget: 'app', count: 1,
      failures: [{ testId: 'tst_z', testName: 'not waited for', runId: 'z', status: 'failed', message: 'x', rootCauseHypothesis: null, failingCall: null, reproducer: null }],
    },
  ],
};

describe('GitHub workflow-command escaping', () => {
  it('percent-encodes %, CR and LF in data; also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
    // % first, so an encoded sequence in the input survives as text.
    expect(escapeData('%0A')).toBe('%250A');
    expect(escapeProperty('a%3Ab')).toBe('a%253Ab');
  });

  it('builds one line whatever the text holds, so a body cannot inject another command', () => {
    const line = workflowCommand('error', { title: 'GET /x: 500, again' }, 'line 1\n::add-mask::oops\r\n::stop-commands::t');
    expect(line).toBe('::error title=GET /x%3A 500%2C again::line 1%0A::add-mask::oops%0D%0A::stop-commands::t');
    expect(line.split('\n')).toHaveLength(1);
    expect(workflowCommand('error', {}, 'plain')).toBe('::error::plain');
  });
});

describe('the CI report', () => {
  const rows = [row('a', 'failed'), row('b', 'failed'), row('c', 'blocked', { testName: 'Uses the id' }), row('d', 'passed')];
  const report = buildCiReport({ rows, counts: counts({ total: 4, passed: 1, failed: 2, blocked: 1 }), exitCode: 1, triages: [triage] });

  it('keeps only waited runs that did not pass, grouped by cause, biggest first, with portal links', () => {
    expect(report.batches).toEqual([{ batchId: 'bat_1', url: `${URL}/portal/batches/bat_1` }]);
    expect(report.causes.map((c) => [c.check, c.endpoint, c.failures.map((f) => f.runId)])).toEqual([
      ['no-5xx', 'GET /broken', ['a', 'b']],
      ['upstream', null, ['c']],
    ]);
    expect(report.causes[0]!.failures[0]).toMatchObject({ url: `${URL}/portal/runs/a`, analysis: 'The server answered 500 on GET /broken.' });
  });

  it('puts symptoms (blocked by a failed producer) after root causes, whatever their size', () => {
    const blocked = { ...triage.groups[1]!, count: 3, failures: ['c', 'c2', 'c3'].map((id) => ({ ...triage.groups[1]!.failures[0]!, runId: id })) };
    const r = buildCiReport({ rows: [row('a', 'failed'), row('c', 'blocked'), row('c2', 'blocked'), row('c3', 'blocked')], counts: counts({ total: 4, failed: 1, blocked: 3 }), exitCode: 1, triages: [{ ...triage, groups: [blocked, triage.groups[0]!] }] });
    expect(r.causes.map((c) => [c.check, c.failures.length])).toEqual([['no-5xx', 1], ['upstream', 3]]);
  });

  it('covers runs without triage, timeouts and poll errors', () => {
    const r = buildCiReport({
      rows: [row('e', 'failed', { reason: 'Variable not found: id', failure: { kind: 'variable-missing', message: 'm' } }), row('f', 'timeout', { status: 'running' }), { runId: 'g', status: 'error:NOT_FOUND', testId: null, testName: null, run: null }],
      counts: counts({ total: 3, failed: 1, timeout: 1, error: 1 }),
      exitCode: 7,
      triages: [],
      steps: new Map([['e', '#2 Click Save — no element']]),
    });
    expect(r.causes.map((c) => [c.check, c.failures[0]!.message])).toEqual([
      ['variable-missing', 'Variable not found: id'],
      ['timeout', 'still running when --timeout ran out; it keeps running on the server (svc test wait f)'],
      ['error:NOT_FOUND', 'could not be polled (NOT_FOUND)'],
    ]);
    expect(r.causes[0]!.failures[0]!.failingStep).toBe('#2 Click Save — no element');
    expect(r.causes[2]!.failures[0]).toMatchObject({ testName: 'g', url: null });
  });

  it('derives batch links from run dashboards, detects the CI system, masks secrets', () => {
    expect(batchUrl('https://svc.example/base/portal/runs/run_1', 'bat 2')).toBe('https://svc.example/base/portal/batches/bat%202');
    expect(batchUrl('https://elsewhere/x', 'b')).toBeNull();
    expect(detectCi({ GITHUB_ACTIONS: 'true', GITLAB_CI: 'true' })).toBe('github');
    expect(detectCi({ GITLAB_CI: 'true' })).toBe('gitlab');
    expect(detectCi({ CI: 'true', GITHUB_ACTIONS: 'false' })).toBeNull();
    expect(maskQuery('/broken?token=s3cr3t&x=1')).toBe('/broken?token=***&x=1');
    expect(maskQuery('/users/1')).toBe('/users/1');
    expect(redact('key svc_live_abcdef in svc_live_abcdef', ['svc_live_abcdef', undefined, 'ab'])).toBe('key *** in ***');
  });

  it('annotates one cause per ::error: test name as title, analysis, failing call, other tests', () => {
    const lines = githubAnnotations(report);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error title=GET \/broken answers \(\+1 more with the same cause\)::/);
    const msg = annotationMessage(report.causes[0]!);
    expect(msg.split('\n')).toEqual([
      'no-5xx on GET /broken — fix target: app (server_error)',
      'failed: assert 500 == 200',
      'Analysis: The server answered 500 on GET /broken.',
      'Failing call: GET /broken?token=***&x=1 → 500',
      '  answer: {"error":"upstream dependency unavailable"}',
      `Run: ${URL}/portal/runs/a`,
      `Same cause: GET /broken again (failed, ${URL}/portal/runs/b)`,
    ]);
    expect(lines[0]).toContain(escapeData(msg));
    expect(lines.join('\n')).not.toContain('curl');
    expect(lines[1]).toBe(`::error title=Uses the id::${escapeData(`upstream — fix target: upstream-test (blocked)\nblocked: producer failed\nRun: ${URL}/portal/runs/c`)}`);
  });

  it('past 10 causes, the last annotation names the rest (GitHub shows 10 per step)', () => {
    const causes: CiCause[] = Array.from({ length: 13 }, (_, n) => ({ check: `c${n}`, endpoint: null, failureKind: null, fixTarget: 'app', failures: [{ testName: `t${n}`, runId: `r${n}`, status: 'failed', message: 'm', analysis: null, failingCall: null, failingStep: null, url: null }] }));
    const lines = githubAnnotations({ counts: counts({ total: 13, failed: 13 }), exitCode: 1, batches: [{ batchId: 'bat_1', url: `${URL}/portal/batches/bat_1` }], causes });
    expect(lines).toHaveLength(MAX_ANNOTATIONS);
    expect(lines[9]).toMatch(/^::error title=svc%3A 4 more failure causes::t9: c9 — fix target: app%0At10: /);
    expect(lines[9]).toContain(`on ${URL}/portal/batches/bat_1`);
  });

  it('writes the job summary: counts, batch link, failures by cause with links and bodies', () => {
    const md = githubSummary(report);
    expect(md).toContain('## svc: 3 of 4 runs did not pass');
    expect(md).toContain('| 4 | 1 | 2 | 1 | 0 | 0 | 0 | 1 |');
    expect(md).toContain(`Batch: [\`bat_1\`](${URL}/portal/batches/bat_1)`);
    expect(md).toContain('### Failures by cause (2)');
    expect(md).toContain('#### 2 × no-5xx on `GET /broken` — fix target: app (server\\_error)');
    expect(md).toContain(`- [GET /broken answers](${URL}/portal/runs/a) — failed: assert 500 == 200`);
    expect(md).toContain('  - Analysis: The server answered 500 on GET /broken.');
    expect(md).toContain('  - Failing call: `GET /broken?token=***&x=1 → 500`');
    expect(md).toContain('  ```text\n  answer: {"error":"upstream dependency unavailable"}\n  ```');
    expect(md).toContain(`- [Uses the id](${URL}/portal/runs/c) — blocked: producer failed`);
    expect(md).not.toContain('s3cr3t');
    const green = githubSummary(buildCiReport({ rows: [row('d', 'passed')], counts: counts({ total: 1, passed: 1 }), exitCode: 0, triages: [] }));
    expect(green).toBe(`## svc: all 1 run passed\n\n| total | passed | failed | blocked | cancelled | timed out | poll errors | exit code |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n| 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |\n\nBatch: [\`bat_1\`](${URL}/portal/batches/bat_1)\n\n`);
  });

  it('escapes Markdown and HTML from the target and fences code safely', () => {
    expect(mdText('<img src=x onerror=alert(1)> *bold* [link](x) a|b\nnext')).toBe('&lt;img src=x onerror=alert(1)&gt; \\*bold\\* \\[link\\](x) a\\|b next');
    expect(mdFence('a ``` b')).toBe('````text\na ``` b\n````');
    expect(mdFence('plain')).toBe('```text\nplain\n```');
  });

  it('GitLab: an open, collapsible section around the failure details; nothing when all passed', () => {
    const s = gitlabSection(report, 1_700_000_000.7);
    expect(s.startsWith('\x1b[0Ksection_start:1700000000:svc_failures\r\x1b[0Ksvc: 3 of 4 runs did not pass, 2 causes\n')).toBe(true);
    expect(s.endsWith('\x1b[0Ksection_end:1700000000:svc_failures\r\x1b[0K\n')).toBe(true);
    expect(s).toContain(renderCiFailures(report));
    expect(renderCiFailures(report).split('\n').slice(0, 7)).toEqual([
      `batch bat_1: ${URL}/portal/batches/bat_1`,
      '',
      '[2] no-5xx  GET /broken  fix: app  (server_error)',
      `  GET /broken answers — failed, run a  ${URL}/portal/runs/a`,
      '    assert 500 == 200',
      '    analysis: The server answered 500 on GET /broken.',
      '    GET /broken?token=***&x=1 → 500',
    ]);
    expect(gitlabSection(buildCiReport({ rows: [row('d', 'passed')], counts: counts({ total: 1, passed: 1 }), exitCode: 0, triages: [] }), 1)).toBe('');
  });

  it('strips control characters from target text so it cannot end the section', () => {
    const evil = buildCiReport({ rows: [row('e', 'failed', { reason: 'boom\x1b[0Ksection_end:1:svc_failures\r\x1b[0K' })], counts: counts({ total: 1, failed: 1 }), exitCode: 1, triages: [] });
    const s = gitlabSection(evil, 5);
    expect(s.match(/section_end:\d+:[\w.-]+\r\x1b\[0K/g)).toHaveLength(1);
    expect(s.match(/\x1b/g)).toHaveLength(4);
    expect(s).toContain('boomsection_end:1:svc_failures\n');
  });
});
