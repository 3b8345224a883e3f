import type { Command } from 'commander';
import { testArtifactGet } from '../../../src/ops/test-artifact-get.js';
import type { Runtime } from '../../runtime.js';
import { renderWritten } from './triage-render.js';

/** `test artifact get`: the immutable bundle of one run. */
export function registerTestArtifact(group: Command, rt: Runtime): void {
  const artifact = group.command('artifact').description("one run's failure bundle");
  artifact
    .command('get <run-id>')
    .description('write the bundle of one finished run: result, analysis, code or plan as run, calls, variables, output, traceback, screenshots, meta.json')
    .option('--out <dir>', 'bundle directory (default svc-artifacts/<run-id>)')
    .action(async (runId: string, o) => {
      const w = await rt.exec(testArtifactGet, { runId, out: o.out });
      rt.emit(w, renderWritten);
    });
}
