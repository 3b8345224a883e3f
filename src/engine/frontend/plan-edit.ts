/**
 * Natural-language edits of a drafted case, by deterministic rules. Several edits may be separated
 * by ";" or new lines. Supported (case-insensitive):
 *   rename to <title> | call it <title> | title: <title>
 *   remove the last step | remove the first step | remove step <n> | remove steps mentioning <text>
 *   also check that <assertion> | verify <assertion> | expect <assertion>   (appended as an assertion)
 *   add a step: <step> | then <step>                                       (appended; type inferred)
 *   insert <step> before|after step <n>
 *   replace step <n> with <step> | change step <n> to <step>
 *   replace "<old>" with "<new>" | use "<new>" instead of "<old>"           (in every step and the title)
 *   deselect | skip | exclude     select | include
 * Anything else is rejected with the list above, so nothing is silently misread.
 */
import { stepOf, type PlanCase } from './plan.js';
import type { PlanStep } from './types.js';

export class PlanEditError extends Error {}

export const EDIT_RULES = [
  'rename to <title>',
  'remove the last step / the first step / step <n> / steps mentioning <text>',
  'also check that <assertion>',
  'add a step: <step> (or: then <step>)',
  'insert <step> before|after step <n>',
  'replace step <n> with <step>',
  'replace "<old>" with "<new>" (or: use "<new>" instead of "<old>")',
  'deselect / select',
];

function stepIndex(c: PlanCase, n: string): number {
  const i = Number(n) - 1;
  if (!Number.isInteger(i) || i < 0 || i >= c.steps.length) throw new PlanEditError(`there is no step ${n} (the case has ${c.steps.length} steps)`);
  return i;
}

function applyOne(c: PlanCase, raw: string): PlanCase {
  const text = raw.trim().replace(/[.]+$/, '');
  const steps: PlanStep[] = c.steps.map((s) => ({ ...s }));
  let m: RegExpExecArray | null;
  if ((m = /^(?:rename(?: it| this| the case)?(?: to)?|retitle(?: it)?(?: to)?|call it|title:)\s+(.+)$/i.exec(text))) {
    return { ...c, title: m[1]!.replace(/^["“](.*)["”]$/, '$1').trim() };
  }
  if (/^(?:deselect|skip|exclude|don'?t run)(?: (?:it|this|the case))?$/i.test(text)) return { ...c, selected: false };
  if (/^(?:select|include|run)(?: (?:it|this|the case))?$/i.test(text)) return { ...c, selected: true };
  if ((m = /^(?:remove|delete|drop) (?:the )?(last|first|final) step$/i.exec(text))) {
    if (!steps.length) throw new PlanEditError('the case has no steps to remove');
    m[1]!.toLowerCase() === 'first' ? steps.shift() : steps.pop();
    return { ...c, steps };
  }
  if ((m = /^(?:remove|delete|drop) step (\d+)$/i.exec(text))) {
    steps.splice(stepIndex(c, m[1]!), 1);
    return { ...c, steps };
  }
  if ((m = /^(?:remove|delete|drop) (?:the |all )?steps? (?:that )?(?:mention(?:s|ing)?|about|containing|with) (.+)$/i.exec(text))) {
    const needle = m[1]!.replace(/^["“](.*)["”]$/, '$1').toLowerCase();
    const kept = steps.filter((s) => !s.description.toLowerCase().includes(needle));
    if (kept.length === steps.length) throw new PlanEditError(`no step mentions "${needle}"`);
    return { ...c, steps: kept };
  }
  if ((m = /^(?:replace|change) step (\d+) (?:with|to) (.+)$/i.exec(text))) {
    steps[stepIndex(c, m[1]!)] = stepOf(m[2]!);
    return { ...c, steps };
  }
  if ((m = /^(?:insert|add) (.+) (before|after) step (\d+)$/i.exec(text))) {
    const i = stepIndex(c, m[3]!);
    steps.splice(m[2]!.toLowerCase() === 'before' ? i : i + 1, 0, stepOf(m[1]!.replace(/^(?:a step:?|step:?)\s*/i, '')));
    return { ...c, steps };
  }
  const swap = /^(?:replace|change) ["“](.+?)["”] (?:with|to|by) ["“](.+?)["”]$/i.exec(text);
  const use = /^use ["“](.+?)["”] instead of ["“](.+?)["”]$/i.exec(text);
  if (swap || use) {
    const [from, to] = swap ? [swap[1]!, swap[2]!] : [use![2]!, use![1]!];
    const hits = steps.filter((s) => s.description.includes(from)).length;
    if (!hits && !c.title.includes(from)) throw new PlanEditError(`"${from}" does not occur in the case`);
    return { ...c, title: c.title.split(from).join(to), steps: steps.map((s) => ({ ...s, description: s.description.split(from).join(to) })) };
  }
  if ((m = /^(?:and |also |then )*(?:check|verify|assert|expect|ensure|confirm|make sure)(?: that)? (.+)$/i.exec(text))) {
    return { ...c, steps: [...steps, { type: 'assertion', description: `Verify ${m[1]}` }] };
  }
  if ((m = /^(?:and |also )*(?:add (?:a )?step:?|then|and then|finally) (.+)$/i.exec(text))) {
    return { ...c, steps: [...steps, stepOf(m[1]!)] };
  }
  throw new PlanEditError(`could not apply "${text}"; supported edits: ${EDIT_RULES.join('; ')}`);
}

/** Apply a natural-language edit; returns a new case and leaves the input untouched. */
export function editCase(c: PlanCase, instruction: string): PlanCase {
  const parts = instruction.split(/;|\n/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) throw new PlanEditError('the edit is empty');
  return parts.reduce(applyOne, c);
}
