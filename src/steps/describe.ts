/**
 * A reading in words, for people and agents before anything runs (`svc test lint`, its MCP tool):
 * per clause what will be done or checked, on what, with which value, and how sure the reading is.
 */
import type { Intent, Scope, Target } from './intent.js';
import { readStep, type PlanStepLike, type Reading, type StepMemory } from './read.js';

export interface ClauseSummary {
  text: string;
  kind: 'action' | 'check';
  /** What will be done or checked ("click", "type into", "text is shown", "count is"). */
  does: string;
  /** The target as a phrase: `button "Save" at the top of the screen`. */
  target?: string;
  value?: string;
  /** Only when its target is there (a condition in the step). */
  optional?: boolean;
  confidence: number;
}

export interface StepSummary {
  step: number;
  type: PlanStepLike['type'];
  text: string;
  understood: boolean;
  confidence: number;
  clauses: ClauseSummary[];
  /** Remarks, purposes and conditions that are not acted on, and parts that could not be read. */
  remarks: string[];
}

export function targetPhrase(t: Target): string {
  if (t.ref) return 'the element the previous clause acted on';
  if (t.name === '@focused') return `the field being edited${t.within ? ` in "${t.within}"` : ''}`;
  if (t.name === '@entry') return 'the main entry field';
  if (t.column && t.within) return `the cell under "${t.column}" in the row showing "${t.within}"${t.hints?.length ? ` (like "${t.hints.join(' ')}")` : ''}`;
  const what = t.item ? 'checkbox of the item' : t.handle ? `${t.name} handle` : t.role ?? (t.kind === 'field' ? 'field' : t.kind === 'checkbox' ? 'checkbox' : t.kind === 'select' ? 'list' : 'element');
  const name = t.handle ? '' : t.name ? ` "${t.name}"` : t.anyOf?.length ? ` named ${t.anyOf.slice(0, 3).map((w) => `"${w}"`).join(' or ')}` : '';
  return [
    `${what}${name}`,
    t.alt?.length ? `(also ${t.alt.map((a) => `"${a}"`).join(', ')})` : '',
    t.by === 'placeholder' ? 'by its placeholder' : '',
    t.hints?.length ? `like "${t.hints.join(' ')}"` : '',
    t.within ? `${t.handle ? 'of' : 'inside'} "${t.within}"` : '',
    t.area?.length ? `in the ${t.area.join(' ')}` : '',
    t.place ? `at the ${t.place} of the screen` : '',
    t.nth ? `number ${t.nth > 0 ? t.nth : 'last'}` : '',
    t.region ? '(a drop area)' : '',
    t.via ? `(from the "${t.via.name}" page)` : '',
    t.menu ? `(from the "${t.menu.name}" menu)` : '',
    t.shape ? `(its text a ${t.shape})` : '',
  ].filter(Boolean).join(' ');
}

/** Where a check looks, in words: "in the section "Folders"", "in the row "Last seen"", "in the dialog". */
function scopePhrase(s: Scope): string {
  if (s.dialog) return s.name ? `in the dialog showing "${s.name}"` : 'in the open dialog';
  if (s.editor) return 'in the editor';
  if (s.position) return `in the ${s.position} row`;
  return `in the ${s.row ? 'row' : 'section'} "${s.name}"${s.column ? `, column "${s.column}"` : ''}`;
}

function where(s: Scope | undefined): { target?: string } {
  return s ? { target: scopePhrase(s) } : {};
}

