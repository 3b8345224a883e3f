import { AgentStatusReport } from '../agent/report.js';
import { defineOp, READ } from './op.js';
import { AgentScanInput, sampleScan, scan } from './agent-list.js';

/**
 * Compares installed skill files with what this CLI version installs. `attention` counts files in
 * any state but ok or absent; the CLI exits 1 when it is not zero.
 */
export const agentStatus = defineOp({
  name: 'agent.status',
  title: 'Check agent skill files',
  description: 'Compare installed svc skill files with what this svc version installs; attention > 0 means a file is stale, modified, unmarked or corrupt.',
  input: AgentScanInput,
  output: AgentStatusReport,
  annotations: READ,
  local: true,
  sample: sampleScan,
  run: async (ctx, input) => scan(ctx, input),
});
