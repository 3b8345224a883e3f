import type { PlanStep } from '../../contract/test-fields.js';
import { html, type Html } from './html.js';

/**
 * The plan-step editor of a frontend test (SPEC.md 2.2 planSteps[]): one row per step with its
 * type and text, and buttons to move a step up or down, delete it, or add one. It works without
 * scripts: a button other than Save posts the form, the server applies the move to what was typed
 * and shows the form again; nothing is stored until Save runs the op.
 */
export type StepRow = { type: string; description: string };

const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');

/** The rows a posted form holds, in order (a row with neither text nor type is dropped). */
export function stepsFrom(form: Record<string, unknown>): StepRow[] {
  const types = list(form.stepType);
  const texts = list(form.stepText);
  return texts.map((description, i) => ({ type: types[i] ?? 'action', description: description.replace(/\r\n/g, '\n') }));
}

/** Applies a move button's value (`add`, `up:2`, `down:0`, `delete:3`) to the rows; null for Save. */
export function applyMove(rows: StepRow[], move: string | undefined): StepRow[] | null {
  if (!move) return null;
  const out = rows.slice();
  if (move === 'add') return [...out, { type: 'action', description: '' }];
  const m = /^(up|down|delete):(\d+)$/.exec(move);
  if (!m) return null;
  const i = Number(m[2]);
  if (i < 0 || i >= out.length) return out;
  if (m[1] === 'delete') out.splice(i, 1);
  else {
    const j = m[1] === 'up' ? i - 1 : i + 1;
    if (j >= 0 && j < out.length) [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The steps as the op takes them (text trimmed; the op's schema judges the rest). */
export const planStepsOf = (rows: StepRow[]): PlanStep[] => rows.map((r) => ({ type: r.type as PlanStep['type'], description: r.description.trim() }));

/** Errors of the op's schema by step index (`planSteps.2.description` → step 3), plus any about the list. */
export function stepErrors(issues: { field?: string; reason?: string }[]): { byStep: Map<number, string>; list?: string } {
  const byStep = new Map<number, string>();
  let whole: string | undefined;
  for (const i of issues) {
    const m = /^(?:body\.)?planSteps(?:\.(\d+))?/.exec(i.field ?? '');
    if (!m || !i.reason) continue;
    if (m[1] !== undefined) {
      if (!byStep.has(Number(m[1]))) byStep.set(Number(m[1]), i.reason);
    } else whole ??= i.reason;
  }
  return { byStep, list: whole };
}

export function stepsEditor(rows: StepRow[], errors: { byStep: Map<number, string>; list?: string } = { byStep: new Map() }, focus?: number): Html {
  const n = rows.length;
  return html`<fieldset class="steps-editor" id="f-planSteps"${errors.list ? html` aria-describedby="f-planSteps-err"` : ''}><legend>Plan steps</legend>
    <p class="hint">One plain-language step each: an action ("Click Save") or an assertion ("The task list shows Buy milk"). They run in this order.</p>
    ${errors.list ? html`<p class="field-error" id="f-planSteps-err"><span aria-hidden="true">✗ </span>${errors.list}</p>` : ''}
    <ol class="steps-edit">${rows.map((r, i) => {
      const err = errors.byStep.get(i);
      return html`<li class="step-row${err ? ' has-error' : ''}" id="step-${i + 1}">
        <div class="step-fields">
          <select name="stepType" aria-label="Type of step ${i + 1}">${(['action', 'assertion'] as const).map((t) => html`<option value="${t}"${r.type === t ? html` selected` : ''}>${t}</option>`)}</select>
          <textarea name="stepText" rows="2" aria-label="Step ${i + 1}"${err ? html` aria-invalid="true" aria-describedby="step-${i + 1}-err"` : ''}${focus === i ? html` autofocus` : ''}>${r.description}</textarea>
        </div>
        ${err ? html`<p class="field-error" id="step-${i + 1}-err"><span aria-hidden="true">✗ </span>${err}</p>` : ''}
        <div class="step-moves">
          <button class="btn secondary small" type="submit" name="move" value="up:${i}" aria-label="Move step ${i + 1} up"${i === 0 ? html` disabled` : ''}>↑ Up</button>
          <button class="btn secondary small" type="submit" name="move" value="down:${i}" aria-label="Move step ${i + 1} down"${i === n - 1 ? html` disabled` : ''}>↓ Down</button>
          <button class="btn secondary small" type="submit" name="move" value="delete:${i}" aria-label="Delete step ${i + 1}">Delete</button>
        </div></li>`;
    })}</ol>
    <button class="btn secondary" type="submit" name="move" value="add">Add a step</button></fieldset>`;
}
