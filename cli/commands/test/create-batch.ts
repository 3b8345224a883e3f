import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { loadPlanDir, loadPlansJsonl } from '../../../src/ops/plan-files.js';
import { testCreateBatch } from '../../../src/ops/test-create-batch.js';
import { renderTable } from '../../../src/output/table.js';
import { idempotencyOption, requireClean } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { addRunOptions, checkRunOptions, renderCreatedRun, runCreated } from './create-run.js';
import { reportToCi } from './ci.js';

export function registerTestCreateBatch(group: Command, rt: Runtime): void {
  const cmd = group
    .command('create-batch')
    .description('create up to 50 frontend tests at once (all or nothing), in input order')
    .option('--plans <path>', 'JSONL: one plan spec per line; at most 50 specs and 5 MB')
    .option('--plan-from-dir <dir>', 'directory of *.json plan files, taken in file-name order; at most 50 files and 5 MB');
  addRunOptions(cmd, true);
  idempotencyOption(cmd, 'batch-level: same key + same plans returns the same tests').action(async (o) => {
    if (!!o.plans === !!o.planFromDir) throw new SvcError('VALIDATION_ERROR', 'give exactly one of --plans or --plan-from-dir');
    checkRunOptions(o);
    const specs = rt.globals().dryRun
      ? [{ projectId: 'prj_0000000000sample', type: 'frontend' as const, name: 'Sample plan', planSteps: [{ type: 'action' as const, description: 'Open the starting URL' }] }]
      : requireClean(o.plans ? loadPlansJsonl(o.plans, rt.io.cwd) : loadPlanDir(o.planFromDir, rt.io.cwd));
    const r = await rt.exec(testCreateBatch, { specs, idempotencyKey: o.idempotencyKey });
    const table = (x: typeof r) => `${renderTable(['TEST ID', 'TYPE', 'CODE VERSION', 'CREATED'], x.created.map((c) => [c.testId, c.type, c.codeVersion, c.createdAt]))}created ${x.count} test(s)\n`;
    if (!o.run) return rt.emit(r, table);
    const run = await runCreated(rt, r.created.map((c, n) => ({ projectId: specs[n]!.projectId, testId: c.testId })), o);
    rt.emit({ ...r, run }, (x) => `${table(x)}${renderCreatedRun(x.run)}`);
    await reportToCi(rt, run.batches.map((b) => b.wait));
  });
}
