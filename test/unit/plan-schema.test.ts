import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliPlanInput, planJsonSchema } from '../../src/contract/test-fields.js';
import { testScaffold } from '../../src/ops/test-scaffold.js';
import { loadCodeFile } from '../../src/ops/plan-files.js';
import { PLAN_SCHEMA_REF } from '../../src/ops/scaffold-templates.js';
import { ROOT, tempDir } from '../helpers/paths.js';
import { writeFileSync } from 'node:fs';
import type { OpContext } from '../../src/ops/op.js';

const ctx = (env: NodeJS.ProcessEnv = {}) => ({ env: { PATH: process.env.PATH, ...env }, cwd: tempDir() }) as unknown as OpContext;

describe('plan JSON Schema', () => {
  it('schemas/plan.schema.json is the one generated from the zod schema (node scripts/gen-plan-schema.mjs after a build)', () => {
    const file = JSON.parse(readFileSync(join(ROOT, 'schemas', 'plan.schema.json'), 'utf8'));
    expect(file).toEqual(planJsonSchema());
  });

  it('describes steps as {type: action|assertion, description} and 1 to 200 of them', () => {
    const s = planJsonSchema() as any;
    expect(s.required).toEqual(expect.arrayContaining(['projectId', 'type', 'name', 'planSteps']));
    expect(s.properties.planSteps).toMatchObject({ minItems: 1, maxItems: 200 });
    expect(s.$defs.PlanStep.properties.type.enum).toEqual(['action', 'assertion']);
    expect(s.properties.name.maxLength).toBe(200);
  });

  it('the repo path the scaffold references exists', () => {
    expect(PLAN_SCHEMA_REF).toBe('./node_modules/svc/schemas/plan.schema.json');
    expect(readFileSync(join(ROOT, 'schemas/plan.schema.json'), 'utf8')).toContain('"PlanStep"');
  });
});

describe('test scaffold', () => {
  it('frontend: a valid CliPlanInput with $schema and the projectId from SVC_PROJECT_ID', async () => {
    const r = await testScaffold.run(ctx({ SVC_PROJECT_ID: 'prj_fromenv' }), { type: 'frontend' });
    const plan = JSON.parse(r.content);
    expect(plan.$schema).toBe(PLAN_SCHEMA_REF);
    expect(plan.projectId).toBe('prj_fromenv');
    expect(CliPlanInput.safeParse(plan).success).toBe(true);
    expect(r.schema).toBe(PLAN_SCHEMA_REF);
  });

  it('frontend: a placeholder projectId without SVC_PROJECT_ID', async () => {
    const r = await testScaffold.run(ctx(), { type: 'frontend' });
    expect(JSON.parse(r.content).projectId).toBe('prj_REPLACE_WITH_YOUR_PROJECT_ID');
  });

  it('backend: documents every harness global and passes the code-file lint (including a python3 compile)', async () => {
    const r = await testScaffold.run(ctx(), { type: 'backend' });
    for (const g of ['TARGET_URL', 'BASE_URL', '__AUTH_HEADERS__', '__AUTH_TYPE__', '__AUTH_CREDENTIAL__', 'VARS', 'produce(name, value)', 'urllib.request', 'requests']) {
      expect(r.content).toContain(g);
    }
    const dir = tempDir();
    writeFileSync(join(dir, 'test_api.py'), r.content);
    const lint = loadCodeFile('test_api.py', dir, process.env);
    expect(lint.issues).toEqual([]);
    writeFileSync(join(dir, 'bad.py'), 'def broken(:\n');
    expect(loadCodeFile('bad.py', dir, process.env).issues[0]?.reason).toMatch(/syntax error at line 1/i);
  });
});
