import type { Command } from 'commander';
import { EXIT } from '../../../src/contract/errors.js';
import { testLint, type LintReport } from '../../../src/ops/test-lint.js';
import type { Runtime } from '../../runtime.js';

export function registerTestLint(group: Command, rt: Runtime): void {
  group
    .command('lint')
    .description('offline: run the validators of test create over files and list every problem (exit 5 on any)')
    .option('--plan-from <file>', 'one frontend plan file')
    .option('--plan-from-dir <dir>', 'a directory of *.json plan files')
    .option('--plans <file>', 'JSONL plan specs')
    .option('--steps <file>', 'the planSteps file test plan put takes (an array or {planSteps})')
    .option('--code-file <file>', 'backend Python: size, not empty, compiles (when python3 is available)')
    .action(async (o) => {
      const r = await rt.exec(testLint, { planFrom: o.planFrom, planFromDir: o.planFromDir, plans: o.plans, steps: o.steps, codeFile: o.codeFile });
      rt.emit(r, renderLint);
      if (!r.valid) rt.exitCode = EXIT.VALIDATION;
    });
}

function renderLint(r: LintReport): string {
  if (r.valid) return `checked ${r.checked}: valid\n`;
  return `${r.issues.map((i) => `${i.file}: ${i.field}: ${i.reason}`).join('\n')}\nchecked ${r.checked}: ${r.issues.length} issue(s)\n`;
}
