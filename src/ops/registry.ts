import type { Op } from './op.js';
import { authStatus } from './auth-status.js';
import { usageGet } from './usage-get.js';
import { doctor } from './doctor.js';
import { setup } from './setup.js';

/**
 * Every op. The MCP server registers a tool for each one with `mcp !== false`; a unit test checks
 * each op's dry-run sample against its output schema. Add new ops here.
 */
export const OPS: Op[] = [authStatus, usageGet, doctor, setup] as unknown as Op[];
