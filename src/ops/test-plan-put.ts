import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanUpdated, putTestPlan } from '../contract/test-content.js';
import { PlanSteps } from '../contract/test-fields.js';
import { defineOp } from './op.js';

export const testPlanPut = defineOp({
  name: 'test.plan-put',
  title: "Replace a frontend test's plan",
  description: 'Replace planSteps (1 to 200 of {type: action|assertion, description}) of a frontend test. A backend test is refused (HTTP 400): use svc_test_code_put.',
  input: z.object({ testId: Id, planSteps: PlanSteps }),
  output: PlanUpdated,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => ({ testId: i.testId, planStepCount: i.planSteps.length, codeVersion: 2, updatedAt: '2025-01-01T00:00:00.000Z' }),
  run: (ctx, i) => ctx.client().call(putTestPlan, { params: { testId: i.testId }, body: { planSteps: i.planSteps } }),
});
