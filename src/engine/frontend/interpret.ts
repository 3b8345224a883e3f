/**
 * Step interpreter: one sentence as people write test steps → ordered clauses, each with an intent.
 * Compound sentences are split on "and", "then", ";" and commas before a verb; a list after a colon
 * repeats an action per value ("…typing each into "New item" and pressing Enter: "a", "b""); an
 * assertion over several things ("shows the heading "X", a "Y" field and no notes") becomes one
 * check per thing. URLs, quoted values, counts, ordinals and positional words ("at the left of
 * "Pay rent"") are read from anywhere in the sentence. Each clause then goes through the phrase
 * grammar (phrases-*.ts); what no rule reads is reported with the words that were not understood.
 */
import type { PlanStep } from './types.js';
import { lift, NOUNS, nounRole, toNumber, type Intent, type Parsed, type Target, type TargetKind } from './phrases-core.js';
import { parseAssertion } from './phrases-assert.js';
import { keyName, parseAction } from './phrases-action.js';
import { parseStep } from './phrases.js';

export interface Clause {
  /** The clause as written (quotes restored). */
  text: string;
  type: PlanStep['type'];
  intent: Intent;
}

export interface Interpretation {
  clauses: Clause[];
  /** Set when some part of the sentence could not be read. */
  unknown?: { words: string; suggestion: string };
}

/** Pseudo-targets resolved against the page's state rather than by name. */
export const FOCUSED = '@focused';
export const ENTRY = '@entry';

const VERB = [
  'click', 'double[- ]?click', 'right[- ]?click', 'tap', 'press', 'hit', 'push', 'type', 'enter', 'input', 'write', 'fill', 'add', 'create', 'select',
  'choose', 'pick', 'check', 'uncheck', 'tick', 'untick', 'mark', 'complete', 'hover', 'drag', 'drop', 'connect', 'open', 'go', 'visit',
  'navigate', 'browse', 'reload', 'refresh', 'close', 'clear', 'empty', 'replace', 'change', 'set', 'sign', 'log', 'login', 'switch', 'delete',
  'remove', 'confirm', 'save', 'submit', 'wait', 'scroll', 'expand', 'collapse', 'edit', 'rename', 'follow', 'return', 'start', 'then',
  'use', 'toggle', 'dismiss', 'cancel', 'discard', 'apply', 'search', 'filter', 'upload', 'focus', 'load', 'accept', 'verify', 'check that',
];
const VERB_START = new RegExp(`^(?:then |now |and |also |finally )?(?:${VERB.join('|')})\\b`);
const Q = '(q\\d+)';
const QLIST = '(q\\d+(?:(?:,|,? and|,? or) q\\d+)*)';

function quotesIn(p: Parsed, s: string): string[] {
  return [...s.matchAll(/\bq(\d+)\b/g)].map((m) => p.quotes[Number(m[1])] ?? '');
}

/** The clause text with its placeholders turned back into quoted strings. */
function restore(p: Parsed, s: string): string {
  return s.replace(/\bq(\d+)\b/g, (_m, n: string) => `"${p.quotes[Number(n)] ?? ''}"`);
}

