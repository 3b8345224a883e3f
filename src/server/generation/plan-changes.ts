import { providerFromEnv } from '../../ai/provider.js';
import { SvcError } from '../../contract/errors.js';
import type { PlannedCase } from '../../contract/discovery.js';
import type { PlanAccepted } from '../../contract/generation.js';
import { generateSuite } from '../../discovery/codegen.js';
import { applyCaseInstructionWithProvider } from '../../discovery/nl-edit.js';
import { editCase, EDIT_RULES, PlanEditError } from '../../engine/frontend/plan-edit.js';
import { replacePlanCases, updatePlanCase } from '../../store/repos/generation.js';
import type { ProjectData } from '../../store/repos/projects.js';
import { findTest, insertTests, type NewTest } from '../../store/repos/tests.js';
import type { ServerDeps } from '../context.js';
import { caseView, loadCases, type StoredCase } from './plans.js';
import { requireEndpoints } from './specs.js';

function requirePlan(p: ProjectData, cases: StoredCase[]): void {
  if (!cases.length) throw new SvcError('VALIDATION_ERROR', `project '${p.id}' has no plan yet`, { nextAction: `Draft one with 'svc plan generate --project ${p.id}'.` });
}

/** Applies a natural-language edit; returns the changed case ids and a summary. */
export async function editPlan(deps: ServerDeps, p: ProjectData, instruction: string, caseId: string | undefined): Promise<{ changed: string[]; summary: string }> {
  const cases = await loadCases(deps, p.id);
  requirePlan(p, cases);
  if (p.type === 'backend') {
    if (caseId) throw new SvcError('VALIDATION_ERROR', 'backend edits name their case or endpoint in the instruction; drop --case', { nextAction: 'e.g. "make post-users.duplicate p0" or "test GET /posts/{id} with an unknown id and expect 404".' });
    const { endpoints } = await requireEndpoints(deps, p);
    const tests = new Map(cases.map((c) => [c.id, c.testId]));
    const r = await applyCaseInstructionWithProvider(cases.map((c) => (c as Extract<StoredCase, { type: 'backend' }>).backend), endpoints, instruction, providerFromEnv());
    await replacePlanCases(deps.store.db, p.id, 'backend', r.cases.map((c: PlannedCase) => ({ id: c.id, data: c, selected: c.selected, testId: tests.get(c.id) ?? null })));
    return { changed: r.changed, summary: r.summary };
  }
  if (!caseId) throw new SvcError('VALIDATION_ERROR', 'a frontend edit applies to one case: pass --case <case-id>', { nextAction: `Case ids: ${cases.map((c) => c.id).slice(0, 20).join(', ')}` });
  const c = cases.find((x) => x.id === caseId);
  if (!c || c.type !== 'frontend') throw new SvcError('NOT_FOUND', `no case '${caseId}' in the plan`, { nextAction: `List the cases with 'svc plan list --project ${p.id}'.` });
  let next;
  try {
    next = editCase(c.frontend, instruction);
  } catch (e) {
    if (e instanceof PlanEditError) throw new SvcError('VALIDATION_ERROR', e.message, { nextAction: `Supported edits: ${EDIT_RULES.join('; ')}` });
    throw e;
  }
  if (!next.steps.length) throw new SvcError('VALIDATION_ERROR', 'the edit would leave the case without steps', { nextAction: 'Keep at least one step.' });
  await updatePlanCase(deps.store.db, p.id, c.id, { data: next, selected: next.selected });
  return { changed: [c.id], summary: `updated ${c.id}` };
}

/** Selects or deselects cases by id (all must exist) or by category. */
export async function selectCases(deps: ServerDeps, p: ProjectData, o: { selected: boolean; caseIds?: string[]; category?: string }): Promise<string[]> {
  const cases = await loadCases(deps, p.id);
  requirePlan(p, cases);
  let hits: StoredCase[];
  if (o.caseIds?.length) {
    const missing = o.caseIds.filter((id) => !cases.some((c) => c.id === id));
    if (missing.length) throw new SvcError('NOT_FOUND', `no case ${missing.map((m) => `'${m}'`).join(', ')} in the plan`, { nextAction: `List the cases with 'svc plan list --project ${p.id}'.` });
    hits = cases.filter((c) => o.caseIds!.includes(c.id));
  } else {
    hits = cases.filter((c) => caseView(c).category === o.category);
    if (!hits.length) throw new SvcError('NOT_FOUND', `no case of category '${o.category}' in the plan`, { nextAction: `Categories: ${[...new Set(cases.map((c) => caseView(c).category))].join(', ')}` });
  }
  for (const c of hits) {
    const data = c.type === 'backend' ? { ...c.backend, selected: o.selected } : { ...c.frontend, selected: o.selected };
    await updatePlanCase(deps.store.db, p.id, c.id, { data, selected: o.selected });
  }
  return hits.map((c) => c.id);
}

/**
 * One test per selected case, in plan order. A case that already has a (still existing) test keeps
 * it, so accepting twice creates nothing new.
 */
export async function acceptPlan(deps: ServerDeps, p: ProjectData, userId: string, createdFrom: string): Promise<PlanAccepted> {
  const cases = await loadCases(deps, p.id);
  requirePlan(p, cases);
  const selected = cases.filter((c) => c.selected);
  if (!selected.length) throw new SvcError('VALIDATION_ERROR', 'no case is selected', { nextAction: `Select cases with 'svc plan select --project ${p.id} <case-ids…>'.` });
  const existing: PlanAccepted['existing'] = [];
  const todo: StoredCase[] = [];
  for (const c of selected) {
    const t = c.testId ? await findTest(deps.store.db, userId, c.testId) : undefined;
    if (t) existing.push({ caseId: c.id, testId: t.id, name: t.name });
    else todo.push(c);
  }
  const specs: NewTest[] = [];
  // The case each spec comes from: the generator orders a suite's tests by how they run.
  const caseIds: string[] = [];
  if (p.type === 'backend' && todo.length) {
    const { endpoints } = await requireEndpoints(deps, p);
    for (const g of generateSuite(todo.map((c) => (c as Extract<StoredCase, { type: 'backend' }>).backend), endpoints)) {
      specs.push({ projectId: p.id, userId, type: 'backend', createdFrom, name: g.name.slice(0, 200), description: g.description, priority: g.priority, code: g.code, produces: g.produces, consumes: g.needs, category: g.category });
      caseIds.push(g.caseId);
    }
  } else {
    for (const c of todo) {
      const f = (c as Extract<StoredCase, { type: 'frontend' }>).frontend;
      specs.push({ projectId: p.id, userId, type: 'frontend', createdFrom, name: f.title.slice(0, 200), description: `Drafted from ${f.source} (feature ${f.featureId}).`, planSteps: f.steps });
      caseIds.push(c.id);
    }
  }
  const rows = specs.length ? await insertTests(deps.store.db, specs) : [];
  const created = rows.map((r, i) => ({ caseId: caseIds[i]!, testId: r.id, name: r.name }));
  for (const c of created) await updatePlanCase(deps.store.db, p.id, c.caseId, { testId: c.testId });
  const byCase = new Map([...existing, ...created].map((x) => [x.caseId, x.testId]));
  return { projectId: p.id, created, existing, testIds: selected.map((c) => byCase.get(c.id)!) };
}
