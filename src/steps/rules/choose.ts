/**
 * Choosing: options from a list, checkboxes, switches and radio buttons, items marked done.
 * "Choose "EU" as the region", "Select "Dark" from the Theme dropdown", "Tick the box for "Milk"",
 * "Mark "Pay rent" as done", "Uncheck "Laundry"", "Enable dark mode", "Select the second row".
 */
import type { Intent, Target } from '../intent.js';
import { quotes, targetOf, valueOf, type Example, type RuleInput } from './context.js';
import { asWritten } from '../lift.js';
import { nounRole } from '../lexicon.js';
import { nameLike } from '../noun-phrase.js';

const DONE = /^(?:done|complete|completed|finished|checked|ticked|read|resolved|closed|selected|favou?rite|important|starred)$/;
const UNDONE = /^(?:not done|incomplete|uncompleted|active|unchecked|unticked|unread|open|not completed|to ?do|pending)$/;

export function choose(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const r = i.rest.replace(/^(?:the\s+)?(?:option|value|entry|choice)\s+(?=q\d)/, '');
  // "pick Espresso from the suggestions that drop down": the entry that appeared, clicked.
  if ((m = /^(q\d+|.+?)\s+(?:from|in|among)\s+(?:the\s+)?(?:suggestions?|autocomplete(?: list| entries)?|completions?|search suggestions?|matches|results that appear|options that appear|list that appears|drop-?down(?: list)?|drop down(?: list)?)\b/.exec(r))) {
    return [{ kind: 'click', target: { name: valueOf(i, m[1]!), kind: 'clickable', area: ['suggestions', 'dropdown', 'menu', 'autocomplete', 'popup'], hints: ['suggestion'] } }];
  }
  if ((m = /^(q\d+|.+?)\s+(?:from|in|on|for|within|under|inside)\s+(?:the\s+)?(.+?)(?:\s+(?:list|menu|options))?$/.exec(r)) && (/^q\d+$/.test(m[1]!) || (m[1]!.split(' ').length <= 4 && /\b(?:dropdown|drop-down|select|list|menu|picker|combo ?box|options)\b|q\d/.test(m[2]!))) && !/^(?:the )?(?:row|item|card|list)$/.test(m[2]!)) {
    // ("the "All Categories" drop-down above the table": where the drop-down sits says nothing more.)
    const list = m[2]!.replace(/^(.*?\b(?:drop-?down|select|picker|combo ?box|menu))\s+(?:above|below|under|over|next to|beside|near|at the top of|on top of|in) .+$/, '$1');
    return [{ kind: 'select', target: { ...targetOf(i, list, 'select') }, value: valueOf(i, m[1]!) }];
  }
  // "Code_Defect as the type and Critical as the severity": one choice per drop-down.
  const pairs = r.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => /^(q\d+|[\w.-]+(?: [\w.-]+)?)\s+(?:as|for)\s+(?:the\s+|your\s+|my\s+|its\s+)?([a-z][\w -]*)$/.exec(p.trim()));
  if (pairs.length > 1 && pairs.every(Boolean)) return pairs.map((p) => ({ kind: 'select' as const, target: targetOf(i, p![2]!, 'select'), value: valueOf(i, p![1]!) }));
  if ((m = /^(q\d+|[\w ]+?)\s+as\s+(?:the\s+|your\s+|my\s+)?(.+)$/.exec(r))) {
    return [{ kind: 'select', target: targetOf(i, m[2]!, 'select'), value: valueOf(i, m[1]!) }];
  }
  if (/^all$|^everything$/.test(r)) return [{ kind: 'click', target: { name: 'select all', kind: 'clickable', anyOf: ['select all', 'all'], described: true } }];
  if (!r) return undefined;
  // "Select todo.txt": an item of a list is selected by its checkbox (or by a click where it has none).
  if (/^(?:select|pick|choose|highlight)$/.test(i.verb) && /^[\w.-]+$/.test(r) && /\w[._-]\w/.test(r)) return [{ kind: 'check', target: { name: asWritten(i.l, r), kind: 'checkbox', role: 'checkbox', item: true }, checked: true }];
  return [{ kind: 'click', target: targetOf(i, r, 'clickable') }];
}

