import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../client/http.js';
import { SvcError } from '../contract/errors.js';
import { acceptPlan, generatePlan, getExploration, putPrd, selectPlan, startExploration } from '../contract/generation-endpoints.js';
import type { Exploration } from '../contract/generation.js';
import { createProject } from '../contract/projects.js';
import { runProject } from '../contract/runs.js';
import { renderTable } from '../output/table.js';
import { statusCounts, waitForBatch } from './batch.js';
import type { DemoContext, PartOutcome } from './context.js';

/** The web app's page that answers 500 on purpose: its feature fails exploring and its case is left out. */
const BROKEN_FEATURE = 'nav-reports';

/**
 * The frontend lifecycle as `svc` drives it: project with a test account → PRD → exploration of the
 * live app in Chromium → plan (without the broken page and the PRD-only cases) → accept → run, then
 * each run's screenshots and video. A server without a browser skips this part and says why.
 */
export async function runFrontendPart(client: ApiClient, d: DemoContext): Promise<PartOutcome> {
  d.out('\n== Frontend: the sample web app, explored and tested in Chromium ==\n');
  const w = d.web;
  const project = await client.call(createProject, { body: { type: 'frontend', name: 'Demo: sample web app', url: w.url, username: w.username, password: w.password } });
  d.log(`created frontend project ${project.id} for ${w.url} (test account ${w.username})\n`);
  const prd = await client.call(putPrd, { params: { projectId: project.id }, body: { filename: 'web-app-prd.md', content: readFileSync(join(d.fixturesDir, 'prd', 'web-app-prd.md'), 'utf8') } });
  d.log(`PRD: ${prd.featureMap?.features.length ?? 0} features extracted\n`);

  let started: Exploration;
  try {
    started = await client.call(startExploration, { params: { projectId: project.id }, body: {} });
  } catch (err) {
    if (err instanceof SvcError && err.code === 'UNAVAILABLE') {
      const why = `${err.message} (${err.nextAction})`;
      d.out(`frontend part skipped: ${why}\n`);
      return { ok: true, problems: [], portalUrl: project.dashboardUrl, skipped: why };
    }
    throw err;
  }
  const e = await waitForExploration(client, project.id, started.id, d.log);
  const problems: string[] = [];
  d.out(`exploration ${e.id}: ${e.status}, signed in: ${e.signedIn ? 'yes' : 'no'}; ${statusCounts(e.features.map((f) => f.status))}\n`);
  d.out(renderTable(['FEATURE', 'NAME', 'STATUS', 'URL', 'NOTE'], e.features.map((f) => [f.id, f.name, f.status, f.url || '-', note(f.id, f.status, f.reason)])));
  if (e.status !== 'done') problems.push(`frontend: exploration ${e.status}: ${e.error ?? 'no reason given'}`);
  for (const f of e.features.filter((x) => x.status !== 'done' && !expectedNotDone(x.id))) problems.push(`frontend: feature ${f.id} ${f.status}: ${f.reason ?? ''}`);

  const plan = await client.call(generatePlan, { params: { projectId: project.id }, body: {} });
  if (plan.cases.some((c) => c.id === `case-${BROKEN_FEATURE}`)) await client.call(selectPlan, { params: { projectId: project.id }, body: { selected: false, caseIds: [`case-${BROKEN_FEATURE}`] } });
  // PRD fallbacks quote requirements that need rewriting into steps before they can run.
  if (plan.cases.some((c) => c.category === 'prd')) await client.call(selectPlan, { params: { projectId: project.id }, body: { selected: false, category: 'prd' } });
  const accepted = await client.call(acceptPlan, { params: { projectId: project.id } });
  d.log(`plan: ${plan.counts.total} cases; ${BROKEN_FEATURE} and PRD-only cases deselected; accepted ${accepted.created.length} tests\n`);

  const trigger = await client.call(runProject, { params: { projectId: project.id }, body: {} });
  const batch = await waitForBatch(client, trigger.batchId, { label: 'frontend', log: d.log, timeoutMs: 300_000 });
  d.out(`\nresults (batch ${batch.batchId}, ${batch.runs.length} tests): ${statusCounts(batch.runs.map((r) => r.status))}\n`);
  for (const r of batch.runs) {
    d.out(`\n${r.status.toUpperCase()}  ${r.testName}  (${r.runId}, ${r.steps.passed}/${r.steps.total} steps passed)\n`);
    if (r.reason) d.out(`  reason:      ${r.reason}\n`);
    const files = recordings(d.artifactsDir, r.runId);
    const [first, ...rest] = files.screenshots;
    d.out(`  screenshots: ${first ? `${first}${rest.length ? ` … ${basename(rest[rest.length - 1]!)}` : ''} (${files.screenshots.length})` : 'none'}\n`);
    d.out(`  video:       ${files.video ?? 'not recorded (the run page says why)'}\n`);
    d.out(`  portal:      ${r.dashboard}\n`);
    if (r.status !== 'passed') problems.push(`frontend: ${r.testName} ${r.status}${r.reason ? `: ${r.reason}` : ''}`);
    if (!files.screenshots.length) problems.push(`frontend: ${r.testName} has no screenshots`);
  }
  if (d.temporaryData) d.out('\n(the data directory is temporary and removed at exit: pass --data-dir DIR or --keep to look at these files afterwards)\n');
  d.out(`portal: ${project.dashboardUrl}\n`);
  return { ok: problems.length === 0, problems, portalUrl: project.dashboardUrl };
}

async function waitForExploration(client: ApiClient, projectId: string, explorationId: string, log: (s: string) => void): Promise<Exploration> {
  const seen = new Map<string, string>();
  const deadline = Date.now() + 300_000;
  for (;;) {
    const e = await client.call(getExploration, { params: { projectId, explorationId } });
    for (const f of e.features) {
      if (seen.get(f.id) !== f.status) log(`  … exploring: ${f.id} ${f.status}\n`);
      seen.set(f.id, f.status);
    }
    if (e.status !== 'running') return e;
    if (Date.now() > deadline) throw new SvcError('TIMEOUT', `exploration ${explorationId} did not finish within 300s`, { nextAction: 'Look at it with svc project exploration.' });
    await sleep(700);
  }
}

/** The broken page, and PRD features the app has no page of its own for (their cases are PRD fallbacks). */
function expectedNotDone(id: string): boolean {
  return id === BROKEN_FEATURE || id.startsWith('prd-');
}

function note(id: string, status: string, reason?: string): string {
  const why = reason ? truncate(reason, 90) : '-';
  if (status === 'done') return why;
  if (id === BROKEN_FEATURE) return `expected (the app's broken page): ${why}`;
  if (id.startsWith('prd-')) return `expected (PRD only): ${why}`;
  return why;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** A run's recordings in the service's artifacts directory: steps/step-NNN.jpg and video.webm. */
function recordings(artifactsDir: string, runId: string): { screenshots: string[]; video?: string } {
  const dir = join(artifactsDir, 'runs', runId);
  const steps = join(dir, 'steps');
  const screenshots = existsSync(steps) ? readdirSync(steps).filter((f) => /\.(jpe?g|png)$/.test(f)).sort().map((f) => join(steps, f)) : [];
  const video = join(dir, 'video.webm');
  return { screenshots, video: existsSync(video) ? video : undefined };
}