function summary(i: Intent): Pick<ClauseSummary, 'does' | 'target' | 'value'> {
  switch (i.kind) {
    case 'navigate': return { does: 'open', value: i.url || 'the project URL' };
    case 'back': return { does: 'go back' };
    case 'reload': return { does: 'reload the page' };
    case 'click': return { does: i.repeat ? 'click as long as it is shown' : 'click', target: targetPhrase(i.target) };
    case 'dblclick': return { does: 'double-click', target: targetPhrase(i.target) };
    case 'hover': return { does: 'hover over', target: targetPhrase(i.target) };
    case 'drag': return { does: `drag${i.position ? ` (${i.position} of it)` : ''}`, target: `${targetPhrase(i.source)} onto ${targetPhrase(i.dest)}` };
    case 'fill-form': return { does: 'fill in the form, field by field', value: i.values.map((v) => (v.label ? `${v.label}: ${v.value}` : v.value)).join(' | ') };
    case 'fill': return { does: i.value ? 'type into' : 'clear', target: targetPhrase(i.target), ...(i.value ? { value: i.value } : {}) };
    case 'select': return { does: 'choose', target: targetPhrase(i.target), value: i.value };
    case 'check': return { does: i.checked ? 'tick' : 'untick', target: targetPhrase(i.target) };
    case 'select-text': return { does: 'select the text', value: i.to ? `${i.from} … ${i.to}` : i.from };
    case 'upload': return { does: 'give the file chooser', value: i.files.join(', '), ...(i.target ? { target: targetPhrase(i.target) } : {}) };
    case 'press': return { does: 'press key', value: i.key, ...(i.target ? { target: targetPhrase(i.target) } : {}) };
    case 'wait': return { does: i.gone ? 'wait until gone' : 'wait', ...(i.target ? { target: targetPhrase(i.target) } : {}), ...(i.ms !== undefined ? { value: `${i.ms} ms` } : {}) };
    case 'scroll': return { does: 'scroll', ...(i.target ? { target: targetPhrase(i.target) } : { value: i.direction ?? 'down' }) };
    case 'sign-in': {
      const given = (i.fields ?? []).map((f) => (f.name ? `${f.name} "${f.value}"` : `"${f.value}"`)).join(', ');
      return { does: i.fillOnly ? 'fill in the sign-in form' : 'sign in', value: `${i.username !== undefined ? `as "${i.username}"` : 'with the test account'}${given ? `; ${given}` : ''}` };
    }
    case 'expect-text': return { does: i.visible ? 'text is shown' : 'text is not shown', value: i.text, ...where(i.scope) };
    case 'expect-all': return { does: i.state === 'unselected' ? 'nothing is selected' : i.count !== undefined ? `${i.count} boxes are ${i.state}` : `every item is ${i.state}`, ...(i.group ? { target: `the check boxes under "${i.group}"` } : {}) };
    case 'expect-state': return { does: `is ${i.state}`, target: targetPhrase(i.target) };
    case 'expect-url': return { does: 'URL contains', value: i.contains };
    case 'expect-title': return { does: 'title contains', value: i.contains };
    case 'expect-value': return { does: 'field holds', target: targetPhrase(i.target), value: i.value };
    case 'expect-count': return { does: 'count is', value: String(i.count), target: i.target ? targetPhrase(i.target) : i.scope ? `items ${scopePhrase(i.scope)}` : 'items of the main list' };
    case 'expect-order': return { does: 'shown in this order', value: i.texts.join(' < '), ...where(i.scope) };
    case 'expect-each': return { does: 'every item has', target: targetPhrase(i.has) };
    case 'expect-look': return { does: `${i.negated ? 'does not look' : 'looks'} ${i.style ? { bold: 'bold', italic: 'in italics', strike: 'struck through', underline: 'underlined' }[i.style] : `marked with ${i.icon}`}`, target: targetPhrase(i.target) };
    case 'expect-no-error': return { does: 'no error on the page' };
    case 'answer-dialog': return { does: `answer the browser's question with ${i.accept ? 'OK' : 'Cancel'}`, ...(i.text ? { value: i.text } : {}) };
  }
}

export function summarise(reading: Reading, step: PlanStepLike, index: number): StepSummary {
  return {
    step: index + 1,
    type: step.type,
    text: step.description,
    understood: !reading.unknown,
    confidence: reading.confidence,
    clauses: reading.clauses.map((c) => ({
      text: c.text,
      kind: c.type === 'assertion' ? 'check' : 'action',
      ...summary(c.intent),
      ...(c.optional ? { optional: true } : {}),
      confidence: c.confidence,
    })),
    remarks: reading.unknown ? [`not understood: ${reading.unknown.words}`] : reading.remarks,
  };
}

/** Read every step of a plan, in order (what one step edits, the next may refer to). */
export function readPlan(steps: PlanStepLike[]): StepSummary[] {
  const memory: StepMemory = {};
  return steps.map((s, k) => summarise(readStep(s, memory), s, k));
}