/** A checkbox: named, of an item ("the box for "Milk""), or an item itself ("Check "Laundry""). */
function box(i: RuleInput, np: string): Target[] {
  const names = quotes(i, np);
  if (names.length > 1 && /^(?:the (?:todos?|items?|tasks?) )?q\d+(?:(?:,|,? and) q\d+)+$/.test(np)) {
    return names.map((n) => ({ name: n, kind: 'checkbox', role: 'checkbox', item: true }));
  }
  // "Tick Sales report.ipynb and todo.txt": unquoted names, each an item's own checkbox.
  const parts = np.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
  if (parts.length > 1 && parts.every((x) => /^[\w.-]+(?: [\w.-]+){0,3}$/.test(x) && nameLike(i.l, x) && !nounRole(x.split(' ').pop()))) {
    return parts.map((x) => ({ name: asWritten(i.l, x), kind: 'checkbox', role: 'checkbox', item: true }));
  }
  if (/^[\w.-]+$/.test(np) && /\w[._-]\w/.test(np) && !nounRole(np)) return [{ name: asWritten(i.l, np), kind: 'checkbox', role: 'checkbox', item: true }];
  const t = targetOf(i, np, 'checkbox');
  if (t.ref) return [{ ...t, kind: 'checkbox' }];
  // A bare quoted name (no role noun): its own checkbox, or the checkbox of the item showing it.
  if (!t.role && /^(?:the (?:todo|item|task|entry|row|option) )?q\d+$/.test(np.replace(/^the /, ''))) return [{ name: t.name, kind: 'checkbox', role: 'checkbox', item: true }];
  if (t.role === 'checkbox' && !t.name && t.within) return [{ name: '', kind: 'checkbox', role: 'checkbox', within: t.within }];
  return [{ ...t, kind: 'checkbox', role: t.role ?? 'checkbox', relaxed: true }];
}

export function check(i: RuleInput, on: boolean): Intent[] | undefined {
  let m: RegExpExecArray | null;
  let r = i.rest.replace(/\s+(?:on|off)$/, '');
  let state = on;
  if ((m = /^(.+?)\s+(?:as\s+)?((?:not )?[\w ]+?)$/.exec(r)) && (DONE.test(m[2]!) || UNDONE.test(m[2]!)) && i.verb === 'mark') {
    r = m[1]!;
    state = DONE.test(m[2]!);
  } else if (i.verb === 'mark' && (m = /^(.+?)\s+(?:as\s+)?(done|complete|completed|finished|read)$/.exec(r))) {
    r = m[1]!;
  }
  if (!r) return undefined;
  return box(i, r).map((target) => ({ kind: 'check', target, checked: state }));
}

export function toggle(i: RuleInput): Intent[] | undefined {
  if (!i.rest) return undefined;
  return [{ kind: 'click', target: { ...targetOf(i, i.rest, 'clickable'), relaxed: true } }];
}

export const examples: Example[] = [
  ['Select all three bullet points, from "Litter" to "church"', 'action', [{ kind: 'select-text', from: 'Litter', to: 'church' }]],
  ['Select the words "spring fair"', 'action', [{ kind: 'select-text', from: 'spring fair' }]],
  ['Select the whole sub-heading "Coming up"', 'action', [{ kind: 'select-text', from: 'Coming up' }]],
  ['Choose Code_Defect as the type and Critical as the severity', 'action', [{ kind: 'select', target: { name: 'type' }, value: 'Code_Defect' }, { kind: 'select', target: { name: 'severity' }, value: 'Critical' }]],
  ['Choose "EU" as the region', 'action', [{ kind: 'select', target: { name: 'region' }, value: 'EU' }]],
  ['Select "Dark" from the Theme dropdown', 'action', [{ kind: 'select', target: { name: 'Theme', role: 'combobox' }, value: 'Dark' }]],
  ['Tick the box for "Milk" to mark it done', 'action', [{ kind: 'check', target: { role: 'checkbox', within: 'Milk' }, checked: true }]],
  ['Mark "Pay rent" as done', 'action', [{ kind: 'check', target: { name: 'Pay rent', item: true }, checked: true }]],
  ['Uncheck "Laundry"', 'action', [{ kind: 'check', target: { name: 'Laundry', item: true }, checked: false }]],
  ['Select the second row', 'action', [{ kind: 'click', target: { nth: 2 } }]],
  ['Tick Sales report.ipynb and todo.txt', 'action', [{ kind: 'check', target: { name: 'Sales report.ipynb', item: true } }, { kind: 'check', target: { name: 'todo.txt', item: true } }]],
  ['Tick the checkbox in front of todo.txt', 'action', [{ kind: 'check', target: { role: 'checkbox', within: 'todo.txt' } }]],
  ['Select todo.txt', 'action', [{ kind: 'check', target: { name: 'todo.txt', item: true }, checked: true }]],
  ['Pick Espresso from the suggestions that drop down', 'action', [{ kind: 'click', target: { name: 'Espresso', area: ['suggestions', 'dropdown', 'menu', 'autocomplete', 'popup'] } }]],
];
