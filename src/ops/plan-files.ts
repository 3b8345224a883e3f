import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileProblem } from '../util/file-problem.js';
import { basename, join, resolve } from 'node:path';
import type { z } from 'zod';
import { CliPlanInput, Code, LIMITS, PlanSteps, utf8Bytes, type PlanStep } from '../contract/test-fields.js';

/**
 * Readers of the files `test create`, `create-batch`, `plan put` and `lint` take. Each collects
 * every problem as {file, field, reason} instead of stopping at the first, so `test lint` can
 * report them all and the create commands can refuse with the same words.
 */
export interface LintIssue {
  file: string;
  field: string;
  reason: string;
}
export interface Loaded<T> {
  values: T[];
  /** Where each value came from (a file, `file:line`), in the order of `values`. */
  labels: string[];
  issues: LintIssue[];
  checked: number;
}

const KB = (n: number) => `${n} bytes (${Math.round(n / 1024)} KB)`;

function zodIssues(file: string, err: z.ZodError, prefix = ''): LintIssue[] {
  return err.issues.map((i) => ({
    file,
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(root)',
    reason: /received undefined$/.test(i.message) ? 'is required' : i.message,
  }));
}

function readCapped(path: string, limit: number, label: string, issues: LintIssue[]): string | undefined {
  const problem = fileProblem(path);
  if (problem) {
    issues.push({ file: label, field: '(file)', reason: `cannot read the file: ${problem}` });
    return undefined;
  }
  const size = statSync(path).size;
  if (size > limit) {
    issues.push({ file: label, field: '(file)', reason: `file is ${size} bytes; the limit is ${KB(limit)}` });
    return undefined;
  }
  return readFileSync(path, 'utf8');
}

function parseJson(text: string, label: string, issues: LintIssue[]): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    issues.push({ file: label, field: '(file)', reason: `not valid JSON: ${(err as Error).message}` });
    return undefined;
  }
}

function planOf(value: unknown, label: string, issues: LintIssue[]): CliPlanInput | undefined {
  const r = CliPlanInput.safeParse(value);
  if (r.success) return r.data;
  issues.push(...zodIssues(label, r.error));
  return undefined;
}

/** One CliPlanInput file (`--plan-from`), at most 256 KB. */
export function loadPlanFile(path: string, cwd: string): Loaded<CliPlanInput> {
  const issues: LintIssue[] = [];
  const text = readCapped(resolve(cwd, path), LIMITS.planBytes, path, issues);
  const json = text === undefined ? undefined : parseJson(text, path, issues);
  const plan = json === undefined ? undefined : planOf(json, path, issues);
  return { values: plan ? [plan] : [], labels: plan ? [path] : [], issues, checked: 1 };
}

/** `*.json` plan files of a directory, sorted by file name; at most 50 files and 5 MB in all. */
export function loadPlanDir(dir: string, cwd: string): Loaded<CliPlanInput> {
  const issues: LintIssue[] = [];
  const abs = resolve(cwd, dir);
  let names: string[];
  try {
    names = readdirSync(abs).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return { values: [], labels: [], issues: [{ file: dir, field: '(dir)', reason: 'cannot read the directory' }], checked: 0 };
  }
  if (names.length === 0) issues.push({ file: dir, field: '(dir)', reason: 'no *.json plan files in the directory' });
  if (names.length > LIMITS.batchSpecs) issues.push({ file: dir, field: '(dir)', reason: `${names.length} plan files; the limit is ${LIMITS.batchSpecs}` });
  const total = names.reduce((n, f) => n + statSync(join(abs, f)).size, 0);
  if (total > LIMITS.batchBytes) issues.push({ file: dir, field: '(dir)', reason: `plan files total ${total} bytes; the limit is ${KB(LIMITS.batchBytes)}` });
  const values: CliPlanInput[] = [];
  const labels: string[] = [];
  for (const n of names) {
    const one = loadPlanFile(join(abs, n), cwd);
    values.push(...one.values);
    labels.push(...one.values.map(() => join(dir, n)));
    issues.push(...one.issues.map((i) => ({ ...i, file: join(dir, n) })));
  }
  return { values, labels, issues, checked: names.length };
}

