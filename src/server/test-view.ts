import { SvcError } from '../contract/errors.js';
import type { Test, TestCreated } from '../contract/tests.js';
import type { PlanStep, Priority } from '../contract/test-fields.js';
import type { z } from 'zod';
import { parseJson } from '../store/db.js';
import { findTest, type TestRow } from '../store/repos/tests.js';
import type { ServerDeps } from './context.js';
import { authorOf } from './project-view.js';
import type { Surface } from '../contract/common.js';

export function testDashboardUrl(deps: ServerDeps, testId: string): string {
  return `${deps.config.publicUrl}/portal/tests/${testId}`;
}

/** The caller's test or a 404. */
export async function ownTest(deps: ServerDeps, userId: string, testId: string): Promise<TestRow> {
  const t = await findTest(deps.store.db, userId, testId);
  if (!t) throw new SvcError('NOT_FOUND', `test '${testId}' not found`, { nextAction: "List the project's tests with 'svc test list --project <id>'." });
  return t;
}

/** The record of SPEC.md 2.2; `details` (plan steps or code summary) only for `test get`. */
export function testView(deps: ServerDeps, r: TestRow, withDetails: boolean): Test {
  const steps = parseJson<PlanStep[] | null>(r.plan_steps, null);
  const t: Test = {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    type: r.type,
    createdFrom: authorOf(r.created_from as Surface),
    status: r.status as Test['status'],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    description: r.description,
    codeVersion: r.code_version,
    lastRunId: r.last_run_id,
    dashboardUrl: testDashboardUrl(deps, r.id),
  };
  if (r.project_name !== undefined) t.projectName = r.project_name;
  if (r.priority) t.priority = r.priority as z.infer<typeof Priority>;
  if (r.type === 'frontend') {
    t.planStepCount = steps?.length ?? 0;
    if (withDetails) t.details = { planSteps: steps ?? [] };
  } else {
    const produces = parseJson<string[]>(r.produces, []);
    const consumes = parseJson<string[]>(r.consumes, []);
    // Echoed only when declared, as SPEC.md 2.2 says of tests with dependency declarations.
    if (produces.length) t.produces = produces;
    if (consumes.length) t.consumes = consumes;
    if (r.category) t.category = r.category;
    if (withDetails) t.details = { language: 'python', codeBytes: Buffer.byteLength(r.code ?? '', 'utf8') };
  }
  return t;
}

export function createdView(deps: ServerDeps, r: TestRow): TestCreated {
  return { testId: r.id, type: r.type, codeVersion: r.code_version, createdAt: r.created_at, dashboardUrl: testDashboardUrl(deps, r.id) };
}
