/**
 * What every rule family gets: the lifted step, the clause's verb and the words after it, helpers to
 * read targets and values, and the memory carried from step to step. A rule returns intents or
 * undefined (not its family's sentence); words it could not place lower the reading's confidence.
 */
import type { Intent, Target, TargetKind } from '../intent.js';
import { asWritten, literal, quotesIn, type Lifted } from '../lift.js';
import { nounPhrase } from '../noun-phrase.js';

/** Carried from step to step of one plan: what is being edited, the item last added. */
export interface StepMemory {
  /** Text of the element last double-clicked (an item being edited in place). */
  editing?: string;
  /** The item last added or acted on, for "it" ("Double-click it"). */
  item?: string;
  /** What was hovered last: "the button that appears" is in it. */
  hovered?: string;
  /** The clause just read hovered: "Hover over X and click Approve" clicks the Approve in X. */
  justHovered?: boolean;
  /** Some clause of the plan was read already: "Open Prometheus" as its first words opens the app. */
  opened?: boolean;
  /** The thing last named by its quoted name (clicked, chosen or checked): "It is marked with a flag", "Open it". */
  named?: string;
  /** Something was dropped earlier in this step: the next drop goes below it. */
  dropped?: boolean;
  /** The page of a multi-page form the plan is on ("fill in page 1 …" then "choose X on page 2"), when known. */
  formPage?: number;
}

export interface RuleInput {
  l: Lifted;
  /** The verb's lemma as written ("double-click", "tick"). */
  verb: string;
  /** The words after the verb, lower-cased, placeholders in. */
  rest: string;
  memory: StepMemory;
  /** Words the rule could not place (lowers confidence). */
  unplaced: string[];
  /** Remarks (parentheses) a rule took as its values, so they are no remarks any more. */
  used?: string[];
}

export type Rule = (i: RuleInput) => Intent[] | undefined;

/** An example of a family's reading, checked by the golden test: [step, type, intents (partial)]. */
export type Example = [string, 'action' | 'assertion', unknown[]];

/** A target from a noun phrase; its stray words go to `unplaced`. */
export function targetOf(i: RuleInput, np: string, kind: TargetKind): Target {
  const r = nounPhrase(i.l, np, kind);
  i.unplaced.push(...r.unplaced);
  if (r.target.ref === 'previous' && i.memory.item && kind !== 'field') return { name: i.memory.item, kind };
  return r.target;
}

/** A literal value: a quoted string, a URL, or the words as written. */
export function valueOf(i: RuleInput, frag: string): string {
  const t = frag.trim();
  const lit = literal(i.l, t);
  if (lit !== undefined) return lit;
  return asWritten(i.l, t).replace(/^(?:the (?:text|value|word|string) )/i, '');
}

export function quotes(i: RuleInput, frag: string): string[] {
  return quotesIn(i.l, frag);
}

/** A fragment that is only placeholders joined by commas/and: a list of values. */
export const QLIST = /^q\d+(?:(?:,|,? and|,? or|,? then|&) q\d+)*$/;
