import { createTwoFilesPatch } from 'diff';
import type { ModelProvider } from '../../ai/provider.js';
import type { AskChange } from '../../contract/chat.js';
import type { PlannedCase } from '../../contract/discovery.js';
import { SvcError } from '../../contract/errors.js';
import { LIMITS, PlanSteps, utf8Bytes, type PlanStep } from '../../contract/test-fields.js';
import { generateTestCode } from '../../discovery/codegen.js';
import { applyCaseInstructionWithProvider } from '../../discovery/nl-edit.js';
import { editCase, EDIT_RULES, PlanEditError } from '../../engine/frontend/plan-edit.js';
import type { PlanCase } from '../../engine/frontend/plan.js';
import { parseJson } from '../../store/db.js';
import { replacePlanCases, updatePlanCase } from '../../store/repos/generation.js';
import type { ProjectData } from '../../store/repos/projects.js';
import { putCode, putPlan, updateTest, type TestRow } from '../../store/repos/tests.js';
import type { ServerDeps } from '../context.js';
import { loadCases } from '../generation/plans.js';
import { requireEndpoints } from '../generation/specs.js';

/**
 * A change asked for in the report chat, made through the natural-language edits that already
 * exist: a backend request goes through the plan edit rules (plan.edit), and the case it adds or
 * updates becomes code in the test (a `test_*` function the harness runs after the top-level
 * code); a frontend request goes through the plan-case edit rules and is saved as the test's plan
 * steps. Both writes carry the codeVersion the test had when the request was read, so a
 * concurrent edit is refused and nothing is written.
 */

const CHAT_BLOCK = '# --- svc report chat: case ';
const fnName = (caseId: string) => `test_${caseId.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase()}`;
const begin = (caseId: string) => `${CHAT_BLOCK}${caseId} ---`;
const end = (caseId: string) => `# --- end of case ${caseId} ---`;

