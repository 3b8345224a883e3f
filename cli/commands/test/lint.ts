import type { Command } from 'commander';
import { EXIT } from '../../../src/contract/errors.js';
import { testLint, type LintReport } from '../../../src/ops/test-lint.js';
import type { Runtime } from '../../runtime.js';

export function registerTestLint(group: Command, rt: Runtime): void {
  group
    .command('lint')
    .description('offline: run the validators of test create over files, show how each frontend step will be read, and list every problem (exit 5 on any)')
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

/** How each step will be read: its clauses, each with what is done or checked, on what. */
function renderReadings(r: LintReport): string[] {
  const out: string[] = [];
  let heading = '';
  for (const s of r.readings ?? []) {
    const h = `${s.file}${s.plan ? ` — ${s.plan}` : ''}`;
    if (h !== heading) {
      out.push(h);
      heading = h;
    }
    const sure = s.understood ? (s.confidence < 0.7 ? `  [unsure: ${s.confidence}]` : '') : '  [NOT UNDERSTOOD]';
    out.push(`  ${s.step}. ${s.type === 'assertion' ? 'check' : 'do'}: ${s.text}${sure}`);
    for (const c of s.clauses) {
      const what = [c.target, c.value !== undefined ? `"${c.value}"` : ''].filter(Boolean).join(' ');
      out.push(`     → ${c.kind === 'check' ? 'check' : 'do'} ${c.does}${what ? `: ${what}` : ''}${c.optional ? ' (only if it is there)' : ''}`);
    }
    for (const m of s.remarks) out.push(`     · ${m}`);
  }
  return out;
}

function renderLint(r: LintReport): string {
  const readings = renderReadings(r);
  const head = readings.length ? `${readings.join('\n')}\n` : '';
  if (r.valid) return `${head}checked ${r.checked}: valid\n`;
  return `${head}${r.issues.map((i) => `${i.file}: ${i.field}: ${i.reason}`).join('\n')}\nchecked ${r.checked}: ${r.issues.length} issue(s)\n`;
}
