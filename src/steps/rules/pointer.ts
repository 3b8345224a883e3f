/**
 * Pointer actions: click, double-click, hover, and the verbs that name the control they press
 * ("Save", "Delete the "Q3" card", "Close the dialog", "Dismiss the cookie banner", "Expand
 * "Advanced""). What a verb names is either the thing clicked ("Expand "Advanced"", "Open the
 * "File" menu") or the thing that holds the control ("Delete "Q3"": the delete control of "Q3").
 */
import { asWritten } from '../lift.js';
import type { Intent, Target } from '../intent.js';
import { keyName, controlWords, nounRole } from '../lexicon.js';
import { words } from '../noun-phrase.js';
import { targetOf, type Example, type RuleInput } from './context.js';

/** Verbs whose object is the element to click. */
const OBJECT_IS_TARGET = /^(?:expand|collapse|show|hide|reveal|open|sort|toggle|select|follow|activate|use|zoom|play|bring up|pull up|switch to|jump to)$/;

/** "the checkmark button to confirm the changes": a purpose says what the control does. */
function withPurpose(t: Target, purpose: string[] | undefined): Target {
  return purpose?.length ? { ...t, hints: [...new Set([...(t.hints ?? []), ...purpose])] } : t;
}

/** "… from the All Tickets report": a page named as where the target is found, opened first when it is not on this one. */
export function viaPage(i: RuleInput, rest: string): { rest: string; via?: Target } {
  const m = /^(.+?)\s+from (?:the |its |their )?(q\d+|[\w' -]+?) (?:report|page|overview|index|listing|view|screen|list|table|tab)$/.exec(rest);
  if (!m || !(/^q\d+$/.test(m[2]!) || /^[A-Z0-9]/.test(asWritten(i.l, m[2]!)))) return { rest };
  const name = /^q\d+$/.test(m[2]!) ? i.l.quotes[Number(m[2]!.slice(1))]! : asWritten(i.l, m[2]!);
  return { rest: m[1]!, via: { name, kind: 'clickable', page: true } };
}

export function click(i: RuleInput, kind: 'click' | 'dblclick' | 'hover' = 'click', purpose?: string[]): Intent[] | undefined {
  // "Click at the end of "Choir concert"", "click in the middle of the words "spring fair"", "…, after
  // "website."": the caret, put in that text where a person's click would put it.
  const caret = kind === 'click' ? /^(?:(?:right |just )?(?:at|to) the (?:very )?(end|start|beginning)\b|(?:right |just )?(after|before)\b|(?:in|into) the (middle)\b|(?:in|into|inside) the (?:words?|text|phrase)\b)/.exec(i.rest) : null;
  const said = [...i.rest.matchAll(/\bq(\d+)\b/g)].at(-1);
  if (caret && said) {
    const after = / (?:after|at the (?:very )?end of) (?:the (?:words?|text|phrase) )?q\d+$/.test(i.rest);
    const before = / (?:before|at the (?:very )?(?:start|beginning) of) (?:the (?:words?|text|phrase) )?q\d+$/.test(i.rest);
    const at = after || /end|after/.test(caret[1] ?? caret[2] ?? '') ? 'end' : before || /start|beginning|before/.test(caret[1] ?? caret[2] ?? '') ? 'start' : 'middle';
    return [{ kind: 'click', target: { name: i.l.quotes[Number(said[1])]!, kind: 'any' }, at }];
  }
  // "Click the small triangle to the left of Trips": a tree item's open/close toggle.
  const twisty = kind === 'click' ? /^(?:on\s+)?(?:the |a )?(?:(?:small|little|tiny|grey|gray|black)\s+)*(?:triangle|arrow|caret|chevron|toggle|expander|twisty|disclosure (?:triangle|arrow))(?: icon| sign| button)? (?:(?:just |right )?to the left of|left of|next to|beside|in front of|before|by|of|for) (?:the )?(q\d+|.+?)(?: folder| node| item| entry)?$/.exec(i.rest) : null;
  if (twisty) return [{ kind: 'click', target: { name: /^q\d+$/.test(twisty[1]!) ? i.l.quotes[Number(twisty[1]!.slice(1))]! : asWritten(i.l, twisty[1]!), kind: 'clickable', hints: ['expand'] } }];
  const from = viaPage(i, i.rest.replace(/^(?:on|onto|over|at|in)\s+/, ''));
  let rest = from.rest;
  // "somewhere outside the menu, e.g. on the empty reading pane": the example is the place.
  const example = /,?\s+(?:e\.g\.?|for example|for instance|such as|like)\s+(?:on |in |at )?(.+)$/.exec(rest);
  if (example && /^(?:somewhere|anywhere|outside|elsewhere|an? (?:empty|blank))/.test(rest)) rest = example[1]!;
  // "the remove button that appears": the one hovering revealed, in the item hovered.
  const revealed = /\s+(?:that|which)\s+(?:appears?|shows? up|pops? up|is shown|becomes visible|shows)(?:\s+(?:on|next to|beside) (?:it|hover))?$|\s+(?:shown|revealed) on hover$/.exec(rest);
  if (revealed) rest = rest.slice(0, revealed.index);
  if (!rest) return undefined;
  if (kind === 'click') {
    const data = dataOf({ ...i, rest }, false);
    if (data) return data;
  }
  // "Open the Stapler row for editing": the edit control in that row.
  const forWhat = kind === 'click' ? /^(.+?) (?:for|to) (editing|edit|deletion|delete|removal|viewing|view|details)$/.exec(rest) : null;
  if (forWhat) {
    const inner = targetOf(i, forWhat[1]!, 'any');
    const act = /^edit/.test(forWhat[2]!) ? ['edit', 'Edit', 'modify'] : /^(?:delet|remov)/.test(forWhat[2]!) ? ['delete', 'Delete', 'remove'] : ['view', 'details', 'open'];
    const where = inner.name || inner.within;
    if (where) return [{ kind: 'click', target: { name: '', kind: 'clickable', anyOf: act, within: where } }];
  }
  // "the hash link of the check-in "X"", "the number in the # column of the row "X"": told by what its text looks like.
  const shaped = /^(?:the )?(number|hash|id|date|revision)(?: link| number| code)?(?: in the (?:\S+ )?column)? (?:of|in|for|next to|on) (?:the )?(?:(?:row|check-in|ticket|commit|entry|item|line|issue|message|post|record)\s+)?(q\d+)$/.exec(rest);
  if (shaped && kind === 'click') {
    const shape = shaped[1] === 'hash' || shaped[1] === 'revision' ? 'hash' : shaped[1] === 'date' ? 'date' : 'number';
    return [{ kind, target: withPurpose({ name: '', kind: 'clickable', within: i.l.quotes[Number(shaped[2]!.slice(1))]!, shape }, purpose) } as Intent];
  }
  let t = targetOf(i, rest, kind === 'hover' ? 'any' : kind === 'dblclick' ? 'any' : 'clickable');
  // "Open the customers table": what is clicked is the name that opens it, not the table itself.
  if (kind === 'click' && t.name && !t.within && t.role && /^(?:table|grid|list|region|group)$/.test(t.role)) {
    const { role, ...rest2 } = t;
    t = { ...rest2, hints: [...new Set([...(t.hints ?? []), role])] };
  }
  // "Hover over the tag novel, click its Delete link": the control in what was hovered.
  if ((revealed || /^(?:its|their) /.test(rest) || (kind === 'click' && i.memory.justHovered && t.name)) && i.memory.hovered && !t.within) t.within = i.memory.hovered;
  if (from.via) t.via = from.via;
  if (kind === 'hover') i.memory.hovered = t.name || i.memory.hovered;
  if (kind === 'dblclick') i.memory.editing = t.name || i.memory.editing;
  return [{ kind, target: withPurpose(t, purpose) } as Intent];
}

/**
 * "Browse the products table", "show the rows of products", "open the customers table's data": the
 * control that shows a table's rows, next to its name (an admin tool's "Select data", "Browse"),
 * else the name itself.
 */
export function dataOf(i: RuleInput, browse: boolean): Intent[] | undefined {
  const r = i.rest.replace(/^(?:through|at)\s+/, '').replace(/\s+(?:from|in|on|using|via) (?:the )?(?:left(?:-hand)? |right(?:-hand)? |side |top |main )?(?:menu|sidebar|navigation|nav|panel|list|tree)$/, '');
  const m = /^(?:the )?(?:data|rows|records|contents|entries|items) (?:of|in|from) (?:the )?(.+?)(?: table| view)?$/.exec(r)
    ?? /^(?:the )?(.+?)(?:'s| table's| view's| table| view)? (?:data|rows|records|contents)$/.exec(r)
    ?? (browse ? /^(?:the )?(.+?) (?:table|view)$/.exec(r) : null);
  if (!m || /\b(?:q\d+|it|this|that|all|every)\b/.test(m[1]!) || m[1]!.split(' ').length > 3) return undefined;
  const name = asWritten(i.l, m[1]!);
  return [{ kind: 'click', target: { name: '', kind: 'clickable', anyOf: ['Select data', 'Browse', 'Show data', 'View data', 'data', 'rows', 'browse'], within: name, orElse: { name, kind: 'clickable', hints: ['table'] } } }];
}

/** "press Enter", "hit the Escape key in the search box", "press "Save"" (a control). */
export function press(i: RuleInput, purpose?: string[]): Intent[] | undefined {
  const m = /^(?:the\s+)?(.+?)(?:\s+key)?(?:\s+(?:in|on|inside|into)\s+(.+))?$/.exec(i.rest);
  if (m) {
    const raw = /^q\d+$/.test(m[1]!) ? i.l.quotes[Number(m[1]!.slice(1))]! : m[1]!;
    const key = keyName(raw) ?? (/^(?:ctrl|control|cmd|shift|alt|meta)\s*\+/.test(raw) ? keyName(raw.replace(/\s/g, '')) : undefined);
    // "press Delete" may name a button as well as a key; "the Delete key" names only the key.
    // "press Delete in the toolbar": a button in a place, not a key typed into it.
    if (m[2] && /^[a-z]+$/.test(raw) && !/^(?:enter|return|escape|esc|space|tab)$/.test(raw) && /\b(?:toolbar|tool bar|menu|menu bar|bar|header|footer|panel|sidebar|dialog|window|pop-?up|row|list|pane|section|card|ribbon)$/.test(m[2])) return click(i, 'click', purpose);
    const button = !/\bkey$/.test(i.rest) && !m[2] && /^[a-z]+$/.test(raw) && !/^(?:enter|return|escape|esc|space|tab)$/.test(raw) ? asWritten(i.l, raw) : undefined;
    if (key) return [{ kind: 'press', key, ...(m[2] ? { target: targetOf(i, m[2], 'field') } : {}), ...(button ? { orClick: button } : {}) }];
  }
  return click(i, 'click', purpose);
}

/** A control named by its verb: "Save", "Delete the "Q3" card", "Close the dialog", "Expand "Advanced"". */
export function control(i: RuleInput, purpose?: string[]): Intent[] | undefined {
  const verb = i.verb;
  const rest = i.rest.replace(/^(?:on|the changes?|changes|everything|all changes)$/, '');
  const names = controlWords(verb);
  if (!rest || /^(?:it|this|that|them|the changes?|changes|the form|this form|everything|all|the edit|the edits|the draft)$/.test(rest)) {
    return [{ kind: 'click', target: withPurpose({ name: '', kind: 'clickable', anyOf: names, hints: [verb] }, purpose) }];
  }
  // "Close all open tiddlers", "Collapse everything": the control that does it for all.
  if (/^(?:all|every|everything)\b/.test(rest)) return [{ kind: 'click', target: withPurpose({ name: `${verb} ${rest}`, kind: 'clickable', hints: words(`${verb} ${rest}`), described: true }, purpose) }];
  let w: RegExpExecArray | null;
  // "run it with Ctrl+Enter", "save with Ctrl+S": a key does it.
  if ((w = /^(?:it|this|that|them|the cell|the form)?\s*(?:with|using|by pressing|by hitting|via)\s+(?:the\s+)?(.+?)(?:\s+(?:key|keys|shortcut|key combination))?$/.exec(rest))) {
    const raw = /^q\d+$/.test(w[1]!) ? i.l.quotes[Number(w[1]!.slice(1))]! : w[1]!;
    const key = keyName(raw) ?? keyName(raw.replace(/\s/g, ''));
    if (key) return [{ kind: 'press', key }];
  }
  // "Delete it with the trash icon", "Save using the button at the bottom": the control is named after "with".
  if ((w = /^(?:it|this|that|them|(?:the|that|this|each) [\w -]+?|q\d+)?\s*(?:with|using|via|by clicking|through|from)\s+(?:the |a |an |(?=q\d+$|[a-z]+$))(.+)$/.exec(rest)) && !/\b(?:summary|comment|message|note|title|name|value|text|password|reason)\s+q\d+$/.test(w[1]!)) {
    const c = targetOf(i, w[1]!, 'clickable');
    return [{ kind: 'click', target: withPurpose({ ...c, hints: [...new Set([...(c.hints ?? []), verb])] }, purpose) }];
  }
  // "save with the summary "x"": the field first, then the control.
  if ((w = /^(?:it\s+)?(?:with|using)\s+(?:the |a |an )?([a-z][\w -]*?)\s+(q\d+)$/.exec(rest))) {
    return [{ kind: 'fill', target: targetOf(i, w[1]!, 'field'), value: i.l.quotes[Number(w[2]!.slice(1))]! }, { kind: 'click', target: withPurpose({ name: '', kind: 'clickable', anyOf: names, hints: [verb] }, purpose) }];
  }
  // "Sort the grid by the Since column", "sort by Name": a column's header is what sorts by it.
  if (/^(?:sort|order)$/.test(verb) && !/\b(?:menu|using|via|dialog)\b/.test(rest) && (w = /^(?:(?:the|this|that|its) [\w -]+? )?by (?:the |its )?(q\d+|[\w²³%()' -]+?)(?: column| header| heading| field)?(?:,? (?:ascending|in ascending order|a to z))?$/.exec(rest))) {
    return [{ kind: 'click', target: withPurpose({ name: /^q\d+$/.test(w[1]!) ? i.l.quotes[Number(w[1]!.slice(1))]! : asWritten(i.l, w[1]!), kind: 'clickable', role: 'columnheader', hints: ['sort'] }, purpose) }];
  }
  const t = targetOf(i, rest, 'clickable');
  const isControl = t.role && nounRole(t.role) !== undefined ? ['button', 'link', 'tab', 'menuitem', 'checkbox', 'switch', 'option', 'combobox'].includes(t.role) : false;
  if (OBJECT_IS_TARGET.test(verb) || isControl) {
    return [{ kind: 'click', target: withPurpose({ ...t, hints: [...new Set([...(t.hints ?? []), verb])] }, purpose) }];
  }
  // The object holds the control: the control named like the verb, inside (or near) the object.
  const scope: Target = { name: '', kind: 'clickable', anyOf: names, hints: [verb] };
  if (t.within) scope.within = t.within;
  else if (t.name && !t.described) scope.within = t.name;
  // "Edit the page": the control's own words may name the object too ("Edit this page" over a section's "Edit").
  if (t.described && t.name) {
    scope.area = [...(t.area ?? []), ...words(t.name.toLowerCase())];
    scope.hints = [...new Set([...(scope.hints ?? []), ...words(t.name.toLowerCase())])];
  }
  else if (!t.name && t.role) scope.area = [...(t.area ?? []), t.role];
  else if (t.area) scope.area = t.area;
  if (t.place) scope.place = t.place;
  if (t.nth) scope.nth = t.nth;
  if (t.ref) scope.ref = t.ref;
  return [{ kind: 'click', target: withPurpose(scope, purpose) }];
}

export const examples: Example[] = [
  ['Click 11 May 2027, then 13 May 2027', 'action', [{ kind: 'click', target: { name: '11 May 2027', alt: ['May 11, 2027', '2027-05-11'] } }, { kind: 'click', target: { name: '13 May 2027' } }]],
  ['Open issue #3', 'action', [{ kind: 'click', target: { name: '#3', hints: ['issue'], page: true } }]],
  ['Go to the Online Shop project', 'action', [{ kind: 'click', target: { name: 'Online Shop', hints: ['project'], page: true } }]],
  ['Click at the end of "Choir concert in the church" and press Enter', 'action', [{ kind: 'click', target: { name: 'Choir concert in the church' }, at: 'end' }, { kind: 'press', key: 'Enter' }]],
  ['Click at the end of the last line, after "parish website."', 'action', [{ kind: 'click', target: { name: 'parish website.' }, at: 'end' }]],
  ['Click in the middle of the words "spring fair"', 'action', [{ kind: 'click', target: { name: 'spring fair' }, at: 'middle' }]],
  ['Click the small triangle to the left of Trips', 'action', [{ kind: 'click', target: { name: 'Trips', hints: ['expand'] } }]],
  ['Fill in page 1 (Nadia, Haddad, nadia@example.org, Old Town), choose "Adult (free)" on page 2 and go on to the last page', 'action', [{ kind: 'fill-form' }, { kind: 'click', target: { name: 'next' } }, { kind: 'click', target: { name: 'Adult (free)' } }, { kind: 'click', target: { name: 'next' }, repeat: true }]],
  ['Click the red cross in the Rent paid column of Rajesh Patel\'s row', 'action', [{ kind: 'click', target: { column: 'Rent paid', within: 'Rajesh Patel' } }]],
  ['Click the empty Notes cell of plot 5, Siobhan Kerr', 'action', [{ kind: 'click', target: { column: 'Notes', within: 'Siobhan Kerr' } }]],
  ['Click Onions in Hannah Osei\'s row (plot 3)', 'action', [{ kind: 'click', target: { name: 'Onions', within: 'Hannah Osei' } }]],
  ['Click the Save button in the dialog\'s footer', 'action', [{ kind: 'click', target: { name: 'Save', role: 'button' } }]],
  ['Open render-pdf and its Failed tab', 'action', [{ kind: 'click', target: { name: 'Failed', role: 'tab', within: 'render-pdf' } }]],
  ['Go to the render-pdf queue, Failed tab, and click "Retry all"', 'action', [{ kind: 'click', target: { name: 'Failed', role: 'tab', within: 'render-pdf' } }, { kind: 'click', target: { name: 'Retry all' } }]],
  ['Sort the grid by the Since column', 'action', [{ kind: 'click', target: { name: 'Since', role: 'columnheader' } }]],
  ['Sort by "Due date"', 'action', [{ kind: 'click', target: { name: 'Due date', role: 'columnheader' } }]],
  ['Click the holder name Agnes Whitfield', 'action', [{ kind: 'click', target: { name: 'Agnes Whitfield', hints: ['holder name'] } }]],
  ['Click on the key watering', 'action', [{ kind: 'click', target: { name: 'watering', hints: ['key'] } }]],
  ['Expand dc=harbour,dc=test and ou=Boats in the tree', 'action', [{ kind: 'click', target: { name: 'dc=harbour,dc=test', hints: ['expand'], area: ['tree'] } }, { kind: 'click', target: { name: 'ou=Boats', hints: ['expand'], area: ['tree'] } }]],
  ['Tick "Milk", "Eggs" and "Flour"', 'action', [{ kind: 'check', target: { name: 'Milk' } }, { kind: 'check', target: { name: 'Eggs' } }, { kind: 'check', target: { name: 'Flour' } }]],
  ['In GraphiQL, run the query { telescopes { name } }', 'action', [{ kind: 'fill', target: { name: 'query', multiline: true }, value: 'query { telescopes { name } }' }, { kind: 'click', target: { anyOf: ['Execute', 'Run', 'Run query', 'Execute query', 'Go', 'Submit'] } }]],
  ['Run: mutation { cancel(id: "S1") { id status } }', 'action', [{ kind: 'fill', value: 'mutation { cancel(id: "S1") { id status } }' }, { kind: 'click' }]],
  ['Open the website and, under the post "Review", click its category Book Reviews', 'action', [{ kind: 'navigate' }, { kind: 'click', target: { name: 'Book Reviews', hints: ['category'], within: 'Review' } }]],
  ['Open the settings (the gear icon at the bottom of the sidebar)', 'action', [{ kind: 'click', target: { name: 'settings', orElse: { name: 'gear', place: 'bottom', area: ['sidebar'] } } }]],
  ['Preview the changes', 'action', [{ kind: 'click', target: { anyOf: ['preview'] } }]],
  ['In the menu that opens go to "Sort By" and choose Size', 'action', [{ kind: 'hover', target: { name: 'Sort By' } }, { kind: 'click', target: { name: 'Size' } }]],
  ["Click the ticket's Edit link", 'action', [{ kind: 'click', target: { name: 'Edit', role: 'link' } }]],
  ['Click "Save"', 'action', [{ kind: 'click', target: { name: 'Save' } }]],
  ['Click the Add Folder button', 'action', [{ kind: 'click', target: { name: 'Add Folder', role: 'button', described: true } }]],
  ['Click SETTINGS in the top bar', 'action', [{ kind: 'click', target: { name: 'SETTINGS', place: 'top' } }]],
  ['Click the trash button ("Remove") at the bottom of the "Q3" card', 'action', [{ kind: 'click', target: { name: 'trash', role: 'button', alt: ['Remove'], within: 'Q3' } }]],
  ['Double-click "Pay rnet"', 'action', [{ kind: 'dblclick', target: { name: 'Pay rnet' } }]],
  ['Hover over "Eggs"', 'action', [{ kind: 'hover', target: { name: 'Eggs' } }]],
  ['Press Enter', 'action', [{ kind: 'press', key: 'Enter' }]],
  ['Hit the Escape key', 'action', [{ kind: 'press', key: 'Escape' }]],
  ['Delete the "Q3" card', 'action', [{ kind: 'click', target: { within: 'Q3', anyOf: ['delete', 'remove', 'destroy', 'trash', 'x', '×'] } }]],
  ['Save it', 'action', [{ kind: 'click', target: { anyOf: ['save', 'confirm', 'done', 'ok', 'apply', 'submit', 'update', 'create'] } }]],
  ['Expand the "Advanced" section', 'action', [{ kind: 'click', target: { name: 'Advanced' } }]],
  ['Close the dialog', 'action', [{ kind: 'click', target: { area: ['dialog'] } }]],
  ['Run it with Ctrl+Enter', 'action', [{ kind: 'press', key: 'Control+Enter' }]],
  ['Click the red delete button', 'action', [{ kind: 'click', target: { name: 'delete', role: 'button', hints: ['red'] } }]],
];
