import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import type { CliPlanInput } from '../../../src/contract/test-fields.js';
import { loadCodeFile, loadPlanFile } from '../../../src/ops/plan-files.js';
import { assertTestCreate, testCreate } from '../../../src/ops/test-create.js';
import { addRunOptions, checkRunOptions, renderCreatedRun, runCreated } from './create-run.js';
import { reportToCi } from './ci.js';
import { collect } from '../../flags.js';
import { idempotencyOption, requireClean } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderCreated } from './render.js';

const DRY_PLAN: CliPlanInput = { projectId: 'prj_0000000000sample', type: 'frontend', name: 'Sample plan', planSteps: [{ type: 'action', description: 'Open the starting URL' }] };

export function registerTestCreate(group: Command, rt: Runtime): void {
  const cmd = group
    .command('create')
    .description('create one test: backend from --code-file (Python) or frontend from --plan-from (a JSON plan file)')
    .addHelpText('after', `
Examples:
  svc test create --project prj_1 --type backend --name "List items" --code-file tests/list_items.py
  svc test create --plan-from plan.json --run --wait
    plan.json: {"projectId": "prj_1", "type": "frontend", "name": "Add a todo",
                "planSteps": [{"type": "action", "description": "Type \\"milk\\" into \\"New item\\" and press Enter"},
                              {"type": "assertion", "description": "The list shows \\"milk\\""}]}
`)
    .option('--project <id>', 'project id (code-file path)')
    .addOption(new Option('--type <type>', 'frontend or backend (code-file path: backend)').choices(['frontend', 'backend']))
    .option('--name <name>', 'test name, at most 200 characters')
    .option('--code-file <path>', 'backend Python file, at most 350 KB')
    .option('--plan-from <path>', 'frontend plan file, at most 256 KB; then --project/--type/--name/--description/--priority are ignored')
    .option('--description <text>', 'up to 2000 characters')
    .addOption(new Option('--priority <p>', 'priority').choices(['p0', 'p1', 'p2', 'p3']))
    .option('--produces <var>', 'backend: a variable this test captures (repeatable)', collect)
    .option('--needs <var>', 'backend: a variable this test uses (repeatable)', collect)
    .option('--category <str>', 'backend: wave category; teardown or cleanup run in the final wave');
  addRunOptions(cmd);
  idempotencyOption(cmd, 'same key + same input returns the same test; another input is a conflict (exit 6)').action(async (o) => {
    if (o.codeFile && o.planFrom) throw new SvcError('VALIDATION_ERROR', '--code-file and --plan-from are mutually exclusive');
    if (!o.codeFile && !o.planFrom) throw new SvcError('VALIDATION_ERROR', 'give --code-file (backend) or --plan-from (frontend)');
    const dry = rt.globals().dryRun;
    let input: Record<string, unknown>;
    if (o.planFrom) {
      const ignored = (['project', 'type', 'name', 'description', 'priority'] as const).filter((k) => o[k] !== undefined);
      if (ignored.length) rt.advise(`--plan-from given: ignoring ${ignored.map((k) => `--${k}`).join(', ')} (the plan file decides)`);
      const plan = dry ? DRY_PLAN : requireClean(loadPlanFile(o.planFrom, rt.io.cwd))[0]!;
      input = { projectId: plan.projectId, type: 'frontend', name: plan.name, description: plan.description, priority: plan.priority, planSteps: plan.planSteps };
      for (const k of ['produces', 'needs', 'category'] as const) {
        if (o[k] !== undefined) throw new SvcError('VALIDATION_ERROR', `--${k} applies only to backend tests created with --code-file`);
      }
    } else {
      const missing = (['project', 'type', 'name'] as const).filter((k) => !o[k]);
      if (missing.length) throw new SvcError('VALIDATION_ERROR', `--code-file needs ${missing.map((k) => `--${k}`).join(', ')}`);
      const code = dry ? 'def test_sample():\n    assert True\n' : requireClean(loadCodeFile(o.codeFile, rt.io.cwd, rt.io.env))[0]!;
      input = { projectId: o.project, type: o.type, name: o.name, description: o.description, priority: o.priority, code, produces: o.produces, consumes: o.needs, category: o.category };
    }
    checkRunOptions(o);
    assertTestCreate(input);
    const created = await rt.exec(testCreate, { ...input, idempotencyKey: o.idempotencyKey });
    if (!o.run) return rt.emit(created, renderCreated);
    const run = await runCreated(rt, [{ projectId: String(input.projectId), testId: created.testId }], o);
    rt.emit({ ...created, run }, (x) => `${renderCreated(x)}${renderCreatedRun(x.run)}`);
    await reportToCi(rt, run.batches.map((b) => b.wait));
  });
}
