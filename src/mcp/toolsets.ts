import { SvcError } from '../contract/errors.js';

/**
 * Tools are grouped so an agent's context carries only what it uses: `core` (the write-run-triage
 * loop) is served by default, the rest when asked for with `svc-mcp --toolsets` or
 * SVC_MCP_TOOLSETS (comma-separated names, or `all`). Op names, not tool names.
 */
export const TOOLSETS = {
  core: {
    summary: 'the loop: find or create a project and tests, run them, read results and failures',
    ops: [
      'project.list', 'project.get', 'project.create', 'test.list', 'test.get', 'test.create', 'test.update', 'test.code-get', 'test.code-put',
      'test.run', 'test.wait', 'test.result', 'test.steps', 'test.failure-summary', 'test.failure-get', 'test.triage', 'test.flaky', 'test.ask',
    ],
  },
  authoring: {
    summary: 'batches, scaffolds, lint, frontend plans, deletes, project settings, credentials and file-chooser files',
    ops: [
      'test.create-batch', 'test.scaffold', 'test.lint', 'test.plan-put', 'test.delete', 'test.delete-batch',
      'project.update', 'project.delete', 'project.credential', 'project.auto-auth', 'project.files-list', 'project.files-remove',
    ],
  },
  runs: {
    summary: 'cancel and rerun, run history, diffs between runs, artifacts',
    ops: ['test.cancel', 'test.rerun', 'test.history', 'test.diff', 'test.artifact-get', 'test.cleanup-dismiss'],
  },
  generation: {
    summary: 'PRD and feature map, API docs, discovery and endpoints, exploration, test plans',
    ops: [
      'project.prd-put', 'project.features', 'project.features-extract', 'project.docs-put', 'project.discover', 'project.endpoints',
      'project.endpoints-edit', 'project.explore', 'project.exploration', 'plan.generate', 'plan.list', 'plan.edit', 'plan.select', 'plan.accept',
    ],
  },
  schedules: {
    summary: 'cadences that rerun a project (daily, weekly, cron), their next and missed runs, failure webhooks',
    ops: ['project.schedule-get', 'project.schedule-set', 'project.schedule-disable'],
  },
  account: {
    summary: 'identity and scopes, usage, connectivity checks, agent skill files',
    ops: ['auth.status', 'usage.get', 'doctor', 'agent.install', 'agent.list', 'agent.status'],
  },
} as const satisfies Record<string, { summary: string; ops: readonly string[] }>;

export type ToolsetName = keyof typeof TOOLSETS;
export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];
export const DEFAULT_TOOLSETS: ToolsetName[] = ['core'];

/** `core,runs`, `all` or empty (the default) → the op names to serve. */
export function resolveToolsets(spec: string | undefined): { toolsets: ToolsetName[]; ops: Set<string> } {
  const names = (spec ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  let toolsets: ToolsetName[];
  if (names.length === 0) toolsets = DEFAULT_TOOLSETS;
  else if (names.includes('all')) toolsets = TOOLSET_NAMES;
  else {
    const unknown = names.filter((n) => !(n in TOOLSETS));
    if (unknown.length)
      throw new SvcError('VALIDATION_ERROR', `unknown toolset ${unknown.map((n) => `'${n}'`).join(', ')}`, {
        nextAction: `Use a comma-separated list of ${TOOLSET_NAMES.join(', ')}, or all.`,
      });
    toolsets = [...new Set(names as ToolsetName[])];
  }
  return { toolsets, ops: new Set(toolsets.flatMap((t) => TOOLSETS[t].ops)) };
}

/** The toolset an op belongs to, for the tool's description and the README table. */
export function toolsetOf(opName: string): ToolsetName | undefined {
  return TOOLSET_NAMES.find((t) => (TOOLSETS[t].ops as readonly string[]).includes(opName));
}
