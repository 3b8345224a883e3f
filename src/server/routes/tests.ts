import { SvcError } from '../../contract/errors.js';
import { LIMITS, utf8Bytes } from '../../contract/test-fields.js';
import { createTest, createTestBatch, deleteTest, getTest, listTests, updateTest } from '../../contract/tests.js';
import * as repo from '../../store/repos/tests.js';
import type { ServerDeps } from '../context.js';
import { afterOf, nextTokenOf } from '../paging.js';
import { authorOf, ownProject } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import { createdView, ownTest, testView } from '../test-view.js';

/** A project holds exactly one test type (SPEC.md 1). */
async function projectFor(deps: ServerDeps, userId: string, projectId: string, type: 'frontend' | 'backend', field: string) {
  const p = await ownProject(deps, userId, projectId);
  if (p.type !== type) {
    throw new SvcError('VALIDATION_ERROR', `${field}: project '${p.id}' is a ${p.type} project and cannot hold a ${type} test`, {
      nextAction: `Create the test in a ${type} project (svc project list shows each project's TYPE).`,
    });
  }
  return p;
}

export const registerTests: RouteRegistrar = (app, { mount }) => {
  mount(app, listTests, async ({ query, auth, deps }) => {
    await ownProject(deps, auth.userId, query.projectId);
    const page = await repo.listTests(deps.store.db, auth.userId, {
      projectId: query.projectId, type: query.type, createdFrom: query.createdFrom, status: query.status,
      after: afterOf(query.startingToken), limit: query.pageSize,
    });
    return { items: page.items.map((r) => testView(deps, r, false)), nextToken: nextTokenOf(page.items, page.more) };
  });

  mount(app, getTest, async ({ params, auth, deps }) => testView(deps, await ownTest(deps, auth.userId, params.testId), true));

  mount(app, createTest, async ({ body, auth, deps, surface }) => {
    await projectFor(deps, auth.userId, body.projectId, body.type, 'projectId');
    const [row] = await repo.insertTests(deps.store.db, [{ ...body, userId: auth.userId, createdFrom: authorOf(surface) }]);
    return createdView(deps, row!);
  });

  mount(app, createTestBatch, async ({ body, auth, deps, surface }) => {
    const bytes = utf8Bytes(JSON.stringify(body.specs));
    if (bytes > LIMITS.batchBytes) {
      throw new SvcError('PAYLOAD_TOO_LARGE', `a batch must be at most ${LIMITS.batchBytes} bytes (5 MB); this one is ${bytes}`, { nextAction: 'Split the plans into several batches.' });
    }
    const checked = new Set<string>();
    for (const [i, s] of body.specs.entries()) {
      if (utf8Bytes(JSON.stringify(s)) > LIMITS.planBytes) throw new SvcError('VALIDATION_ERROR', `specs.${i}: a plan must be at most ${LIMITS.planBytes} bytes (256 KB)`);
      if (!checked.has(s.projectId)) await projectFor(deps, auth.userId, s.projectId, 'frontend', `specs.${i}.projectId`);
      checked.add(s.projectId);
    }
    const createdFrom = authorOf(surface);
    const rows = await repo.insertTests(
      deps.store.db,
      body.specs.map((s) => ({ projectId: s.projectId, userId: auth.userId, type: 'frontend' as const, name: s.name, description: s.description, priority: s.priority, planSteps: s.planSteps, createdFrom })),
    );
    return { created: rows.map((r) => createdView(deps, r)), count: rows.length };
  });

  mount(app, updateTest, async ({ params, body, auth, deps }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    if (t.type === 'frontend') {
      const backendOnly = (['produces', 'consumes', 'category'] as const).filter((k) => body[k] !== undefined);
      if (backendOnly.length) {
        throw new SvcError('VALIDATION_ERROR', `${backendOnly.join(', ')}: only backend tests declare produces, needs and category`, { nextAction: 'Drop those flags for a frontend test.' });
      }
    }
    await repo.updateTest(deps.store.db, t.id, body);
    return testView(deps, await ownTest(deps, auth.userId, t.id), true);
  });

  mount(app, deleteTest, async ({ params, auth, deps }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    await repo.deleteTest(deps.store.db, t.id);
    return { id: t.id, deleted: true as const };
  });
};
