import { getRunResult } from '../../../src/contract/results.js';
import type { RunOutcome } from '../../../src/ops/run-outcome.js';
import type { JunitCase } from '../../../src/output/junit.js';
import type { Runtime } from '../../runtime.js';

/** One JUnit case per run, with the failure message, captured output and traceback. */
export async function collectDetails(rt: Runtime, o: RunOutcome): Promise<JunitCase[]> {
  const cases: JunitCase[] = [];
  for (const row of o.wait!.results) {
    const base: JunitCase = { name: row.testName ?? row.runId, classname: o.projectId, timeSeconds: 0, status: row.status === 'timeout' || row.status.startsWith('error:') ? 'skipped' : row.status };
    if (row.run) {
      const r = await rt.client().call(getRunResult, { params: { runId: row.runId } });
      base.timeSeconds = (r.durationMs ?? 0) / 1000;
      base.message = r.reason ?? r.failure?.message ?? null;
      base.output = r.apiOutput;
      base.trace = r.trace;
    } else base.message = row.status;
    cases.push(base);
  }
  return cases;
}
