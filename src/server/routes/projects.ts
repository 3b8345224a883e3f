import { SvcError } from '../../contract/errors.js';
import { createProject, deleteProject, getProject, listProjects, setProjectCredential, updateProject } from '../../contract/projects.js';
import * as repo from '../../store/repos/projects.js';
import { deleteProjectFiles } from '../../store/project-files.js';
import { afterOf, nextTokenOf } from '../paging.js';
import { authorOf, ownProject, projectView, secretsOf } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import { assertTargetUrl } from '../../engine/target-guard.js';
import type { ServerDeps } from '../context.js';

const checkUrl = (deps: ServerDeps, url: string) => assertTargetUrl(deps.config.targetPolicy, url, 'url');

export const registerProjects: RouteRegistrar = (app, { mount }) => {
  mount(app, listProjects, async ({ query, auth, deps }) => {
    const page = await repo.listProjects(deps.store.db, secretsOf(deps), auth.userId, { after: afterOf(query.startingToken), limit: query.pageSize });
    return { items: page.items.map((p) => projectView(p, deps.config.publicUrl)), nextToken: nextTokenOf(page.items, page.more) };
  });

  mount(app, getProject, async ({ params, auth, deps }) => projectView(await ownProject(deps, auth.userId, params.projectId), deps.config.publicUrl));

  mount(app, createProject, async ({ body, auth, deps, surface }) => {
    if (body.type === 'frontend' && !body.url) {
      throw new SvcError('VALIDATION_ERROR', 'url: a frontend project needs a starting URL (--url)', { nextAction: 'Pass --url https://your-app.example.com.' });
    }
    const url = body.url === undefined ? undefined : await checkUrl(deps, body.url);
    const p = await repo.insertProject(deps.store.db, secretsOf(deps), { ...body, url, userId: auth.userId, createdFrom: authorOf(surface) });
    return projectView(p, deps.config.publicUrl);
  });

  mount(app, updateProject, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const url = body.url === undefined ? undefined : await checkUrl(deps, body.url);
    await repo.updateProject(deps.store.db, secretsOf(deps), p.id, { ...body, url });
    return projectView(await ownProject(deps, auth.userId, p.id), deps.config.publicUrl);
  });

  mount(app, deleteProject, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const testsDeleted = await repo.deleteProject(deps.store.db, p.id);
    // After the rows: a failure here leaves unreachable bytes, never a project without its files.
    await deleteProjectFiles(deps.store.artifacts, p.id);
    return { id: p.id, deleted: true as const, testsDeleted };
  });

  mount(app, setProjectCredential, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    if (p.type !== 'backend') {
      throw new SvcError('VALIDATION_ERROR', 'a static credential belongs to a backend project; a frontend project signs in with its test account', {
        nextAction: "Use 'svc project update <id> --username U --password-file F' for a frontend project.",
      });
    }
    await repo.updateProject(deps.store.db, secretsOf(deps), p.id, { credential: { type: body.type, value: body.value ?? null } });
    return projectView(await ownProject(deps, auth.userId, p.id), deps.config.publicUrl);
  });
};