/** A case's generated code as one `test_*` function between markers, so a later request can replace it. */
export function caseBlock(c: PlannedCase, code: string, request: string): string {
  const lines = code.replace(/\r\n/g, '\n').trimEnd().split('\n');
  // The generated file's header comments (and the blank line after them) are said by the markers instead.
  const body = lines.slice(Math.max(0, lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'))));
  return [
    begin(c.id),
    `# asked for: ${request.replace(/[\r\n]+/g, ' ').slice(0, 300)}`,
    `# ${c.method} ${c.path} | expect ${c.expect.status.join('/') || 'no 5xx'} | priority ${c.priority}`,
    `def ${fnName(c.id)}():`,
    ...body.map((l) => (l ? `    ${l}` : l)),
    end(c.id),
  ].join('\n');
}

/**
 * The test's code with the case in it: its block replaced where it already is; the test's own code
 * regenerated (its chat blocks kept) when the test was generated from this very case; else the
 * block appended.
 */
export function withCase(code: string, c: PlannedCase, generated: string, request: string): string {
  const from = code.indexOf(begin(c.id));
  const to = code.indexOf(end(c.id));
  if (from >= 0 && to > from) return `${code.slice(0, from)}${caseBlock(c, generated, request)}${code.slice(to + end(c.id).length)}`;
  if (code.split(CHAT_BLOCK)[0]!.split('\n').some((l) => l.startsWith(`# case: ${c.id} |`))) {
    const blocks = code.indexOf(CHAT_BLOCK);
    return `${generated.trimEnd()}\n${blocks >= 0 ? `\n\n${code.slice(blocks)}` : ''}`;
  }
  return `${code.replace(/\s+$/, '')}\n\n\n${caseBlock(c, generated, request)}\n`;
}

const conflict = (t: TestRow) =>
  new SvcError('PRECONDITION_FAILED', `test '${t.id}' changed while the request was applied (it was version ${t.code_version}); nothing was written`, {
    nextAction: 'Ask again: the request is applied to the version stored now.',
  });

function patch(t: TestRow, before: string, after: string, version: number): string {
  return createTwoFilesPatch(`${t.id} v${t.code_version}`, `${t.id} v${version}`, before, after, undefined, undefined, { context: 3 });
}

export async function changeBackendTest(deps: ServerDeps, p: ProjectData, t: TestRow, request: string, provider: ModelProvider): Promise<AskChange> {
  const { endpoints } = await requireEndpoints(deps, p);
  const stored = (await loadCases(deps, p.id)).flatMap((c) => (c.type === 'backend' ? [{ ...c, data: c.backend }] : []));
  // 'also test …' in a conversation is the plan edit's 'test …'.
  const r = await applyCaseInstructionWithProvider(stored.map((c) => c.data), endpoints, request.replace(/^(?:(?:also|and|then)\s+)+/i, ''), provider);
  const changed = r.cases.filter((c) => r.changed.includes(c.id));
  const owner = new Map(stored.map((c) => [c.id, c.testId]));
  // Only a case that is this test's (or new) becomes code here; edits of other cases belong to plan edit.
  const mine = changed.filter((c) => !owner.get(c.id) || owner.get(c.id) === t.id);
  if (!mine.length) {
    throw new SvcError('VALIDATION_ERROR', `"${request}" changes ${r.changed.length ? `other cases of the plan (${r.changed.join(', ')})` : 'nothing'}, not test '${t.id}'`, {
      nextAction: `Ask for a check of this test, e.g. "also test GET /users/{id} with an unknown id and expect 404", or change the plan with 'svc plan edit --project ${p.id} "<request>"'.`,
    });
  }
  const before = t.code ?? '';
  let after = before;
  for (const c of mine) after = withCase(after, c, generateTestCode(c, endpoints), request);
  if (utf8Bytes(after) > LIMITS.codeBytes) throw new SvcError('VALIDATION_ERROR', `the code would grow past ${LIMITS.codeBytes} bytes`, { nextAction: 'Put the new check in a test of its own.' });
  const written = await putCode(deps.store.db, t.id, after, t.code_version);
  if (!written) throw conflict(t);
  const produces = [...new Set([...parseJson<string[]>(t.produces, []), ...mine.flatMap((c) => c.produces)])];
  const consumes = [...new Set([...parseJson<string[]>(t.consumes, []), ...mine.flatMap((c) => c.needs)])];
  await updateTest(deps.store.db, t.id, { produces, consumes });
  if (stored.length) {
    const ids = new Set(mine.map((c) => c.id));
    await replacePlanCases(deps.store.db, p.id, 'backend', r.cases.map((c) => ({ id: c.id, data: c, selected: c.selected, testId: ids.has(c.id) ? t.id : owner.get(c.id) ?? null })));
  }
  return {
    testId: t.id,
    kind: 'code',
    summary: `${r.summary}: ${mine.map((c) => `${fnName(c.id)}() checks ${c.method} ${c.path} (${c.kind}${c.expect.status.length ? `, expects ${c.expect.status.join('/')}` : ''})`).join('; ')}`,
    diff: patch(t, before, after, written.codeVersion),
    codeVersion: written.codeVersion,
    planCases: stored.length ? mine.map((c) => c.id) : [],
  };
}

const stepsText = (steps: PlanStep[]) => steps.map((s, i) => `${i + 1}. [${s.type}] ${s.description}`).join('\n') + '\n';

/**
 * The plan-case edit rules; when they do not understand the request and a model is configured, the
 * model only rewrites it into one of the forms they know (as plan edit does for backend requests).
 */
async function editWithProvider(c: PlanCase, request: string, provider: ModelProvider): Promise<PlanCase> {
  try {
    return editCase(c, request);
  } catch (e) {
    if (!(e instanceof PlanEditError)) throw e;
    const refused = new SvcError('VALIDATION_ERROR', e.message.replace(/; supported edits:.*$/s, ''), { nextAction: `Supported changes: ${EDIT_RULES.filter((r) => r !== 'deselect / select').join('; ')}` });
    if (!provider.available) throw refused;
    const rewritten = await provider
      .complete({
        temperature: 0,
        messages: [
          { role: 'system', content: `Rewrite the user's request as exactly one line in one of these forms, nothing else:\n${EDIT_RULES.join('\n')}` },
          { role: 'user', content: `Steps:\n${stepsText(c.steps)}Request: ${request}` },
        ],
      })
      .catch(() => null);
    if (!rewritten) throw refused;
    try {
      return editCase(c, rewritten.split('\n')[0]!.trim());
    } catch {
      throw refused;
    }
  }
}

export async function changeFrontendTest(deps: ServerDeps, t: TestRow, request: string, provider: ModelProvider): Promise<AskChange> {
  const steps = parseJson<PlanStep[]>(t.plan_steps, []);
  const next = await editWithProvider({ id: t.id, title: t.name, featureId: '', source: 'description', steps, selected: true }, request, provider);
  if (!next.selected) throw new SvcError('VALIDATION_ERROR', 'deselecting applies to the cases of a plan, not to a test', { nextAction: `Delete the test with 'svc test delete ${t.id} --confirm' if it should not run.` });
  const parsed = PlanSteps.safeParse(next.steps);
  if (!parsed.success) throw new SvcError('VALIDATION_ERROR', `the change would leave the plan invalid: ${parsed.error.issues[0]?.message ?? 'invalid steps'}`, { nextAction: 'Keep 1 to 200 steps, each with a description.' });
  const same = JSON.stringify(next.steps) === JSON.stringify(steps);
  const renamed = next.title !== t.name;
  if (same && !renamed) throw new SvcError('VALIDATION_ERROR', `"${request}" leaves the test as it is`, { nextAction: `Supported changes: ${EDIT_RULES.join('; ')}` });
  let version = t.code_version;
  if (!same) {
    const written = await putPlan(deps.store.db, t.id, parsed.data, t.code_version);
    if (!written) throw conflict(t);
    version = written.codeVersion;
  }
  if (renamed) await updateTest(deps.store.db, t.id, { name: next.title.slice(0, 200) });
  const planCase = await deps.store.db.selectFrom('plan_cases').select(['project_id', 'id', 'data']).where('test_id', '=', t.id).executeTakeFirst();
  if (planCase) await updatePlanCase(deps.store.db, planCase.project_id, planCase.id, { data: { ...parseJson<object>(planCase.data, {}), steps: parsed.data, title: next.title } });
  return {
    testId: t.id,
    kind: 'plan',
    summary: [!same ? `the plan now has ${parsed.data.length} step(s)` : '', renamed ? `renamed to "${next.title}"` : ''].filter(Boolean).join('; '),
    diff: createTwoFilesPatch(`${t.id} v${t.code_version}`, `${t.id} v${version}`, stepsText(steps), stepsText(parsed.data), undefined, undefined, { context: 3 }),
    planSteps: parsed.data,
    codeVersion: version,
    planCases: planCase ? [planCase.id] : [],
  };
}
