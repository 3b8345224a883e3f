import type { Selectable } from 'kysely';
import { SvcError } from '../contract/errors.js';
import type { TriggerResult } from '../contract/runs.js';
import { parseJson } from '../store/db.js';
import type { Db } from '../store/schema.js';
import type { TestsTable } from '../store/schema-projects.js';
import { ROWS_PER_STATEMENT, lastVerdict, setTestStatus } from '../store/repos/runs.js';
import { newId, nowIso } from '../util/ids.js';
import { assemble, closure, closureMessage, type PlanTest, type Role } from './plan.js';
import { chargeRuns } from './charge.js';

type TestRow = Selectable<TestsTable>;

export interface TriggerRequest {
  userId: string;
  keyId: string;
  source: string;
  projectId: string;
  /** single: one test (+closure); project: several tests of one project. */
  kind: 'single' | 'project';
  testIds?: string[];
  filter?: string;
  statuses?: string[];
  skipTerminal?: boolean;
  rerun: boolean;
  skipDependencies: boolean;
  targetUrl?: string;
  /** Frontend tests can run here (a browser is available). */
  frontendAvailable: boolean;
  /** Extra batch kind label (e.g. flaky). */
  label?: string;
  replay?: boolean;
  /** The id of the (first) batch, chosen by the caller: the scheduler records it before the batch exists. */
  batchId?: string;
}

const TERMINAL = new Set(['passed', 'failed', 'blocked', 'cancelled']);

export function toPlanTest(t: TestRow): PlanTest {
  return { id: t.id, name: t.name, type: t.type, produces: parseJson(t.produces, []), needs: parseJson(t.consumes, []), category: t.category };
}

/**
 * Turns a trigger into a queued batch: selection, dependency closure, cycle check (nothing is
 * created when the chain cannot be assembled), waves, one queued run per test.
 */
export async function createBatch(db: Db, req: TriggerRequest): Promise<TriggerResult> {
  return (await createBatches(db, req, 1))[0]!;
}

/**
 * `count` identical batches of one trigger (flaky replays), planned once and created in one
 * transaction together with their charge: either all exist and are paid for, or none.
 */
