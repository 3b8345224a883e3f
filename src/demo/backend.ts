import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../client/http.js';
import type { BatchView } from '../contract/batches.js';
import { acceptPlan, discoverProject, generatePlan, putDocs } from '../contract/generation-endpoints.js';
import { createProject, setProjectCredential } from '../contract/projects.js';
import { getRunResult } from '../contract/results.js';
import { runProject } from '../contract/runs.js';
import { getBatchTriage, type BatchTriage } from '../contract/triage.js';
import { renderTable } from '../output/table.js';
import { statusCounts, waitForBatch } from './batch.js';
import type { DemoContext, PartOutcome } from './context.js';
import { checkFailures, defectOf, PLANTED_DEFECTS } from './defects.js';

/**
 * The backend lifecycle as `svc` drives it: project with a bearer credential → OpenAPI docs →
 * discover → plan → accept → run everything → results, analyses of the failures, variables and
 * the cleanup sweep, checked against the sample API's planted defects and its data before the run.
 */
export async function runBackendPart(client: ApiClient, d: DemoContext): Promise<PartOutcome> {
  d.out('\n== Backend: the sample API, tests generated from its OpenAPI document ==\n');
  const project = await client.call(createProject, { body: { type: 'backend', name: 'Demo: sample target API', url: d.target.url } });
  // The sample API always accepts this fixed token (fixtures/target-api/README.md).
  await client.call(setProjectCredential, { params: { projectId: project.id }, body: { type: 'Bearer token', value: 'demo-token' } });
  d.log(`created backend project ${project.id} for ${d.target.url} (credential: Bearer token)\n`);
  const docs = await client.call(putDocs, {
    params: { projectId: project.id },
    body: { filename: 'openapi.yaml', content: readFileSync(join(d.fixturesDir, 'target-api', 'openapi.yaml'), 'utf8') },
  });
  d.log(`docs: ${docs.endpoints.length} endpoints (${docs.format}), ${docs.pairs.length} creates paired with a DELETE, ${docs.orphans.length} without\n`);
  const probed = await client.call(discoverProject, { params: { projectId: project.id } });
  d.log(`discover: ${probed.probes.length} safe requests (GET/OPTIONS only)\n`);
  const plan = await client.call(generatePlan, { params: { projectId: project.id }, body: {} });
  const accepted = await client.call(acceptPlan, { params: { projectId: project.id } });
  d.log(`plan: ${plan.counts.total} cases, ${plan.counts.selected} selected; accepted as ${accepted.created.length} tests\n`);

  const before = d.target.store();
  const trigger = await client.call(runProject, { params: { projectId: project.id }, body: {} });
  d.log(`running ${trigger.runs.length} tests in ${trigger.waves.length} waves (batch ${trigger.batchId}) …\n`);
  const batch = await waitForBatch(client, trigger.batchId, { label: 'backend', log: d.log, timeoutMs: 300_000 });
  const after = d.target.store();

  const problems: string[] = [];
  const check = checkFailures(batch.runs);
  const failed = batch.runs.filter((r) => r.status !== 'passed');
  d.out(`results (batch ${batch.batchId}, ${batch.runs.length} tests in ${batch.waves.length} waves): ${statusCounts(batch.runs.map((r) => r.status))}\n`);
  if (check.expected) d.out(`${failed.length} failures, all expected: the sample API's planted defects (all ${PLANTED_DEFECTS.length} found)\n`);
  else {
    for (const u of check.unexpected) problems.push(`backend: unexpected result: ${u}`);
    for (const m of check.missed) problems.push(`backend: the planted defect on ${m.endpoint} (${m.what}) was not found`);
    d.out(`${failed.length} failures, NOT as expected (${check.unexpected.length} unexpected, ${check.missed.length} planted defects missed)\n`);
  }
  d.out(`\nChecks (README, "The check catalogue"): cases asserting each, and failures by check\n${checksTable(plan.cases.flatMap((c) => (c.backend ? [{ selected: c.selected, expect: c.backend.expect }] : [])), await client.call(getBatchTriage, { params: { batchId: batch.batchId } }))}`);
  await printFailures(client, d, failed);
  if (batch.variables.length) d.out(`\nDynamic variables\n${variablesTable(batch)}`);

  const c = batch.cleanup;
  d.out(`\ncleanup: ${c.deleted} deleted, ${c.alreadyGone} already gone, ${c.failed} failed, ${c.orphaned} might be orphaned\n`);
  for (const r of c.records.filter((x) => x.status === 'orphaned')) d.out(`  Might be orphaned: ${r.resourcePath} (id ${r.resourceId}, from ${r.sourceEndpoint}; the API has no DELETE for it)\n`);
  for (const r of c.records.filter((x) => x.status === 'failed')) d.out(`  Cleanup failed: ${r.resourcePath} (${r.deleteEndpoint ?? 'no DELETE'} answered ${r.responseStatus ?? 'nothing'})\n`);
  const restored = (['users', 'posts', 'comments'] as const).every((k) => JSON.stringify(before[k]) === JSON.stringify(after[k]));
  d.out(`target after cleanup: users, posts and comments ${restored ? 'exactly as before the run' : 'NOT as before the run'}; tags +${after.tags.length - before.tags.length} (no DELETE for tags)\n`);
  if (c.status !== 'done' || c.failed) problems.push(`backend: cleanup ${c.status} with ${c.failed} failed deletes`);
  if (!restored) problems.push("backend: the target's users, posts or comments differ from before the run");
  d.out(`portal: ${project.dashboardUrl}\n`);
  return { ok: problems.length === 0, problems, portalUrl: project.dashboardUrl };
}

