import type { Op } from '../ops/op.js';

/**
 * Error messages and next steps are written for the CLI (`'svc test wait run_1'`, `--project`),
 * by the server as well as by the ops. Over MCP they are reworded for the caller at hand: a CLI
 * command that has a tool becomes the tool call with its JSON arguments, and a flag becomes the
 * parameter it maps to. Commands with no tool (`svc setup`, `svc-server ...`) stay as they are:
 * they are run in a terminal.
 */
export function mcpWording(ops: Op[], toolName: (op: Op) => string): (text: string) => string {
  const tools = toolTable(ops, toolName);
  return (text) => reword(text, tools);
}

function reword(text: string, tools: Map<string, ToolRef>): string {
  // A quoted command with its arguments: 'svc test result tst_1 --history'.
  let out = text.replace(/'svc ([^']+)'/g, (whole, rest: string) => callOf(rest, tools) ?? whole);
  // A command named in passing: "the batchId printed by svc test run".
  out = out.replace(/\bsvc ([a-z]+(?: [a-z]+){0,2})\b/g, (whole, words: string, at: number, all: string) => {
    if (all[at - 1] === '-' || all[at - 1] === '_') return whole;
    const hit = longestCommand(words.split(' '), tools);
    return hit ? `${hit.tool.name}${words.split(' ').slice(hit.used).map((w) => ` ${w}`).join('')}` : whole;
  });
  // Loose flags: "retry with a longer --timeout" → "retry with a longer timeout".
  return out.replace(/(^|[\s('"])--([a-z][a-z-]*)/g, (_m, pre: string, flag: string) => `${pre}${paramOf(flag)}`);
}

interface ToolRef {
  name: string;
  params: string[];
  fixed?: Record<string, unknown>;
}

function toolTable(ops: Op[], toolName: (op: Op) => string): Map<string, ToolRef> {
  const t = new Map<string, ToolRef>();
  for (const op of ops) {
    const [noun, verb] = op.name.split('.') as [string, string | undefined];
    t.set([noun, ...(verb ? verb.split('-') : [])].join(' '), { name: toolName(op), params: Object.keys(op.input.shape) });
  }
  const select = t.get('plan select');
  if (select) {
    t.set('plan select', { ...select, fixed: { selected: true } });
    t.set('plan deselect', { ...select, fixed: { selected: false } });
  }
  return t;
}

function longestCommand(words: string[], tools: Map<string, ToolRef>): { tool: ToolRef; used: number } | null {
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const tool = tools.get(words.slice(0, n).join(' '));
    if (tool) return { tool, used: n };
  }
  return null;
}

/** CLI flags whose parameter has another name; the rest are the flag in camelCase. */
const FLAG_PARAM: Record<string, string> = {
  project: 'projectId',
  file: 'content',
  'code-file': 'code',
  'password-file': 'password',
  'credential-file': 'credential',
  'refresh-token-file': 'refreshToken',
  steps: 'planSteps',
  needs: 'consumes',
};
const paramOf = (flag: string) => FLAG_PARAM[flag] ?? flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const ID_PARAM: [RegExp, string][] = [
  [/^tst_/, 'testId'],
  [/^prj_/, 'projectId'],
  [/^run_/, 'runId'],
  [/^bat_/, 'batchId'],
  [/^<test-id>$/, 'testId'],
  [/^<project-id>$/, 'projectId'],
  [/^<run-id>$/, 'runId'],
  [/^<batch-id>$/, 'batchId'],
];

/** `test result tst_1 --history` → `svc_test_history {"testId":"tst_1"}`; null when no tool fits. */
function callOf(rest: string, tools: Map<string, ToolRef>): string | null {
  const words = rest.trim().split(/\s+/);
  const hit = longestCommand(words, tools);
  if (!hit) return null;
  let tool = hit.tool;
  const args: Record<string, unknown> = { ...tool.fixed };
  const positional: string[] = [];
  for (let i = hit.used; i < words.length; i++) {
    const w = words[i]!;
    if (!w.startsWith('--')) {
      positional.push(w.replace(/^"|"$/g, ''));
      continue;
    }
    const [flag, inline] = w.slice(2).split('=') as [string, string | undefined];
    if (flag === 'history' && tools.has('test history')) {
      tool = tools.get('test history')!;
      continue;
    }
    const next = words[i + 1];
    const value = inline ?? (next !== undefined && !next.startsWith('--') ? (i++, next.replace(/^"|"$/g, '')) : true);
    args[paramOf(flag)] = value;
  }
  for (const p of positional) {
    const param = ID_PARAM.find(([re]) => re.test(p))?.[1] ?? (p === '<id>' ? tool.params.find((x) => ['testId', 'projectId', 'runId', 'batchId'].includes(x)) : undefined);
    if (param && tool.params.includes(`${param}s`)) ((args[`${param}s`] ??= []) as unknown[]).push(p);
    else if (param && tool.params.includes(param)) args[param] = p;
    else if (tool.params.includes('caseIds')) ((args.caseIds ??= []) as unknown[]).push(p);
  }
  return Object.keys(args).length ? `${tool.name} ${JSON.stringify(args)}` : tool.name;
}
