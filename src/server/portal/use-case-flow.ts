import { parseJson } from '../../store/db.js';
import type { Db } from '../../store/schema.js';
import { html, type Html } from './html.js';
import { BASE, badges, empty, status, when } from './layout.js';
import { stepsOf, type FrontendExtra } from './run-frontend.js';

/**
 * The Use Case Flow of SPEC.md 1.1 step 7: a frontend test's plan steps in order, each with the
 * status icon of the latest finished run's verdict for that step. A step the run did not reach, or
 * one changed since (the plan was edited after the run), says so instead of borrowing a verdict.
 */
type PlanStep = { type: string; description: string };
export interface StepVerdicts {
  run: { id: string; status: string; finishedAt: string | null } | null;
  /** Per plan step: a run status (passed, failed, …), 'not-reached' or 'changed'. */
  steps: string[];
}

const TERMINAL = ['passed', 'failed', 'blocked', 'cancelled'];

export async function stepVerdicts(db: Db, testId: string, userId: string, plan: PlanStep[]): Promise<StepVerdicts> {
  const r = await db.selectFrom('runs').select(['id', 'status', 'finished_at', 'extra']).where('test_id', '=', testId).where('user_id', '=', userId).where('status', 'in', TERMINAL).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!r) return { run: null, steps: plan.map(() => 'not-run') };
  const rows = await db.selectFrom('run_steps').selectAll().where('run_id', '=', r.id).orderBy('idx').execute();
  const ran = stepsOf(parseJson<FrontendExtra>(r.extra, {}), rows);
  const byIndex = new Map(ran.map((s) => [s.index, s]));
  return {
    run: { id: r.id, status: r.status, finishedAt: r.finished_at },
    steps: plan.map((p, i) => {
      const s = byIndex.get(i);
      if (!s) return r.status === 'cancelled' ? 'cancelled' : 'not-reached';
      return s.description.trim() === p.description.trim() ? s.status : 'changed';
    }),
  };
}

const NOTE: Record<string, string> = { 'not-run': 'not run yet', 'not-reached': 'not reached', changed: 'changed since the run' };
function stepStatus(s: string): Html {
  return NOTE[s] ? html`<span class="st st-unknown"><span class="ic" aria-hidden="true">○</span> ${NOTE[s]}</span>` : status(s);
}

/** Passed 3 · failed 1 · not reached 2: the strip a list of tests shows per test. */
export function stepCounts(v: StepVerdicts): string {
  const n = new Map<string, number>();
  for (const s of v.steps) n.set(NOTE[s] ?? s, (n.get(NOTE[s] ?? s) ?? 0) + 1);
  return [...n].map(([k, c]) => `${c} ${k}`).join(' · ');
}

export function useCaseFlow(plan: PlanStep[], v: StepVerdicts): Html {
  if (!plan.length) return empty('No plan steps yet.');
  const from = v.run
    ? html`<p class="muted small">Each step's icon is its verdict in the latest finished run, <a class="mono" href="${BASE}/runs/${v.run.id}">${v.run.id}</a> (${v.run.status}${v.run.finishedAt ? html`, ${when(v.run.finishedAt)}` : ''}).</p>`
    : html`<p class="muted small">Not run yet: each step shows its verdict once the test has run.</p>`;
  return html`${from}<ol class="flow">${plan.map((p, i) => html`<li>${stepStatus(v.steps[i] ?? 'not-run')} ${badges([p.type])} ${p.description}</li>`)}</ol>`;
}

/** Frontend tests shown on the project page; each test's own page has its flow too. */
const SHOWN = 20;

/** The project page's Use Case Flow: each frontend test (the first 20 by name) with its steps' icons. */
export async function useCaseSection(db: Db, userId: string, projectId: string): Promise<Html> {
  const tests = await db.selectFrom('tests').select(['id', 'name', 'status', 'plan_steps']).where('project_id', '=', projectId).where('user_id', '=', userId).where('type', '=', 'frontend').orderBy('name').orderBy('id').limit(SHOWN + 1).execute();
  const head = html`<h2 id="flow-h">Use Case Flow</h2>`;
  if (!tests.length) return html`<section class="card" id="flow" aria-labelledby="flow-h">${head}${empty('No tests yet: each test shows here with a status icon per step.')}</section>`;
  const items = await Promise.all(
    tests.slice(0, SHOWN).map(async (t) => {
      const plan = parseJson<PlanStep[]>(t.plan_steps, []);
      const v = await stepVerdicts(db, t.id, userId, plan);
      return html`<li class="flow-test"><h3>${status(t.status)} <a href="${BASE}/tests/${t.id}">${t.name}</a> <span class="muted small">${stepCounts(v)}</span></h3>${useCaseFlow(plan, v)}</li>`;
    }),
  );
  return html`<section class="card" id="flow" aria-labelledby="flow-h">${head}<ul class="flow-tests">${items}</ul>
    ${tests.length > SHOWN ? html`<p class="small">The first ${SHOWN} tests by name; every test's page has its own flow (the test list is below).</p>` : ''}</section>`;
}