const URL_RE = /(https?:\/\/[^\s"]+|(?<![\w])\/[\w\-./#?=&%~:+]*|(?<![\w])#\/?[\w\-/]*)/;

/** Split on separators that always end a clause, then on "and"/commas that start a new verb. */
function splitClauses(s: string): string[] {
  const out: string[] = [];
  for (const part of s.split(/\s*;\s*|,? and then |,? then |\. (?=[a-z])/)) {
    const pieces = part.split(/(,? and |, )/);
    let cur = pieces[0] ?? '';
    for (let i = 1; i < pieces.length; i += 2) {
      const next = pieces[i + 1] ?? '';
      const carried = /^q\d+ (?:as|for) (?:the )?\w+/.test(next) && /^(?:enter|type|fill|use|put) /.test(cur);
      if ((carried || VERB_START.test(next)) && !/^(?:check|complete|mark|set) q\d+$/.test(next) && splitOk(cur, next)) {
        out.push(cur.trim());
        cur = next;
      } else cur += pieces[i]! + next;
    }
    out.push(cur.trim());
  }
  return out.filter(Boolean).map((c) => c.replace(/^(?:and |then |now |also |finally |next,? )+/, '').trim());
}

/** "…by typing each into X and pressing Enter" stays one clause; so does "sign in as … and password …". */
function splitOk(cur: string, next: string): boolean {
  if (/\bby (?:typing|entering|clicking|pressing)\b/.test(cur) && /^(?:pressing|hitting|clicking)\b/.test(next)) return false;
  return true;
}

const ITEM_NOUN = '(?:todos?|items?|tasks?|entries|entry|notes?|rows?|records?|things?)';

/** Verbs whose single object is the thing to click ("Close all open tiddlers", "Save it"). */
const CLICK_VERBS = /^(close|expand|collapse|delete|remove|save|confirm|submit|cancel|dismiss|discard|apply|accept|edit|toggle|show|hide|open|switch to|go back to|go to)\b\s*(.*)$/;

function parseClause(p: Parsed, s: string, type: PlanStep['type'], ctx: Ctx, description: string): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const text = restore(p, s);
  if (type === 'assertion' || /^(?:verify|assert|expect|ensure|confirm that|make sure|check that|check if)\b/.test(s)) {
    const a = parseAssertionClause(p, s, ctx, description);
    if (a) return a;
    if (type === 'assertion') return undefined;
  }
  // A purpose at the end ("…to edit it", "…to open its properties") only describes the action.
  const why = / (?:to|in order to) ((?:edit|open|confirm|save|show|see|view|start|remove|delete|expand|collapse|select|submit|cancel|discard|apply|close)\b[^"]*)$/.exec(s);
  if (why && !/^(?:go|switch|scroll|navigate|return|head|come) /.test(s)) {
    const rest = parseClause(p, s.slice(0, why.index), type, ctx, description);
    const hints = words(why[1]!);
    for (const i of rest ?? []) if (i.kind === 'click') i.target.hints = [...(i.target.hints ?? []), ...hints];
    if (rest) return rest;
  }
  // Sign in with explicit credentials: "sign in as "u" with the password "p"".
  if ((m = new RegExp(`^(?:sign|log) ?in(?: to \\w+)?(?: (?:as|with(?: the)? (?:username|user|email|login)|using(?: the)? (?:username|user)?))? ${Q},?(?: and| with)?(?: the)? password ${Q}$`).exec(s))) {
    return [{ kind: 'sign-in', username: val(p, m[1]!), password: val(p, m[2]!) }];
  }
  // Navigation: a navigation verb with a URL or path anywhere in the clause.
  if (/^(?:open|go|visit|load|navigate|browse|start|head|return|come back)\b/.test(s)) {
    const url = URL_RE.exec(text.replace(/"/g, ' '))?.[1];
    if (url) return [{ kind: 'navigate', url }];
    if (!/q\d/.test(s) && !/\b(?:tab|button|link|menu|section|dialog|panel|dropdown|modal|drawer|field|filter)\b/.test(s)) {
      if (/^(?:open|go to|visit|load|navigate to|browse to|start at|start on|start from|head to|return to|go back to|come back to)\b/.test(s)) return [{ kind: 'navigate', url: '' }];
    }
  }
  if (/^(?:reload|refresh)(?: the)?(?: page| browser| app| tab)?$/.test(s)) return [{ kind: 'reload' }];
  // "Add three items by typing each into "New item" and pressing Enter: "a", "b", "c"".
  if ((m = new RegExp(`^(.*?)by (?:typing|entering) (?:each|it|them|each one|each of them) (?:into|in) (?:the )?(.+?) and (?:pressing|hitting) (?:the )?(enter|return)(?: key)?(?::? ${QLIST})?$`).exec(s))) {
    const values = quotesIn(p, m[4] ?? m[1]!);
    if (values.length) return values.flatMap((v) => fillEnter(fieldTarget(p, m![2]!), v));
  }
  // "add "A", "B" and "C" (as todos | to the list)", "create a todo called "X"", "add the todo "X"".
  if ((m = new RegExp(`^(?:add|create|enter)(?: (?:a|an|the|one|\\w+ more))?(?: new)?(?: ${ITEM_NOUN})?(?: (?:called|named|titled|with the text))? ${QLIST}(?: (?:to|in|into|on) the (?:list|todo list|todos)| as (?:a |an )?${ITEM_NOUN})?$`).exec(s))) {
    return quotesIn(p, m[1]!).flatMap((v) => fillEnter({ name: ENTRY, kind: 'field' }, v));
  }
  // "create a new tiddler titled "X" with the text "Y"": open a new record, fill its title and text.
  if ((m = new RegExp(`^(?:create|add|make)(?: a| an)?(?: new)? ([a-z][\\w -]*?) (?:titled|called|named) ${Q}(?: with(?: the)? (?:text|body|content|description) ${Q})?$`).exec(s))) {
    const entity = m[1]!;
    if (!m[3]) return fillEnter({ name: ENTRY, kind: 'field' }, val(p, m[2]!));
    return [
      { kind: 'click', target: { name: `new ${entity}`, kind: 'clickable', hints: ['new', 'add', 'create', entity] } },
      { kind: 'fill', target: { name: 'title', kind: 'field', anyOf: ['title', 'name', 'subject'] }, value: val(p, m[2]!) },
      { kind: 'fill', target: { name: 'text', kind: 'field', hints: ['text', 'body', 'content'], multiline: true }, value: val(p, m[3]!) },
    ];
  }
  // "Enter "x" followed by Enter in the new todo box".
  if ((m = new RegExp(`^(?:type|enter|input|write) ${Q} followed by (?:the )?(enter|return|tab)(?: key)? (?:in|into) (?:the )?(.+)$`).exec(s))) {
    return [{ kind: 'fill', target: fieldTarget(p, m[3]!), value: val(p, m[1]!) }, { kind: 'press', key: keyName(m[2]!)! }];
  }
  // Typing into the focused element or a described field ("type "x" into the new todo field").
  if ((m = new RegExp(`^(?:type|enter|input|write|key in) ${Q}(?: (?:into|in|in to|on) (?:the )?(.+))?$`).exec(s))) {
    const where = m[2];
    return [{ kind: 'fill', target: where ? fieldTarget(p, where) : { name: FOCUSED, kind: 'field' }, value: val(p, m[1]!) }];
  }
  // "Enter "admin" as the username", "and "wrong" as the password" (the verb carried over).
  if ((m = new RegExp(`^(?:enter |type |fill in |use )?${Q} (?:as|for|in) (?:the )?(.+)$`).exec(s)) && (ctx.verb === 'enter' || /^(?:enter|type|fill|use)/.test(s))) {
    return [{ kind: 'fill', target: fieldTarget(p, m[2]!), value: val(p, m[1]!) }];
  }
  // Replacing the text being edited: "replace it with "x"", "change the text to "x"", "set the title to "x"".
  if ((m = new RegExp(`^(?:replace|change|set|overwrite|update)(?: (?:it|its text|its value|its title|its name|the text|the value|the content|its content))? (?:with|to) ${Q}$`).exec(s))) {
    if (/\b(?:title|name)\b/.test(s)) return [{ kind: 'fill', target: { name: 'title', kind: 'field', anyOf: ['title', 'name', 'subject'] }, value: val(p, m[1]!) }];
    const text = /\b(?:text|content)\b/.test(s) ? { hints: ['text', 'body', 'content'] } : {};
    return [{ kind: 'fill', target: { name: FOCUSED, kind: 'field', ...text }, value: val(p, m[1]!) }];
  }
  if ((m = new RegExp(`^(?:replace|change|set|update) (?:the )?(.+?) (?:with|to) ${Q}$`).exec(s)) && !/q\d/.test(m[1]!)) {
    const name = m[1]!.replace(/ (?:field|input|box)$/, '');
    const focusedFirst = /^(?:text|its text|the text|value)$/.test(name);
    return [{ kind: 'fill', target: { ...fieldTarget(p, name), ...(focusedFirst ? { name: FOCUSED, hints: ['text', 'body', 'content'] } : {}) }, value: val(p, m[2]!) }];
  }
  if (/^(?:clear|empty|delete|erase|remove) (?:it|the text|its text|the value|all the text)$/.test(s)) return [{ kind: 'fill', target: { name: FOCUSED, kind: 'field' }, value: '' }];
  if ((m = /^(?:clear|empty) (?:the )?(.+?)$/.exec(s)) && !/q\d/.test(m[1]!)) return [{ kind: 'fill', target: fieldTarget(p, m[1]!), value: '' }];
  if (/^submit(?: it| the form| this)?$/.test(s)) return [{ kind: 'press', key: 'Enter' }];
  if ((m = new RegExp(`^(?:press|hit|tap|type) (?:the )?(\\w+(?:\\+\\w+)?)(?: key)?$`).exec(s)) && keyName(m[1]!)) return [{ kind: 'press', key: keyName(m[1]!)! }];
  // Double click.
  if ((m = new RegExp(`^double[- ]?click(?: on)? (?:the )?(?:(?:todo|item|node|entry|row|note|card|tiddler|title|label|text) )?(.+?)$`).exec(s))) {
    const t = /^(?:it|this|that)$/.test(m[1]!) && ctx.item ? { name: ctx.item, kind: 'any' as const } : describedTarget(p, m[1]!, 'any');
    ctx.editing = t.name;
    return [{ kind: 'dblclick', target: t }];
  }
  // Checkboxes of list items: "tick the checkbox at the left of "x"", "mark "x" as done", "complete "a" and "b"".
  if ((m = new RegExp(`^(?:check|tick|select|click) (?:the )?(?:checkbox|check box|toggle|tick box)(?: (?:at the left of|left of|next to|beside|of|for|in front of|before) ${Q})$`).exec(s))) {
    return [{ kind: 'check', target: { name: '', kind: 'checkbox', role: 'checkbox', within: val(p, m[1]!) }, checked: true }];
  }
  if ((m = new RegExp(`^(?:mark|set) ${QLIST} as (done|completed?|finished|checked|not done|incomplete|active|uncompleted|open)$`).exec(s))) {
    const on = !/^(?:not done|incomplete|active|uncompleted|open)$/.test(m[2]!);
    return quotesIn(p, m[1]!).map((v) => ({ kind: 'check', target: { name: v, kind: 'checkbox', role: 'checkbox', item: true }, checked: on }));
  }
  if ((m = new RegExp(`^(complete|check|tick|uncheck|untick|finish) (?:the (?:todos?|items?|tasks?) )?${QLIST}$`).exec(s))) {
    const on = !/^un/.test(m[1]!);
    return quotesIn(p, m[2]!).map((v) => ({ kind: 'check', target: { name: v, kind: 'checkbox', role: 'checkbox', item: true }, checked: on }));
  }
  // Drag and drop, and connecting one element's handle to another's.
  if ((m = new RegExp(`^connect (?:the )?(?:(output|input|handle|port) (?:of|from) )?(?:the )?${Q}(?: node)?(?:'s (output|input|handle|port))? (?:to|with) (?:the )?(?:(input|output|handle|port) of )?(?:the )?${Q}(?: node)?`).exec(s))) {
    const from = m[1] ?? m[3] ?? 'output';
    const to = m[4] ?? 'input';
    return [{ kind: 'drag', source: { name: from, kind: 'any', within: val(p, m[2]!), handle: true }, dest: { name: to, kind: 'any', within: val(p, m[5]!), handle: true } }];
  }
  // Onto something named in quotes: "drag the "Fix bug" card to the "Done" column".
  if ((m = new RegExp(`^(?:drag|move)(?: and drop)? (?:the )?${Q}(?: (?:node|card|item|block|widget|element|tile|file|task|todo|row|entry))?(?: from (?:the )?[\\w -]+?)? (?:onto|on to|to|into|over|on|in) (?:the )?${Q}(?: (?:column|list|lane|area|board|panel|box|zone|folder|bin|section|group|node|card|item|tile|slot|cell|tab|bucket|stage))?(?:,? (?:to the (right|left) of it|(below|under|above) it))?$`).exec(s))) {
    const offset = (m[3] ?? m[4]) as 'right' | 'left' | 'below' | 'under' | 'above' | undefined;
    return [{ kind: 'drag', source: { name: val(p, m[1]!), kind: 'any', draggable: true, ...(m[0].includes(' node') ? { hints: ['node'] } : {}) }, dest: { name: val(p, m[2]!), kind: 'any', region: true }, ...(offset ? { position: offset === 'under' ? 'below' : offset } : {}) }];
  }
  if ((m = new RegExp(`^(?:drag|move)(?: and drop)? (?:the )?${Q}(?: (?:node|card|item|block|widget|element|tile|file))?(?: from (?:the )?[\\w -]+?)? (?:onto|on to|to|into|over|on) (?:the )?([\\w -]+?)(?:,? (?:to the (right|left) of it|(below|under|above) it))?$`).exec(s))) {
    const dest = m[2]!;
    const offset = (m[3] ?? m[4]) as 'right' | 'left' | 'below' | 'under' | 'above' | undefined;
    const pos = offset ? (offset === 'under' ? 'below' : offset) : ctx.dropped ? 'below' : undefined;
    ctx.dropped = true;
    return [{ kind: 'drag', source: { name: val(p, m[1]!), kind: 'any', draggable: true, ...(m[0].includes(' node') ? { hints: ['node'] } : {}) }, dest: { name: dest.replace(/ (?:area|board|panel)$/, ''), kind: 'any', region: true }, ...(pos ? { position: pos } : {}) }];
  }
  // Hover, then click what appears: "click the remove (x) button that appears".
  if ((m = new RegExp(`^(?:hover|mouse over|move the mouse over|point at)(?: over| on)? (?:the )?${Q}(?: (?:todo|item|row|entry|note))?$`).exec(s))) {
    ctx.hovered = val(p, m[1]!);
    return [{ kind: 'hover', target: { name: ctx.hovered, kind: 'any' } }];
  }
  if ((m = new RegExp(`^(?:click|tap|press|hit|push|use)(?: on)? (?:the )?([a-z][\\w -]*?)(?: \\((q\\d+|[^)]+)\\))? (${NOUNS}|icon)(?: (?:that|which) appears?| shown)?(?: (?:of|for|next to|beside|on|in the row of|at the right of|right of) ${Q})?$`).exec(s)) && !/q\d/.test(m[1]!)) {
    const within = m[4] ? val(p, m[4]) : /appears?/.test(s) ? ctx.hovered : undefined;
    const alt = m[2] ? val(p, m[2]) : undefined;
    return [{ kind: 'click', target: { name: m[1]!.trim(), kind: 'clickable', role: nounRole(m[3]), ...(alt ? { hints: [alt] } : {}), ...(within ? { within } : {}) } }];
  }
  // Click with a purpose or a region named after the target: "click the checkmark button to confirm the changes".
  const purpose = /^(.*?) (?:to|in order to) ((?:confirm|save|edit|open|close|show|see|view|start|remove|delete|expand|collapse|select|submit|cancel|discard|apply)\b.*)$/.exec(s);
  const core = purpose ? purpose[1]! : s;
  const hints = purpose ? words(purpose[2]!) : [];
  const region = / (?:in|on|inside|within|from|under) (?:the )?(sidebar|header|footer|toolbar|palette|menu|dialog|results|search results|list|page|canvas|workspace|navigation|nav|top bar|story|editor|panel)$/;
  const bare = core.replace(region, '');
  const direct = parseAction({ ...p, s: bare }, description);
  if (direct) {
    if (direct.kind === 'click' && hints.length) direct.target.hints = hints;
    return [direct];
  }
  if ((m = new RegExp(`^(?:click|tap|press|push|hit|select|choose|follow)(?: on)? (?:the )?${Q} ([a-z]+)$`).exec(bare))) {
    return [{ kind: 'click', target: { name: val(p, m[1]!), kind: 'clickable', hints: [m[2]!, ...hints] } }];
  }
  if ((m = new RegExp(`^(?:click|tap|press|push|hit|select|choose|follow)(?: on)? (?:the )?([a-z][\\w -]*?)(?: (${NOUNS}))?$`).exec(bare))) {
    return [{ kind: 'click', target: { name: m[1]!, kind: 'clickable', role: nounRole(m[2]), ...(hints.length ? { hints } : {}) } }];
  }
  if ((m = CLICK_VERBS.exec(bare))) {
    const object = m[2]!.replace(/^(?:the|a|an) /, '');
    const q = /^(q\d+)(?: (\w+))?$/.exec(object);
    if (q) return [{ kind: 'click', target: { name: val(p, q[1]!), kind: 'clickable', role: nounRole(q[2]), hints: [m[1]!] } }];
    if (/^(?:it|this|them|the changes?|changes)$|^$/.test(object)) return [{ kind: 'click', target: { name: '', kind: 'clickable', anyOf: [m[1]!, ...(SYNONYMS[m[1]!] ?? [])] } }];
    return [{ kind: 'click', target: { name: `${m[1]} ${object}`, kind: 'clickable', hints: words(`${m[1]} ${object}`) } }];
  }
  return undefined;
}

const SYNONYMS: Record<string, string[]> = {
  save: ['confirm', 'done', 'ok', 'submit', 'apply'], confirm: ['save', 'done', 'ok', 'apply'], submit: ['save', 'send', 'ok'],
  close: ['dismiss', 'x'], cancel: ['discard', 'close'], delete: ['remove', 'destroy', 'trash'], remove: ['delete', 'destroy', 'trash'],
};

function val(p: Parsed, token: string): string {
  const m = /^q(\d+)$/.exec(token.trim());
  return m ? p.quotes[Number(m[1])] ?? '' : token.trim();
}

function words(s: string): string[] {
  return s.split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP.has(w));
}
const STOP = new Set(['the', 'a', 'an', 'to', 'of', 'in', 'on', 'it', 'its', 'this', 'that', 'and', 'or', 'with', 'for', 'at', 'is', 'be']);

function fillEnter(target: Target, value: string): Intent[] {
  return [{ kind: 'fill', target, value }, { kind: 'press', key: 'Enter' }];
}

/** A field named by a quoted string or by words ("the new todo field", "the "tag name" box"). */
function fieldTarget(p: Parsed, phrase: string): Target {
  const s = phrase.trim().replace(/^(?:the|a|an) /, '').replace(/^(?:box|field|input|text ?box|text field)(?: that says| that reads| labell?ed| named| called| with the (?:placeholder|label|hint))? (?=q\d+$)/, '');
  const q = /^(q\d+)(?: (field|input|box|text ?box|text ?area|textarea|search ?box|dropdown))?$/.exec(s);
  if (q) return { name: val(p, q[1]!), kind: 'field', ...(q[2] && /area/.test(q[2]) ? { multiline: true } : {}) };
  const name = s.replace(/ (?:field|input|box|text ?box|input field|text field)$/, '').trim();
  if (/^(?:text ?area|textarea|body|text|content|description|editor)$/.test(name)) return { name, kind: 'field', multiline: true, hints: ['text', 'body', 'content'] };
  if (/^search(?: ?box| field)?$/.test(s)) return { name: 'search', kind: 'field', role: 'searchbox', hints: ['search'] };
  return { name, kind: 'field', hints: words(name) };
}

/** A target named by a quoted string or words, e.g. for double-click: ""Pay rnet"", "the "function 1" node". */
function describedTarget(p: Parsed, phrase: string, kind: TargetKind): Target {
  const s = phrase.replace(/ (?:node|todo|item|entry|row|card)$/, '').trim();
  const q = /^(q\d+)$/.exec(s);
  return q ? { name: val(p, q[1]!), kind } : { name: s, kind, hints: words(s) };
}

interface Ctx {
  verb?: string;
  hovered?: string;
  dropped?: boolean;
  editing?: string;
  item?: string;
  /** The predicate of the previous assertion clause and its subject's noun, for "…and "B" is not". */
  predicate?: string;
  noun?: string;
}

// ---------------------------------------------------------------------------------------------
// Assertions over several things.

const PLURAL: Record<string, string> = { fields: 'field', buttons: 'button', links: 'link', tabs: 'tab', checkboxes: 'checkbox', headings: 'heading', inputs: 'input', options: 'option' };

/** One noun phrase of an assertion list → the checks it implies ("the heading "X"", "no notes"). */
function nounPhrase(p: Parsed, np: string, visible: boolean, nounOverride?: string): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const s = np.trim().replace(/^(?:the|a|an|one|its) /, '').replace(/^(?:text|message|tag|title|label|words?) (?=q\d)/, '');
  if ((m = new RegExp(`^no (?:${ITEM_NOUN}|results?)$`).exec(s))) return [{ kind: 'expect-count', count: 0 }];
  if ((m = new RegExp(`^(?:(${NOUNS}) )?(?:(?:named|called|titled|labelled|labeled|with the (?:text|label|name)) )?${Q}(?: (${NOUNS}|fields|buttons|links|tabs|checkboxes|[a-z]+))?$`).exec(s))) {
    const trailing = m[3] && (nounRole(m[3]) || PLURAL[m[3]]) ? m[3] : undefined;
    const noun = m[1] ?? (trailing ? PLURAL[trailing] ?? trailing : nounOverride);
    return [visibility(val(p, m[2]!), noun, visible)];
  }
  if ((m = new RegExp(`^(${NOUNS}|field|input|box) with (?:the|a) (placeholder|label|value|text|title) ${Q}$`).exec(s))) {
    const v = val(p, m[3]!);
    if (m[2] === 'placeholder') return [{ kind: 'expect-state', target: { name: v, kind: 'field', by: 'placeholder' }, state: visible ? 'visible' : 'hidden' }];
    return [visibility(v, m[1], visible)];
  }
  if ((m = new RegExp(`^([a-z][\\w -]*?) (?:named|called|titled|showing|saying|with the (?:text|title|name)) ${Q}$`).exec(s))) {
    return [visibility(val(p, m[2]!), m[1]!.split(' ').pop(), visible)];
  }
  return undefined;
}

function visibility(name: string, noun: string | undefined, visible: boolean): Intent {
  const role = nounRole(noun);
  if (!role) return { kind: 'expect-text', text: name, visible };
  const kind: TargetKind = role === 'textbox' ? 'field' : role === 'heading' ? 'any' : 'clickable';
  return { kind: 'expect-state', target: { name, kind, role, relaxed: true }, state: visible ? 'visible' : 'hidden' };
}

/** Split an object list: "A, B and C"; a plural noun applies to the bare names before it ("A and B fields"). */
function listItems(s: string): { items: string[]; nouns: Array<string | undefined> } {
  const items = s.split(/,? and |, |,? or /).map((x) => x.trim()).filter(Boolean);
  const nouns = items.map((_, i) => {
    for (let j = i; j < items.length; j++) {
      const plural = /^q\d+ (fields|buttons|links|tabs|checkboxes)$/.exec(items[j]!);
      if (plural) return j === i ? undefined : PLURAL[plural[1]!];
      if (!/^q\d+$/.test(items[j]!)) return undefined;
    }
    return undefined;
  });
  return { items, nouns };
}

const SHOW = '(?:shows?|lists?|displays?|contains?|has|have|includes?|reads?|says?|presents?)';
const SUBJECT = '(?:(?:the )?(?:page|screen|editor|palette|workspace|canvas|list|todo list|sidebar|search results|results|footer|header|dialog|app|form|tiddler|story|counter|count|tab|open tab)(?:\'s [\\w ]+?)?(?: [\\w ]+?)?|it)';

function parseAssertionClause(p: Parsed, raw: string, ctx: Ctx, description: string): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const s = raw
    .replace(/^(?:verify|assert|expect|ensure|confirm|make sure|check)(?: that| if| whether)? /, '')
    .replace(/ should (not )?(be|have|contain|show|display|appear|list)\b/, (_m, not?: string, v?: string) => ` ${({ be: 'is', have: 'has', contain: 'contains', show: 'shows', display: 'displays', appear: 'appears', list: 'lists' } as Record<string, string>)[v!]}${not ? ' not' : ''}`)
    .replace(/ (?:is|are) (?:now|still|again) /g, ' is ')
    .replace(/ (?:now|still|again|anymore|any more|anywhere|on the page|on screen)\b/g, '')
    .replace(/^the text (?=q\d)/, '')
    .replace(/^(?:a|an) (?=q\d+ (?:button|link|field|tab|checkbox|heading|message)\b)/, '')
    .replace(/ (?:at the (?:top|bottom)(?: (?:right|left))?|in the (?:top|bottom) (?:right|left)(?: corner)?)\b/g, '')
    .trim();
  // Ellipsis: ""B" is not", ""B" isn't" after ""A" is shown".
  if ((m = new RegExp(`^${Q} (?:is not|isn't|are not|aren't|does not|doesn't)$`).exec(s)) && ctx.predicate) {
    const again = parseAssertionClause(p, `${m[1]}${ctx.noun ?? ''} ${ctx.predicate.replace(/^is /, 'is not ')}`, {}, description);
    if (again) return again;
  }
  const pred = /^(?:the |a |an )?(?:q\d+)((?: (?:tab|link|button|filter|option|item|todo|node|field|checkbox))?) ((?:is|are) (?!not )[\w ]+)$/.exec(s);
  if (pred) {
    ctx.noun = pred[1];
    ctx.predicate = pred[2]!.replace(/^are /, 'is ');
  }

  if (/^(?:the )?(?:page|app|it)?\s*(?:loads?|is shown|opens?|renders?)? ?(?:without|with no) (?:any )?(?:js |javascript |console )?errors?$|^no (?:js |javascript |console )?errors? (?:is |are )?(?:shown|displayed|visible|appear|occur)/.test(s)) return [{ kind: 'expect-no-error' }];
  if ((m = new RegExp(`^${QLIST} (?:shows? up|appears?|is added|gets added|turns up)(?: (?:in|on) (?:the )?[\\w ]+)?$`).exec(s))) {
    return quotesIn(p, m[1]!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }));
  }
  if ((m = new RegExp(`^(?:the )?(?:todo|item|entry|note|task|tiddler|node|row|card)(?: is)? (?:called|named|titled|reads|says|labell?ed) ${Q}$|^(?:the )?(?:todo|item|entry|note|task|tiddler|node|row|card) ${Q} (?:is|are) (?:listed|shown|visible|displayed|there)$`).exec(s))) {
    return [{ kind: 'expect-text', text: val(p, (m[1] ?? m[2])!), visible: true }];
  }
  // Completed / selected items: ""x" is done", "the checkbox of "x" is not ticked".
  if ((m = new RegExp(`^(?:the )?(?:checkbox|check box|toggle|tick box) (?:at the left of|left of|next to|beside|of|for|in front of|before) ${Q} (?:is|stays|remains) (not |no longer )?(checked|ticked|selected|unchecked|unticked)$`).exec(s))) {
    const off = /^un/.test(m[3]!) !== Boolean(m[2]);
    return [{ kind: 'expect-state', target: { name: val(p, m[1]!), kind: 'checkbox', role: 'checkbox', item: true }, state: off ? 'unchecked' : 'checked' }];
  }
  if ((m = new RegExp(`^${QLIST} (?:is|are) (?:marked as |shown as )?(not )?(completed?|done|checked|finished|crossed out)$`).exec(s))) {
    return quotesIn(p, m[1]!).map((v) => ({ kind: 'expect-state', target: { name: v, kind: 'checkbox', role: 'checkbox', item: true }, state: m![2] ? 'unchecked' : 'checked' }));
  }
  if ((m = /^all (?:the )?(?:todos?|items?|tasks?|checkboxes) (?:are|is) (?:marked as )?(not )?(completed?|done|checked)$/.exec(s))) {
    return [{ kind: 'expect-all', state: m[1] ? 'unchecked' : 'checked' }];
  }
  if ((m = new RegExp(`^(?:the )?(?:${Q}|([a-z]+)) ?(tab|link|filter|option|item|button)?(?: in the [\\w ]+)? (?:is|are) (not )?(selected|active|current|highlighted)(?: and ${Q} (?:is not|isn't))?$`).exec(s)) && (m[1] || m[3])) {
    const out: Intent[] = [{ kind: 'expect-state', target: { name: m[1] ? val(p, m[1]) : m[2]!, kind: 'any', role: nounRole(m[3]) ?? undefined, relaxed: true }, state: m[4] ? 'unselected' : 'selected' }];
    if (m[6]) out.push({ kind: 'expect-state', target: { name: val(p, m[6]), kind: 'any', role: nounRole(m[3]) ?? undefined, relaxed: true }, state: 'unselected' });
    return out;
  }
  // Counts with the items named: "the list shows 3 todos: "a", "b" and "c"", "exactly 2 todos are shown, "a" and "b"".
  const countWord = '(\\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten|both|all three|all two|all four|all)';
  if (
    (m = new RegExp(`^(?:the )?(?:list|page|todo list|table|results)(?: now)? (?:shows|has|contains|lists|displays) (?:exactly )?${countWord} ${ITEM_NOUN}(?::|,)? ?${QLIST}?$`).exec(s)) ||
    (m = new RegExp(`^(?:exactly |only )?${countWord} ${ITEM_NOUN} (?:are|is) (?:shown|visible|listed|displayed|left|remaining)(?:(?::|,) ${QLIST})?$`).exec(s)) ||
    (m = new RegExp(`^(?:both|all) ${ITEM_NOUN} (?:are|is) (?:shown|listed|visible|displayed)(?::|,)? ?${QLIST}?$`).exec(s)) ||
    (m = new RegExp(`^there (?:is|are) (?:exactly )?${countWord} ${ITEM_NOUN}(?: (?:in|on) the (?:list|page))?(?::|,)? ?${QLIST}?$`).exec(s))
  ) {
    const w = m[1] ?? '';
    const texts = quotesIn(p, m[2] ?? m[1] ?? '');
    const n = /^both$/.test(w) ? 2 : /^all (\w+)$/.test(w) ? toNumber(w.split(' ')[1]!) : /^all$/.test(w) || !w ? texts.length || undefined : toNumber(w);
    const out: Intent[] = n !== undefined ? [{ kind: 'expect-count', count: n }] : [];
    for (const t of texts) out.push({ kind: 'expect-text', text: t, visible: true });
    if (out.length) return out;
  }
  if ((m = new RegExp(`^(?:the )?(?:list|todo list|page) (?:is empty|has no ${ITEM_NOUN}|shows no ${ITEM_NOUN})$|^no ${ITEM_NOUN} (?:are|is) (?:shown|listed|visible|displayed|left)$`).exec(s))) {
    return [{ kind: 'expect-count', count: 0 }];
  }
  if ((m = new RegExp(`^only ${QLIST} (?:is|are) (?:shown|listed|visible|displayed|left)$|^only ${QLIST} remains?$`).exec(s))) {
    const texts = quotesIn(p, (m[1] ?? m[2])!);
    return [{ kind: 'expect-count', count: texts.length }, ...texts.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))];
  }
  if ((m = new RegExp(`^both ${QLIST} (?:are|is) (?:shown|listed|visible|displayed)$|^${QLIST} (?:are|is) (?:both |all )?(?:shown|listed|visible|displayed)$`).exec(s)) && quotesIn(p, (m[1] ?? m[2])!).length > 1) {
    return quotesIn(p, (m[1] ?? m[2])!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }));
  }
  // "the list has one todo, "x"".
  if ((m = new RegExp(`^(?:the )?(?:list|page) (?:has|shows|contains) ${countWord} ${ITEM_NOUN}, ${QLIST}$`).exec(s))) {
    const n = toNumber(m[1]!);
    return [...(n !== undefined ? [{ kind: 'expect-count' as const, count: n }] : []), ...quotesIn(p, m[2]!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))];
  }
  // Field values: "the new todo field is empty", "the title field contains "x"".
  if ((m = /^(?:the )?([\w ]+?) (?:field|input|box) is (?:empty|blank|cleared)$/.exec(s))) {
    return [{ kind: 'expect-value', target: fieldTarget(p, m[1]!), value: '' }];
  }
  // "A sign-in form is shown with "Username" and "Password" fields and a "Login" button", "an editor opens with the title "x"".
  if ((m = new RegExp(`^(?:a |an |the )?([\\w' -]*?|${Q}[\\w -]*?) (?:is shown|is displayed|is visible|appears|opens|is open|shows up|is opened) with (.+)$`).exec(s))) {
    const subject = quotesIn(p, m[1]!);
    const { items, nouns } = listItems(m[3]!);
    const all: Intent[] = subject.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }));
    for (const [k, it] of items.entries()) {
      const np = nounPhrase(p, it, true, nouns[k]);
      if (!np) return undefined;
      all.push(...np.map((x) => (x.kind === 'expect-text' ? { ...x, orValue: true } : x)));
    }
    return all;
  }
  // "X is shown and Y is not": handled by splitting; "the page shows the heading "X", a field … and no notes".
  if ((m = new RegExp(`^(?:${SUBJECT} )?(does not |doesn't |no longer )?${SHOW}(?: only)?(?: the)?(?: (?:text|message))? (.+?)$`).exec(s))) {
    const { items, nouns } = listItems(m[2]!);
    const out: Intent[] = [];
    for (const [k, it] of items.entries()) {
      const np = nounPhrase(p, it, !m[1], nouns[k]);
      if (!np) { out.length = 0; break; }
      out.push(...np);
    }
    if (out.length) return out;
  }
  // ""x" is shown in the palette", ""x" appears in the Open tab of the sidebar".
  const scoped = s.replace(/ (?:in|on|under|inside|within) (?:the )?[\w' ]+$/, '').replace(/ (?:on|in|for) it$/, '');
  if ((m = new RegExp(`^(?:a |an |the )?(?:message |text |tag |tiddler |node |heading )?${QLIST}(?: (?:message|text|tag|node|tiddler))? (is|are|appears|appear|is listed|are listed|opens|is shown|are shown|is visible|are visible|is displayed|are displayed)(?: and shows ${Q})?$`).exec(scoped))) {
    return [...quotesIn(p, m[1]!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true })), ...(m[3] ? [{ kind: 'expect-text' as const, text: val(p, m[3]), visible: true }] : [])];
  }
  if ((m = new RegExp(`^${QLIST} (?:is|are) (?:not|no longer) (?:in|on|part of) (?:the )?[\\w ]+$|^${QLIST} (?:is|are) (?:gone|removed|deleted)$`).exec(s))) {
    return quotesIn(p, (m[1] ?? m[2])!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
  }
  if ((m = new RegExp(`^${QLIST} (?:is|are) (?:in|on|part of) (?:the )?[\\w ]+$`).exec(s))) {
    return quotesIn(p, m[1]!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }));
  }
  if ((m = new RegExp(`^(?:a |an |the )?(?:message |text |tag |tiddler |node )?${QLIST}(?: (?:message|text|tag|node|tiddler))? (?:is|are) (?:not |no longer )(?:shown|listed|visible|displayed|present)$|^(?:no |neither )(?:\\w+ )?(?:titled |named |called )?${QLIST} (?:is|are) (?:shown|listed|visible|displayed)$`).exec(scoped))) {
    return quotesIn(p, (m[1] ?? m[2])!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
  }
  if ((m = new RegExp(`^(?:the )?${Q} (?:tiddler|page|note|todo|item|dialog|node)? ?(?:opens and )?(?:shows|displays|contains|reads|says) ${Q}$`).exec(s))) {
    return [{ kind: 'expect-text', text: val(p, m[2]!), visible: true }];
  }
  if ((m = new RegExp(`^(?:a|an|the) ([\\w -]+?) (?:titled|named|called|showing|saying|reading|labelled|labeled|with the text) ${Q} (?:is|appears) ?(?:shown|visible|displayed)?(?: with (?:the )?(?:text )?${Q})?$`).exec(s))) {
    return [{ kind: 'expect-text', text: val(p, m[2]!), visible: true }, ...(m[3] ? [{ kind: 'expect-text' as const, text: val(p, m[3]), visible: true }] : [])];
  }
  if ((m = new RegExp(`^(?:the )?([\\w' -]+?) (?:does not|doesn't) (?:list|show|contain|display) ${QLIST}$`).exec(s))) {
    return quotesIn(p, m[2]!).map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
  }
  if ((m = /^(?:the )?([\w -]+?) (?:with the [\w ]+ )?(?:is|are) (hidden|not visible|not shown|not displayed|gone|visible|shown|displayed)$/.exec(s)) && !/q\d/.test(m[1]!)) {
    const visible = /^(?:visible|shown|displayed)$/.test(m[2]!);
    const name = m[1]!.replace(/ (?:button|link|field)$/, '');
    const noun = /(button|link|field)$/.exec(m[1]!)?.[1];
    return [{ kind: 'expect-state', target: { name, kind: 'any', role: nounRole(noun), relaxed: true, hints: words(name) }, state: visible ? 'visible' : 'hidden' }];
  }
  // "the counter shows 1 item left" (unquoted text).
  if ((m = new RegExp(`^(?:${SUBJECT}) ${SHOW} (\\d+ [\\w ]+)$`).exec(s))) return [{ kind: 'expect-text', text: m[1]!, visible: true }];
  // The phrase grammar for single checks ("the "Save" button is disabled", "URL contains /x").
  const single = parseAssertion({ ...p, s }, description);
  if (single) return [single];
  return undefined;
}

