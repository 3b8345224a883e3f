import { SvcError } from '../../contract/errors.js';
import { getExploration, getLatestExploration, startExploration } from '../../contract/generation-endpoints.js';
import { findExploration, listExplorations } from '../../store/repos/generation.js';
import { explorationAlive, explorationView, startExploration as start } from '../generation/explorer.js';
import { requireFrontend } from '../generation/specs.js';
import { ownProject } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import type { ServerDeps } from '../context.js';
import type { ExplorationRow } from '../../store/repos/generation.js';

async function view(deps: ServerDeps, e: ExplorationRow) {
  return explorationView(e, await listExplorations(deps.store.db, e.project_id), deps, await explorationAlive(deps.store.db, e));
}

/** Frontend exploration (SPEC.md 1.1 step 4): started in the background, polled by id or as the latest. */
export const registerExplorations: RouteRegistrar = (app, { mount }) => {
  mount(app, startExploration, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    requireFrontend(p, 'Exploration');
    const row = await start(deps, p, auth.userId, body.only ?? []);
    return view(deps, row);
  });

  mount(app, getLatestExploration, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const all = await listExplorations(deps.store.db, p.id);
    const latest = all[all.length - 1];
    if (!latest) throw new SvcError('NOT_FOUND', `project '${p.id}' has not been explored yet`, { nextAction: `Start one with 'svc project explore ${p.id} --wait'.` });
    return view(deps, latest);
  });

  mount(app, getExploration, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const e = await findExploration(deps.store.db, p.id, params.explorationId);
    if (!e) throw new SvcError('NOT_FOUND', `exploration '${params.explorationId}' not found`, { nextAction: `See the latest with 'svc project exploration ${p.id}'.` });
    return view(deps, e);
  });
};
