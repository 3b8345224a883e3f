import { describe, expect, it } from 'vitest';
import { toolName } from '../../src/mcp/server.js';
import { mcpWording } from '../../src/mcp/wording.js';
import { OPS } from '../../src/ops/registry.js';

const say = mcpWording(OPS.filter((o) => o.mcp !== false), toolName);

describe('error wording over MCP', () => {
  it('turns quoted CLI commands into tool calls with their arguments', () => {
    expect(say("Wait for it with 'svc test wait run_1 run_2'.")).toBe('Wait for it with svc_test_wait {"runIds":["run_1","run_2"]}.');
    expect(say("See its runs with 'svc test result tst_9 --history'.")).toBe('See its runs with svc_test_history {"testId":"tst_9"}.');
    expect(say("Draft one with 'svc plan generate --project prj_1'.")).toBe('Draft one with svc_plan_generate {"projectId":"prj_1"}.');
    expect(say("e.g. 'svc plan deselect --project P post-users.large-payload'")).toBe('e.g. svc_plan_select {"selected":false,"projectId":"P","caseIds":["post-users.large-payload"]}');
    expect(say("Upload API docs with 'svc project docs put <project-id> --file F'.")).toBe('Upload API docs with svc_project_docs_put {"content":"F","projectId":"<project-id>"}.');
    expect(say("Use 'svc test code put <id> --code-file FILE'.")).toBe('Use svc_test_code_put {"code":"FILE","testId":"<id>"}.');
  });

  it('names tools mentioned in passing and rewrites loose flags as parameters', () => {
    expect(say('Check the run id printed by svc test run.')).toBe('Check the run id printed by svc_test_run.');
    expect(say("Wait for them, or retry with a longer --timeout.")).toBe('Wait for them, or retry with a longer timeout.');
    expect(say('--all requires --project <id>')).toBe('all requires projectId <id>');
  });

  it('leaves terminal-only commands alone', () => {
    const s = "Send 'Authorization: Bearer <key>'; create a key with 'svc-server keys create' and run 'svc setup'.";
    expect(say(s)).toBe(s);
    expect(say("Check the API key: run 'svc setup' or set SVC_API_KEY.")).toBe("Check the API key: run 'svc setup' or set SVC_API_KEY.");
  });
});
