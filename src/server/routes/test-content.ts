import { SvcError } from '../../contract/errors.js';
import { etagFor, getTestCode, putTestCode, putTestPlan, versionFromIfMatch } from '../../contract/test-content.js';
import { planJsonSchema } from '../../contract/test-fields.js';
import { putCode, putPlan } from '../../store/repos/tests.js';
import type { RouteRegistrar } from '../routes.js';
import { ownTest } from '../test-view.js';
import { exportPlaywright } from '../../engine/frontend/export.js';
import type { ResolvedScript } from '../../engine/frontend/types.js';

/** Name of the harness a backend test's code is written against (DESIGN.md 7). */
const FRAMEWORK = 'svc-python-harness';

export const registerTestContent: RouteRegistrar = (app, { mount }) => {
  mount(app, getTestCode, async ({ params, auth, deps, c }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    if (t.type !== 'backend') {
      // A frontend test's code is its resolved script, exported as a runnable Playwright test.
      const script = t.resolved_script ? (JSON.parse(t.resolved_script) as ResolvedScript) : null;
      if (!script) {
        throw new SvcError('NOT_FOUND', `frontend test '${t.id}' has no resolved script yet: it is saved by its first passing run`, { nextAction: `Run it with 'svc test run ${t.id} --wait', then export again.` });
      }
      if (script.complete === false) {
        throw new SvcError('NOT_FOUND', `frontend test '${t.id}' has a resolved script for ${script.steps.length} step(s) only, saved by a failing run: the full script is saved by a passing run`, { nextAction: `Fix the failing step (see 'svc test result ${t.id} --include-analysis'), run it again with 'svc test run ${t.id} --wait', then export again.` });
      }
      const ex = exportPlaywright(script, t.name);
      return { testId: t.id, language: ex.language, framework: ex.framework, code: ex.code, codeVersion: t.code_version, filename: ex.filename };
    }
    c.header('ETag', etagFor(t.code_version));
    return { testId: t.id, language: 'python' as const, framework: FRAMEWORK, code: t.code ?? '', codeVersion: t.code_version };
  });

  mount(app, putTestCode, async ({ params, body, auth, deps, c }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    if (t.type !== 'backend') {
      throw new SvcError('VALIDATION_ERROR', `test '${t.id}' is a frontend test: it has plan steps, not code`, { nextAction: "Use 'svc test plan put <id> --steps FILE'." });
    }
    const ifMatch = c.req.header('if-match');
    const expected = ifMatch === undefined ? 'any' : versionFromIfMatch(ifMatch);
    if (expected === null) throw new SvcError('VALIDATION_ERROR', `If-Match: '${ifMatch}' is not an ETag of this API (expected "v<codeVersion>")`);
    const res = await putCode(deps.store.db, t.id, body.code, expected === 'any' ? undefined : expected);
    if (!res) {
      const now = await ownTest(deps, auth.userId, t.id);
      throw new SvcError('PRECONDITION_FAILED', `code changed since version ${expected}: the current codeVersion is ${now.code_version}; nothing was written`, {
        nextAction: `Fetch it with 'svc test code get ${t.id}', merge your change, and retry with --expected-version ${now.code_version}.`,
        details: { currentVersion: now.code_version },
      });
    }
    c.header('ETag', etagFor(res.codeVersion));
    return { testId: t.id, ...res };
  });

  mount(app, putTestPlan, async ({ params, body, auth, deps }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    if (t.type !== 'frontend') {
      throw new SvcError('VALIDATION_ERROR', `test '${t.id}' is a backend test: it has code, not plan steps`, { nextAction: "Use 'svc test code put <id> --code-file FILE'." });
    }
    const res = await putPlan(deps.store.db, t.id, body.planSteps);
    return { testId: t.id, planStepCount: body.planSteps.length, ...res };
  });

  // The plan file's JSON Schema, for editors and for plan files that name it in "$schema".
  app.get('/schemas/plan.schema.json', (c) => c.json(planJsonSchema()));
};