export async function createBatches(db: Db, req: TriggerRequest, count: number): Promise<TriggerResult[]> {
  const project = await db.selectFrom('projects').select(['id', 'url', 'type']).where('id', '=', req.projectId).where('user_id', '=', req.userId).executeTakeFirst();
  if (!project) throw new SvcError('NOT_FOUND', `project ${req.projectId} not found`, { nextAction: "List your projects with 'svc project list'." });
  const all = await db.selectFrom('tests').selectAll().where('project_id', '=', project.id).orderBy('id').execute();
  const byId = new Map(all.map((t) => [t.id, t]));

  let selected: TestRow[];
  if (req.testIds?.length) {
    selected = req.testIds.map((id) => {
      const t = byId.get(id);
      if (!t) throw new SvcError('NOT_FOUND', `test ${id} not found in project ${project.id}`, { nextAction: `List tests with 'svc test list --project ${project.id}'.` });
      return t;
    });
  } else selected = all;
  const explicit = !!req.testIds?.length;
  if (req.filter) selected = selected.filter((t) => t.name.toLowerCase().includes(req.filter!.toLowerCase()));
  if (req.statuses?.length) selected = selected.filter((t) => req.statuses!.includes(t.status));
  if (req.skipTerminal) selected = selected.filter((t) => !TERMINAL.has(t.status));

  const skippedFrontend: TriggerResult['skippedFrontend'] = [];
  if (!req.frontendAvailable) {
    for (const t of selected.filter((x) => x.type === 'frontend')) skippedFrontend.push({ testId: t.id, testName: t.name });
    selected = selected.filter((t) => t.type !== 'frontend');
  }
  if (!selected.length) {
    throw new SvcError('VALIDATION_ERROR', skippedFrontend.length ? 'only frontend tests matched, and this server has no browser to run them' : 'no tests match this selection', {
      nextAction: skippedFrontend.length ? 'Install chromium on the server or set SVC_BROWSER_WS_ENDPOINT.' : `List tests with 'svc test list --project ${project.id}'.`,
      // Clients that created these tests report them as skipped instead of failing the create.
      details: skippedFrontend.length ? { skippedFrontend } : undefined,
    });
  }

  const plans = all.map(toPlanTest);
  let roles: Record<string, Role>;
  if (req.skipDependencies) roles = Object.fromEntries(selected.map((t) => [t.id, 'selected' as Role]));
  else {
    const c = closure(plans.filter((p) => req.frontendAvailable || p.type !== 'frontend'), selected.map((t) => t.id), { cascade: req.rerun });
    roles = c.roles;
  }
  if (!explicit && req.kind === 'project') for (const t of selected) roles[t.id] = 'member';
  const members = all.filter((t) => roles[t.id]);
  const plan = assemble(members.map(toPlanTest));

  const notes = plan.duplicates.map((d) => `variable '${d.name}' has ${d.others.length + 1} producers; using "${byId.get(d.chosen)!.name}" (${d.chosen}) consistently; refine the other producer(s) to disambiguate`);
  for (const [name, consumers] of Object.entries(plan.unproduced)) {
    if (!req.skipDependencies) notes.push(`no test produces '${name}', needed by ${consumers.map((c) => `"${byId.get(c)!.name}"`).join(', ')}: they will be blocked with 'Variable not found'`);
  }

  const now = nowIso();
  const targetUrl = req.targetUrl ?? null;
  const batchIds = Array.from({ length: count }, (_, i) => (i === 0 && req.batchId) || newId('bat'));
  await db.transaction().execute(async (trx) => {
    const rows = batchIds.flatMap((batchId) =>
      members.map((t) => ({ batchId, runId: newId('run'), t, replay: req.replay ?? (req.rerun && t.type === 'frontend' && !!t.resolved_script) })),
    );
    // Charged first and in the same transaction: a refused charge leaves nothing behind.
    const charge = await chargeRuns(trx, { keyId: req.keyId, userId: req.userId, items: rows.map((r) => ({ runId: r.runId, type: r.t.type, replay: r.replay })), now });
    for (const batchId of batchIds) {
      await trx
        .insertInto('batches')
        .values({
          id: batchId,
          user_id: req.userId,
          key_id: req.keyId,
          project_id: project.id,
          kind: req.label ?? (req.rerun ? 'rerun' : req.kind === 'single' ? 'single' : 'all'),
          status: 'queued',
          phase: 'queued',
          source: req.source,
          options: JSON.stringify({ targetUrl: req.targetUrl, skipDependencies: req.skipDependencies, filter: req.filter, rerun: req.rerun, ...(count > 1 ? { series: batchIds } : {}) }),
          plan: JSON.stringify({ waves: plan.waves, roles, notes }),
          summary: null,
          error: null,
          created_at: now,
          started_at: null,
          finished_at: null,
        })
        .execute();
    }
    // Many rows a statement: a suite of hundreds of tests is created in a few statements, so the
    // transaction (which holds the API's thread) stays short.
    const values = rows.map(({ batchId, runId, t, replay }) => ({
      id: runId,
      batch_id: batchId,
      user_id: req.userId,
      project_id: project.id,
      test_id: t.id,
      test_name: t.name,
      test_type: t.type,
      role: roles[t.id]!,
      wave: plan.waveOf[t.id]!,
      status: 'queued',
      verdict: null,
      source: req.source,
      target_url: targetUrl ?? project.url,
      code_version: t.code_version,
      snapshot: t.type === 'backend' ? t.code : t.plan_steps,
      reason: null,
      failure: null,
      produced: null,
      consumed: null,
      api_output: null,
      trace: null,
      assertions: null,
      analysis: null,
      extra: null,
      replay: replay ? 1 : 0,
      credits: charge.perRun.get(runId) ?? 0,
      created_at: now,
      started_at: null,
      finished_at: null,
    }));
    for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) await trx.insertInto('runs').values(values.slice(i, i + ROWS_PER_STATEMENT)).execute();
    const ids = members.map((t) => t.id);
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) await trx.updateTable('tests').set({ status: 'queued' }).where('id', 'in', ids.slice(i, i + ROWS_PER_STATEMENT)).execute();
  });
  const out: TriggerResult[] = [];
  for (const batchId of batchIds) {
    const runs = await db.selectFrom('runs').select(['id', 'test_id', 'test_name', 'test_type', 'role', 'wave', 'status']).where('batch_id', '=', batchId).orderBy('wave').orderBy('test_id').execute();
    const primary = runs.find((r) => r.role === 'selected') ?? runs[0]!;
    out.push({
      batchId,
      projectId: project.id,
      runId: primary.id,
      status: 'queued',
      runs: runs.map((r) => ({ runId: r.id, testId: r.test_id, testName: r.test_name, type: r.test_type as 'backend', role: r.role as Role, wave: r.wave, status: 'queued' })),
      waves: plan.waves,
      message: req.rerun ? closureMessage(roles) : null,
      notes,
      skippedFrontend,
    });
  }
  return out;
}

/**
 * Undoes a batch that was created but must not run (a later part of the same request was refused):
 * its runs, their ledger rows and charge, and the tests' queued status all go back as they were.
 */
export async function discardBatch(db: Db, batchId: string): Promise<void> {
  const runs = await db.selectFrom('runs').select(['id', 'test_id']).where('batch_id', '=', batchId).execute();
  const batch = await db.selectFrom('batches').select(['key_id']).where('id', '=', batchId).executeTakeFirst();
  if (!batch) return;
  await db.transaction().execute(async (trx) => {
    if (runs.length) {
      const charged = await trx.selectFrom('usage').select(['credits']).where('run_id', 'in', runs.map((r) => r.id)).execute();
      const total = charged.reduce((t, c) => t + Number(c.credits), 0);
      await trx.deleteFrom('usage').where('run_id', 'in', runs.map((r) => r.id)).execute();
      if (total > 0) await trx.updateTable('api_keys').set((eb) => ({ credits: eb('credits', '+', total) })).where('id', '=', batch.key_id).where('credits', 'is not', null).execute();
    }
    await trx.deleteFrom('batches').where('id', '=', batchId).execute();
  });
  for (const r of runs) await setTestStatus(db, r.test_id, await lastVerdict(db, r.test_id));
}