/** What the interpreter reads, in short: the suggestion attached to a step it could not read. */
export const PHRASING_HINT =
  'e.g. Open /path; Click "Add"; Type "milk" into "New item" and press Enter; Double-click "A", replace it with "B" and press Enter; ' +
  'Check the checkbox next to "A"; Drag "A" onto the board; Sign in as "u" with the password "p"; ' +
  'checks: "X" is shown; "X" is not shown; the list shows 2 items: "a" and "b"; the "Save" button is disabled; the URL contains /x';

/** Read a step into clauses; anything not understood is reported with its words. */
/**
 * What the steps before this one acted on: "Double click "A"" in one step and "Replace its text with
 * "B"" in the next edit the same item.
 */
export interface StepMemory {
  /** Text of the element last double-clicked (an item being edited in place). */
  editing?: string;
  /** The item last added or acted on, for "it" ("Double-click it"). */
  item?: string;
}

export function interpret(step: PlanStep, memory: StepMemory = {}): Interpretation {
  const p = lift(step.description);
  p.s = p.s.replace(/ ([,:])/g, '$1');
  const s = p.s
    .replace(/^(?:then |and |next,? |finally,? |now )?(?:the user |user |i |we )?/, '')
    .replace(/^(clicks|types|enters|fills|selects|checks|unchecks|presses|hovers|opens|visits|navigates|goes|chooses|waits|scrolls|taps|drags|adds) /, (_m, v: string) => `${v === 'goes' ? 'go' : v === 'presses' ? 'press' : v.replace(/s$/, '')} `);
  const ctx: Ctx = { editing: memory.editing, item: memory.item };
  const clauses: Clause[] = [];
  const pieces = step.type === 'assertion' ? splitAssertion(s) : splitClauses(s);
  for (const piece of pieces) {
    const verb = /^(\w+)/.exec(piece)?.[1];
    const parsed = parseClause(p, piece, step.type, ctx, restore(p, piece));
    // A reading that still holds a placeholder (q0) did not understand where a quoted value goes.
    const intents = parsed && !/\bq\d+\b/.test(JSON.stringify(parsed)) ? parsed : undefined;
    if (!intents) {
      const whole = pieces.length > 1 ? undefined : parseStep(step);
      if (whole) return { clauses: [{ text: step.description, type: step.type, intent: whole }] };
      return { clauses, unknown: { words: asWritten(step.description, restore(p, piece)), suggestion: PHRASING_HINT } };
    }
    if (verb && /^(?:enter|type|fill|use)$/.test(verb)) ctx.verb = 'enter';
    // The field being edited in place is the one inside the item that was double-clicked.
    for (const i of intents) if (i.kind === 'fill' && i.target.name === FOCUSED && ctx.editing) i.target.within = ctx.editing;
    for (const i of intents) if (i.kind === 'fill' && i.target.name === ENTRY) ctx.item = i.value;
    const text = pieces.length === 1 ? step.description.trim() : asWritten(step.description, restore(p, piece));
    for (const intent of intents) clauses.push({ text, type: isCheck(intent) ? 'assertion' : step.type === 'assertion' ? 'assertion' : 'action', intent });
  }
  memory.editing = ctx.editing;
  memory.item = ctx.item;
  return { clauses };
}

