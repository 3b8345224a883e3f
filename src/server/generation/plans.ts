import type { FeatureMap, PlannedCase } from '../../contract/discovery.js';
import type { PlanCaseView, PlanView } from '../../contract/generation.js';
import { planBackendCases } from '../../discovery/planner.js';
import { draftPlans, type PlanCase, type PrdFeature } from '../../engine/frontend/plan.js';
import { parseJson } from '../../store/db.js';
import { getSpecs, listExplorations, listPlanCases, patchSpecs, replacePlanCases, type PlanCaseRow, type SpecsRow } from '../../store/repos/generation.js';
import type { ProjectData } from '../../store/repos/projects.js';
import { nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import { mergedFeatures } from './explorer.js';
import { featureMapOf, requireEndpoints } from './specs.js';

/** A stored case, decoded: the backend PlannedCase or the frontend PlanCase, plus its test. */
export type StoredCase = { id: string; selected: boolean; testId: string | null } & ({ type: 'backend'; backend: PlannedCase } | { type: 'frontend'; frontend: PlanCase });

export function decodeCase(r: PlanCaseRow): StoredCase {
  const base = { id: r.id, selected: !!r.selected, testId: r.test_id };
  return r.type === 'backend'
    ? { ...base, type: 'backend', backend: { ...(JSON.parse(r.data) as PlannedCase), selected: !!r.selected } }
    : { ...base, type: 'frontend', frontend: { ...(JSON.parse(r.data) as PlanCase), selected: !!r.selected } };
}

export function caseView(c: StoredCase): PlanCaseView {
  if (c.type === 'backend') {
    const b = c.backend;
    return { id: c.id, title: b.title, category: b.category, priority: b.priority, selected: c.selected, testId: c.testId, description: b.description, backend: b };
  }
  const f = c.frontend;
  return {
    id: c.id, title: f.title, category: f.source, priority: null, selected: c.selected, testId: c.testId,
    description: f.steps.map((s, i) => `${i + 1}. ${s.description}`).join(' ').slice(0, 2000),
    frontend: { featureId: f.featureId, source: f.source, steps: f.steps },
  };
}

export async function loadCases(deps: ServerDeps, projectId: string): Promise<StoredCase[]> {
  return (await listPlanCases(deps.store.db, projectId)).map(decodeCase);
}

export function planView(p: ProjectData, specs: SpecsRow | undefined, cases: StoredCase[], o: { category?: string; changed?: string[]; summary?: string } = {}): PlanView {
  const shown = o.category ? cases.filter((c) => caseView(c).category === o.category) : cases;
  const v: PlanView = {
    projectId: p.id, type: p.type, generatedAt: specs?.plan_generated_at ?? null, instructions: specs?.plan_instructions ?? null,
    warnings: parseJson<string[]>(specs?.plan_warnings, []), cases: shown.map(caseView),
    counts: { total: cases.length, selected: cases.filter((c) => c.selected).length, accepted: cases.filter((c) => c.selected && c.testId).length },
  };
  if (o.changed) v.changed = o.changed;
  if (o.summary) v.summary = o.summary;
  return v;
}

function prdFeatures(map: FeatureMap | null): PrdFeature[] {
  return (map?.features ?? []).map((f) => ({ name: f.name, description: f.description, useCases: f.useCases.map((u) => u.name) }));
}

/** Cases for a frontend project: explored features first, the PRD and the instruction for the rest. */
async function frontendCases(deps: ServerDeps, p: ProjectData, specs: SpecsRow | undefined, description: string | undefined): Promise<{ cases: PlanCase[]; warnings: string[] }> {
  const rows = await listExplorations(deps.store.db, p.id);
  const latest = rows[rows.length - 1];
  const features = latest ? mergedFeatures(rows, latest).map((x) => x.feature) : [];
  const warnings: string[] = [];
  if (!latest) warnings.push('the app has not been explored: cases come from the PRD and the project instruction');
  else if (latest.status === 'running') warnings.push(`exploration ${latest.id} is still running: cases use the features explored so far`);
  const cases = draftPlans({ features, prdFeatures: prdFeatures(featureMapOf(specs)), description });
  if (!cases.length) {
    warnings.push('nothing explored and no PRD: one smoke case for the project URL');
    cases.push({ id: 'case-home', title: 'Home page loads', featureId: 'home', source: 'description', selected: true, steps: [{ type: 'action', description: 'Open the app' }, { type: 'assertion', description: 'The page shows no error' }] });
  }
  return { cases, warnings };
}

/**
 * Drafts the plan and stores it, replacing the previous draft. A case whose id was accepted before
 * keeps its test, so accepting again does not duplicate it.
 */
export async function generatePlan(deps: ServerDeps, p: ProjectData, instructions: string | undefined): Promise<PlanView> {
  const db = deps.store.db;
  const focus = instructions ?? p.instruction ?? undefined;
  const previous = new Map((await listPlanCases(db, p.id)).map((r) => [r.id, r.test_id]));
  let stored: { id: string; data: unknown; selected: boolean; testId: string | null }[];
  let warnings: string[];
  if (p.type === 'backend') {
    const { row, endpoints } = await requireEndpoints(deps, p);
    const plan = planBackendCases(endpoints, { featureMap: featureMapOf(row) ?? undefined, instructions: focus });
    stored = plan.cases.map((c) => ({ id: c.id, data: c, selected: c.selected, testId: previous.get(c.id) ?? null }));
    warnings = plan.warnings;
  } else {
    const specs = await getSpecs(db, p.id);
    const plan = await frontendCases(deps, p, specs, focus);
    stored = plan.cases.map((c) => ({ id: c.id, data: c, selected: c.selected, testId: previous.get(c.id) ?? null }));
    warnings = plan.warnings;
  }
  await replacePlanCases(db, p.id, p.type, stored);
  const specs = await patchSpecs(db, p.id, { plan_instructions: focus ?? null, plan_warnings: JSON.stringify(warnings), plan_generated_at: nowIso() });
  return planView(p, specs, await loadCases(deps, p.id));
}