/** JSONL (`--plans`): one plan spec per non-empty line; at most 50 specs and 5 MB. */
export function loadPlansJsonl(path: string, cwd: string): Loaded<CliPlanInput> {
  const issues: LintIssue[] = [];
  const text = readCapped(resolve(cwd, path), LIMITS.batchBytes, path, issues);
  if (text === undefined) return { values: [], labels: [], issues, checked: 0 };
  const lines = text.split(/\r?\n/).map((l, i) => [i + 1, l] as const).filter(([, l]) => l.trim() !== '');
  if (lines.length === 0) issues.push({ file: path, field: '(file)', reason: 'no plan specs in the file' });
  if (lines.length > LIMITS.batchSpecs) issues.push({ file: path, field: '(file)', reason: `${lines.length} plan specs; the limit is ${LIMITS.batchSpecs}` });
  const values: CliPlanInput[] = [];
  const labels: string[] = [];
  for (const [no, line] of lines) {
    const label = `${path}:${no}`;
    if (utf8Bytes(line) > LIMITS.planBytes) {
      issues.push({ file: label, field: '(line)', reason: `plan spec is ${utf8Bytes(line)} bytes; the limit is ${KB(LIMITS.planBytes)}` });
      continue;
    }
    const json = parseJson(line, label, issues);
    const plan = json === undefined ? undefined : planOf(json, label, issues);
    if (plan) {
      values.push(plan);
      labels.push(label);
    }
  }
  return { values, labels, issues, checked: lines.length };
}

/** The `plan put --steps` file: a JSON array of steps, or an object with `planSteps`. */
export function loadStepsFile(path: string, cwd: string): Loaded<PlanStep[]> {
  const issues: LintIssue[] = [];
  const text = readCapped(resolve(cwd, path), LIMITS.planBytes, path, issues);
  const json = text === undefined ? undefined : parseJson(text, path, issues);
  if (json === undefined) return { values: [], labels: [], issues, checked: 1 };
  const isObj = !Array.isArray(json) && json !== null && typeof json === 'object';
  const raw = isObj ? (json as { planSteps?: unknown }).planSteps : json;
  const r = PlanSteps.safeParse(raw);
  if (!r.success) issues.push(...zodIssues(path, r.error, 'planSteps'));
  return { values: r.success ? [r.data] : [], labels: r.success ? [path] : [], issues, checked: 1 };
}

/** A backend code file: at most 350 KB, not empty, and (when python3 is on PATH) valid Python. */
export function loadCodeFile(path: string, cwd: string, env: NodeJS.ProcessEnv): Loaded<string> {
  const issues: LintIssue[] = [];
  const text = readCapped(resolve(cwd, path), LIMITS.codeBytes, path, issues);
  if (text === undefined) return { values: [], labels: [], issues, checked: 1 };
  const r = Code.safeParse(text);
  if (!r.success) return { values: [], labels: [], issues: zodIssues(path, r.error, 'code'), checked: 1 };
  const syntax = pythonSyntaxError(text, basename(path), env);
  if (syntax) issues.push({ file: path, field: 'code', reason: syntax });
  return { values: issues.length ? [] : [text], labels: issues.length ? [] : [path], issues, checked: 1 };
}

const COMPILE = 'import sys\nsrc = sys.stdin.read()\ntry:\n    compile(src, sys.argv[1], "exec", dont_inherit=True)\nexcept SyntaxError as e:\n    print(f"Python syntax error at line {e.lineno}: {e.msg}")\n    sys.exit(1)\n';

/** Compiles without running; null when fine or when no python3 is available to ask. */
export function pythonSyntaxError(code: string, name: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync('python3', ['-c', COMPILE, name], { input: code, env, encoding: 'utf8', timeout: 15_000 });
  if (r.error || r.status === null) return null;
  return r.status === 0 ? null : r.stdout.trim() || r.stderr.trim().split('\n').pop() || 'Python syntax error';
}
