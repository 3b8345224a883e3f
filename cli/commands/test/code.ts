import { resolve } from 'node:path';
import type { Command } from 'commander';
import { testCodeGet } from '../../../src/ops/test-code-get.js';
import { testCodePut } from '../../../src/ops/test-code-put.js';
import { loadCodeFile } from '../../../src/ops/plan-files.js';
import { renderFields } from '../../../src/output/table.js';
import { intFlag } from '../../flags.js';
import { requireClean, writeAtomically } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

/** `test code get|put`: the full Python of a backend test, guarded by codeVersion on write. */
export function registerTestCode(group: Command, rt: Runtime): void {
  const code = group.command('code').description("a backend test's Python code");

  code
    .command('get <test-id>')
    .description('print the full code (text mode: the code itself), or write it to --out')
    .option('--out <file>', 'write the code to this file')
    .action(async (testId: string, o) => {
      const r = await rt.exec(testCodeGet, { testId });
      if (!o.out) return rt.emit(r, (x) => (x.code.endsWith('\n') ? x.code : `${x.code}\n`));
      if (rt.globals().dryRun) rt.advise(`dry run: ${o.out} not written`);
      else writeAtomically(resolve(rt.io.cwd, o.out), r.code);
      const { code: _c, ...meta } = r;
      rt.emit({ ...meta, out: o.out, bytes: Buffer.byteLength(r.code) }, (x) => `wrote ${x.bytes} bytes of ${x.testId} (codeVersion ${x.codeVersion}) to ${x.out}\n`);
    });

  code
    .command('put <test-id>')
    .description('replace the code; with --expected-version a stale version is a conflict (exit 6) and nothing is written')
    .requiredOption('--code-file <file>', 'Python file, at most 350 KB')
    .option('--expected-version <v>', 'the codeVersion your change is based on (test code get shows it)', intFlag(1, 1_000_000_000))
    .action(async (testId: string, o) => {
      const text = rt.globals().dryRun ? 'def test_sample():\n    assert True\n' : requireClean(loadCodeFile(o.codeFile, rt.io.cwd, rt.io.env))[0]!;
      const r = await rt.exec(testCodePut, { testId, code: text, expectedVersion: o.expectedVersion });
      rt.emit(r, (x) => renderFields([['testId', x.testId], ['codeVersion', x.codeVersion], ['updatedAt', x.updatedAt]]));
    });
}
