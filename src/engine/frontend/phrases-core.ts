/**
 * Shared vocabulary of the step grammar: intents, targets, nouns → roles, and lifting quoted
 * strings out of a sentence so patterns can match its shape.
 */
import type { ElementState } from './types.js';

export type TargetKind = 'clickable' | 'field' | 'select' | 'checkbox' | 'any';

export interface Target {
  name: string;
  kind: TargetKind;
  /** Explicit role from a noun in the step ("the Add button" → button). */
  role?: string;
  /** Text of the row / list item / card the target sits in ("Delete next to "milk""). */
  within?: string;
  /** Extra words that describe the target ("the checkmark button to confirm the changes"). */
  hints?: string[];
  /** A multi-line text field (text area, body, editor). */
  multiline?: boolean;
  /** A connection handle or port of the element named by `within` ("the output of "A""). */
  handle?: boolean;
  /** A drop region named by words ("the workspace", "the board"). */
  region?: boolean;
  /** The checkbox of the list item whose text is `name`. */
  item?: boolean;
  /** The role is a hint: an element of another role with the same name also fits. */
  relaxed?: boolean;
  /** Something to drag from a palette or list: prefer draggable-looking elements. */
  draggable?: boolean;
  /** Words of which any one names the target ("save it": save, confirm, done, ok…). */
  anyOf?: string[];
  /** Find the field by its placeholder only. */
  by?: 'placeholder';
}

export type Intent =
  | { kind: 'navigate'; url: string }
  | { kind: 'click'; target: Target }
  | { kind: 'dblclick'; target: Target }
  | { kind: 'drag'; source: Target; dest: Target; position?: 'right' | 'left' | 'below' | 'above' }
  | { kind: 'reload' }
  | { kind: 'fill'; target: Target; value: string }
  | { kind: 'select'; target: Target; value: string }
  | { kind: 'check'; target: Target; checked: boolean }
  | { kind: 'press'; key: string; target?: Target }
  | { kind: 'hover'; target: Target }
  | { kind: 'wait'; target?: Target; ms?: number }
  | { kind: 'scroll'; target?: Target; direction?: 'up' | 'down' | 'top' | 'bottom' }
  | { kind: 'sign-in'; username?: string; password?: string }
  /** `orValue`: a form field whose value contains the text also counts. */
  | { kind: 'expect-text'; text: string; visible: boolean; orValue?: boolean }
  /** Every checkbox of the main list is in `state`. */
  | { kind: 'expect-all'; state: 'checked' | 'unchecked' }
  | { kind: 'expect-state'; target: Target; state: ElementState }
  | { kind: 'expect-url'; contains: string }
  | { kind: 'expect-title'; contains: string }
  | { kind: 'expect-value'; target: Target; value: string }
  /** `target` undefined means "items of the main list". */
  | { kind: 'expect-count'; target?: Target; count: number }
  | { kind: 'expect-no-error' };

export interface Parsed {
  /** Lower-cased sentence with quoted strings replaced by q0, q1, … */
  s: string;
  quotes: string[];
}

const NOUN_ROLE: Record<string, string> = {
  button: 'button', link: 'link', tab: 'tab', 'menu item': 'menuitem', menuitem: 'menuitem', checkbox: 'checkbox',
  radio: 'radio', 'radio button': 'radio', heading: 'heading', title: 'heading', field: 'textbox', input: 'textbox',
  textbox: 'textbox', 'text box': 'textbox', box: 'textbox', textarea: 'textbox', dropdown: 'combobox', select: 'combobox',
  'combo box': 'combobox', combobox: 'combobox', image: 'img', icon: 'img', option: 'option', switch: 'switch', toggle: 'checkbox',
};
export const NOUNS = Object.keys(NOUN_ROLE).sort((a, b) => b.length - a.length).join('|');

export function nounRole(noun: string | undefined): string | undefined {
  return noun ? NOUN_ROLE[noun.trim().toLowerCase()] : undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  no: 0, zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
};
export function toNumber(w: string): number | undefined {
  if (/^\d+$/.test(w)) return Number(w);
  return NUMBER_WORDS[w.toLowerCase()];
}

/** Lift quoted strings out; keep the rest lower-cased with single spaces. */
export function lift(description: string): Parsed {
  const quotes: string[] = [];
  const text = description
    .trim()
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[.;!]+$/, '');
  const replaced = text.replace(/"([^"]*)"|(?<![A-Za-z])'([^']*)'(?![A-Za-z])/g, (_m, a?: string, b?: string) => {
    quotes.push(a ?? b ?? '');
    return ` q${quotes.length - 1} `;
  });
  return { s: replaced.toLowerCase().replace(/\s+/g, ' ').trim(), quotes };
}

/** Value of a token: `qN` → the quoted text; anything else → itself (from the original casing). */
export function val(p: Parsed, token: string, original?: string): string {
  const m = /^q(\d+)$/.exec(token.trim());
  if (m) return p.quotes[Number(m[1])] ?? '';
  return original ?? token.trim();
}

/** Recover the original casing of a bare fragment of the lower-cased sentence. */
export function originalCase(description: string, fragment: string): string {
  const i = description.toLowerCase().indexOf(fragment.toLowerCase());
  return i >= 0 ? description.slice(i, i + fragment.length) : fragment;
}