/** How many selected cases assert each check of the catalogue, and how many of them failed on it. */
function checksTable(cases: { selected: boolean; expect: { status: number[]; checks: string[] } }[], triage: BatchTriage): string {
  const asserted = new Map<string, number>();
  for (const c of cases.filter((x) => x.selected)) {
    for (const check of new Set([...(c.expect.status.length ? ['status'] : []), ...c.expect.checks.map((k) => k.split(':')[0]!)])) asserted.set(check, (asserted.get(check) ?? 0) + 1);
  }
  const failed = new Map<string, number>();
  for (const g of triage.groups) failed.set(g.check, (failed.get(g.check) ?? 0) + g.count);
  const rows = [...new Set([...asserted.keys(), ...failed.keys()])].sort((a, b) => (asserted.get(b) ?? 0) - (asserted.get(a) ?? 0) || a.localeCompare(b));
  return renderTable(['CHECK', 'CASES', 'FAILED'], rows.map((k) => [k, String(asserted.get(k) ?? 0), String(failed.get(k) ?? 0)]));
}

/** Each failed run with the server's analysis (GET /runs/{runId}/result?includeAnalysis=true). */
async function printFailures(client: ApiClient, d: DemoContext, failed: BatchView['runs']): Promise<void> {
  for (const r of failed) {
    const res = await client.call(getRunResult, { params: { runId: r.runId }, query: { includeAnalysis: 'true' } });
    const a = res.analysis;
    const defect = defectOf(r.testName);
    d.out(`\n${r.status.toUpperCase()}  ${r.testName}  (${r.runId})\n`);
    d.out(`  failureKind: ${a?.failureKind ?? res.failureKind ?? '-'}${a ? ` (fix target: ${a.recommendedFixTarget})` : ''}\n`);
    if (a?.failingCall) d.out(`  failingCall: ${a.failingCall.method} ${a.failingCall.path} → ${a.failingCall.status ?? 'no answer'}\n`);
    d.out(`  hypothesis:  ${oneLine(withoutSource(a?.rootCauseHypothesis ?? res.reason ?? '-'))}\n`);
    d.out(`  ${defect ? `expected:    yes, planted defect: ${defect.what}` : 'expected:    no, this is not one of the planted defects'}\n`);
  }
}

function variablesTable(b: BatchView): string {
  return renderTable(
    ['VARIABLE', 'VALUE', 'CAPTURED FROM', 'USED BY', 'DELETED BY'],
    b.variables.map((v) => [v.name, JSON.stringify(v.value), v.capturedFrom.testName, short(v.usedBy.map((u) => u.testName)), v.deletedBy ?? '-']),
  );
}

/** A generated suite can use one variable in dozens of tests: name a few and count the rest. */
function short(names: string[]): string {
  if (!names.length) return '-';
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2} more`;
}

/** The analysis quotes the failing assert's source; the summary keeps its message, which says the same in words. */
function withoutSource(s: string): string {
  return s.replace(/`[^`]*`(?: \(line \d+\))?:? ?/, '');
}

function oneLine(s: string, max = 240): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
