import { acceptPlan as acceptPlanEndpoint, editPlan as editPlanEndpoint, generatePlan as generatePlanEndpoint, getPlan, selectPlan } from '../../contract/generation-endpoints.js';
import { getSpecs } from '../../store/repos/generation.js';
import { acceptPlan, editPlan, selectCases } from '../generation/plan-changes.js';
import { generatePlan, loadCases, planView } from '../generation/plans.js';
import { authorOf, ownProject } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import type { ServerDeps } from '../context.js';
import type { ProjectData } from '../../store/repos/projects.js';

async function current(deps: ServerDeps, p: ProjectData, o: { category?: string; changed?: string[]; summary?: string } = {}) {
  return planView(p, await getSpecs(deps.store.db, p.id), await loadCases(deps, p.id), o);
}

/** The per-project test plan (SPEC.md 1.1 step 5, 1.2 steps 5 and 9): draft, review, edit, accept. */
export const registerPlans: RouteRegistrar = (app, { mount }) => {
  mount(app, generatePlanEndpoint, async ({ params, body, auth, deps }) => generatePlan(deps, await ownProject(deps, auth.userId, params.projectId), body.instructions));

  mount(app, getPlan, async ({ params, query, auth, deps }) => current(deps, await ownProject(deps, auth.userId, params.projectId), { category: query.category }));

  mount(app, editPlanEndpoint, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    return current(deps, p, await editPlan(deps, p, body.instruction, body.caseId));
  });

  mount(app, selectPlan, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const changed = await selectCases(deps, p, body);
    return current(deps, p, { changed, summary: `${body.selected ? 'selected' : 'deselected'} ${changed.length} case(s)` });
  });

  mount(app, acceptPlanEndpoint, async ({ params, auth, deps, surface }) => acceptPlan(deps, await ownProject(deps, auth.userId, params.projectId), auth.userId, authorOf(surface)));
};
