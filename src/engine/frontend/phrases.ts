/**
 * One plain-language clause → intent, deterministically (interpret.ts splits a sentence into clauses
 * and reads most of them itself; this grammar reads the rest). Quoted strings ("…", '…', “…”) are lifted out
 * first and replaced by placeholders (`q0`, `q1`, …) so the grammar can match the sentence shape;
 * common unquoted forms ("click the Add button") are quoted by a pre-pass. The intent still names
 * targets by their visible text: resolver.ts turns them into concrete locators on the live page.
 */
import type { PlanStep } from './types.js';
import { lift, type Intent } from './phrases-core.js';
import { parseAssertion } from './phrases-assert.js';
import { parseAction } from './phrases-action.js';

export type { Intent, Target, TargetKind } from './phrases-core.js';

// Third-person verbs ("the user clicks …") map to the imperative.
const VERB_S = /^(click|type|enter|fill|select|check|uncheck|presse|hover|open|visit|navigate|goe|choose|wait|scroll|tap)s /;
const ASSERT_PREFIX = /^(?:verify|assert|expect|check|ensure|confirm|validate|make sure|see|i see|i should see|should see)(?: that| if| whether)?\s+/;
const FILLER = /^(?:then |and |next,? |finally,? |now )?(?:the user |user |i |we )?/;

/**
 * Parse a step. Assertion phrasing wins when the step reads as a check ("Verify…", "Check that…")
 * or is typed as an assertion; "Check "Remember me"" stays an action because it matches no
 * assertion shape.
 */
export function parseStep(step: PlanStep): Intent | undefined {
  const direct = parseLifted(step, step.description);
  if (direct || /["“”]/.test(step.description)) return direct;
  const quoted = autoQuote(step.description);
  return quoted === step.description ? undefined : parseLifted(step, quoted);
}

const TAIL = '( button| link| tab| checkbox| field| input| menu item| icon| option| toggle| dropdown| heading)?';
const AUTO_QUOTE: Array<[RegExp, string]> = [
  [/^(type|enter) (.+?) (into|in) (?:the )?(.+?)( field| input| box)?$/i, '$1 "$2" $3 the "$4"$5'],
  [/^(fill(?: in)?) (?:the )?(.+?)( field| input)? with (.+)$/i, '$1 the "$2"$3 with "$4"'],
  [/^(select|choose) (.+?) (from|in) (?:the )?(.+?)( dropdown| select| field| list)?$/i, '$1 "$2" $3 the "$4"$5'],
  [new RegExp(`^(verify|check|assert|expect|ensure|confirm)((?: that)?) (?:the )?(.+?)${TAIL} (is|are) (not )?(visible|displayed|shown|enabled|disabled|checked|unchecked|hidden)$`, 'i'), '$1$2 the "$3"$4 $5 $6$7'],
  [new RegExp(`^(click|click on|tap|press|hover over|hover|check|uncheck|wait for|scroll to) (?:the )?(.+?)${TAIL}$`, 'i'), '$1 the "$2"$3'],
];

/** Quote the target of common unquoted phrasings ("click the Add button" → click the "Add" button). */
export function autoQuote(description: string): string {
  const d = description.trim().replace(/[.;!]+$/, '');
  for (const [re, to] of AUTO_QUOTE) if (re.test(d)) return d.replace(re, to);
  return description;
}

function parseLifted(step: PlanStep, description: string): Intent | undefined {
  const p = lift(description);
  p.s = p.s.replace(FILLER, '').replace(VERB_S, (_m, v: string) => (v === 'goe' ? 'go' : v === 'presse' ? 'press' : v) + ' ');
  const prefixed = ASSERT_PREFIX.exec(p.s);
  if (prefixed) {
    const body = { ...p, s: p.s.slice(prefixed[0].length) };
    // "Check "Remember me"" is the checkbox action, not a check that the text is visible.
    const checkboxVerb = prefixed[0] === 'check ' && /^(?:the )?q\d+(?: \w+)?$/.test(body.s);
    if (!checkboxVerb) {
      const a = parseAssertion(body, description);
      if (a) return a;
    }
  }
  if (step.type === 'assertion') return parseAssertion(p, description) ?? parseAction(p, description);
  return parseAction(p, description) ?? parseAssertion(p, description);
}