/** The clause in the step's own casing when it can be found there. */
function asWritten(description: string, clause: string): string {
  const flat = description.replace(/[“”]/g, '"').replace(/\s+/g, ' ');
  const i = flat.toLowerCase().indexOf(clause.toLowerCase());
  return i >= 0 ? flat.slice(i, i + clause.length) : clause;
}

function isCheck(i: Intent): boolean {
  return i.kind.startsWith('expect');
}

/** Assertions split on ";" and on "and"/commas that start a new subject with its own verb. */
function splitAssertion(s: string): string[] {
  const out: string[] = [];
  for (const part of s.split(/\s*;\s*/)) {
    // ""A" is shown and "B" is not", "no todos are shown and the footer is hidden".
    const pieces = part.split(/,? and (?=(?:q\d+|the [\w ]+?|no [\w ]+?|a [\w ]+?) (?:is|are|isn't|aren't|has|have|shows?|lists?|appears?)\b)/);
    // "Both "A" and "B" are shown" is one check: a piece without its own verb joins the next.
    let cur = '';
    for (const piece of pieces) {
      cur = cur ? `${cur} and ${piece}` : piece;
      if (/\b(?:is|are|isn't|aren't|has|have|shows?|lists?|appears?|says?|reads?|contains?|displays?)\b/.test(cur)) {
        out.push(cur.trim());
        cur = '';
      }
    }
    if (cur.trim()) out.push(cur.trim());
  }
  return out;
}

