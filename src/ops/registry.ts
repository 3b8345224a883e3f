import type { Op } from './op.js';
import { authStatus } from './auth-status.js';
import { usageGet } from './usage-get.js';
import { doctor } from './doctor.js';
import { setup } from './setup.js';
import { agentInstall } from './agent-install.js';
import { agentList } from './agent-list.js';
import { agentStatus } from './agent-status.js';
import { testRun } from './test-run.js';
import { testWait } from './test-wait.js';
import { testCancel } from './test-cancel.js';
import { testRerun } from './test-rerun.js';

/**
 * Every op. The MCP server registers a tool for each one with `mcp !== false`; a unit test checks
 * each op's dry-run sample against its output schema. Add new ops here.
 */
export const OPS: Op[] = [authStatus, usageGet, doctor, setup, agentInstall, agentList, agentStatus, testRun, testWait, testCancel, testRerun] as unknown as Op[];
