/**
 * A target as people describe it, read into a Target: quoted names, role nouns ("button", "field"),
 * descriptive words ("the trash button", "the little arrow icon"), ordinals ("the second row"),
 * relations to other things ("of "Milk"", "at the bottom of the "Q3" card", "in the left panel",
 * "under the logo"), places on the screen ("in the top bar") and anaphora ("it", "the same field").
 * Words that fit nowhere are returned so that the reading's confidence can say so.
 */
import type { Place, Target, TargetKind } from './intent.js';
import { asWritten, literal, type Lifted } from './lift.js';
import { CONTAINER_NOUNS, ITEM_NOUNS, kindOfRole, nounRole, ORDINALS, PLACE_KINDS, PLACES, ROLE_NOUN_LIST, STOP } from './lexicon.js';

/** The kind of thing a name is, said after it in lower case ("the weekly digest email", "the Online Shop project"). */
const KIND_AFTER_NAME = new RegExp(`^(?:namespace|section|folder|group|item|entry|row|e-?mail|mail|message|page|card|panel|pane|area|record|link|result|node|note|file|job|rule|alert|target|series|metric|post|article|ticket|issue|document|tab|line|form|dialog|window|view|screen|${PLACE_KINDS})s?$`);

export interface NounPhrase {
  target: Target;
  /** Words read as nothing at all. */
  unplaced: string[];
}

const DET = /^(?:(?:the|a|an|this|that|these|those|its|their|your|my|our|his|her|some|any|one of the|each|every|all the|all)\s+)+/;

// Relations, longest first. "naming" relations give the target's name; the others an anchor.
/** Kinds of record a step may name one by, before a name written in lower case ("the tag novel"). */
const RECORD_KINDS = /^(?:tag|category|user|folder|label|branch|file|contact|member|group|project|package|database|table|repository|repo|channel|room|tiddler|flow|topic|keyword|author|key|queue|job|node|property|attribute|bucket|service|host|index|collection|schema)$/;

const NAMING = /^(?:labell?ed|named|called|titled|entitled|saying|reading|that says|that reads|which says|with the (?:text|label|name|title|caption|subject)|with text|with subject|whose (?:subject|title|name) is|marked|showing)$/;
const RELATIONS = [
  'at the very end of', 'at the end of', 'at the bottom of', 'at the top of', 'at the start of', 'at the beginning of', 'at the left of', 'at the right of',
  'to the left of', 'to the right of', 'on the left of', 'on the right of', 'on the left side of', 'on the right side of', 'in the row of', 'in the row for', 'in the row with',
  'in the row containing', 'in the same row as', 'in the line of', 'in front of', 'belonging to', 'that belongs to', 'next to', 'beside', 'besides', 'alongside',
  'near', 'below', 'under', 'underneath', 'beneath', 'above', 'inside', 'within', 'in', 'on', 'of', 'for', 'from', 'with', 'left of', 'right of', 'by', 'after', 'before',
  'at the far left of', 'at the far right of', 'on the far left of', 'on the far right of', 'at', 'further down', 'further up', 'with subject', 'with the subject', 'whose subject is', 'whose title is', 'whose name is',
  'labelled', 'labeled', 'named', 'called', 'titled', 'entitled', 'saying', 'reading', 'that says', 'that reads', 'which says', 'with the text', 'with the label',
  'with the name', 'with the title', 'with the caption', 'with text', 'with the placeholder', 'with placeholder', 'whose text is', 'whose label is', 'marked', 'showing',
].sort((a, b) => b.length - a.length);
const REL_RE = new RegExp(`\\s(?:,\\s*)?(${RELATIONS.map((r) => r.replace(/ /g, '\\s')).join('|')})\\s`, 'g');

/** Region nouns: a relation to one of these names where the target is, not what it belongs to. */
const AREA = /\b(?:page|screen|header|footer|top ?bar|navbar|nav ?bar|navigation|nav|toolbar|tool ?bar|menu ?bar|side ?bar|sidebar|panel|pane|column|dialog|modal|popup|pop-up|window|drawer|menu|list|table|grid|form|section|area|region|canvas|diagram|chart|board|workspace|palette|editor|view|tab|card|banner|corner|bar|box|frame|results|story|story river|tree|footer bar|title ?bar|app ?bar|top|bottom|left|right|side|logo)\b/;

/** Relations that tie a control to the item it belongs to ("the checkbox in front of todo.txt"). */
const BELONGS = /^(?:of|for|in front of|next to|beside|besides|alongside|in the row of|in the row for|in the row with|in the row containing|in the same row as|in the line of|belonging to|that belongs to|after|before|left of|right of|to the left of|to the right of)$/;

/** Words written as a name: a file name, an id, a capitalised name ("todo.txt", "Milk", "q3-report"). */
export function nameLike(l: Lifted, text: string): boolean {
  const w = asWritten(l, text).replace(/^(?:the|a|an)\s+/i, '');
  return /\w[._-]\w|\d/.test(w) || /^[A-Z]/.test(w);
}

/** Words that describe how a control looks, not what it is called. */
const LOOKS = /^(?:red|green|blue|yellow|orange|grey|gray|black|white|purple|pink|dark|light|big|small|little|large|tiny|round|square|bold|blue-ish|reddish|greyed|grayed|colored|coloured)$/;

function placeOf(words: string): Place | undefined {
  for (const [re, place] of PLACES) if (re.test(words)) return place;
  return undefined;
}

function original(l: Lifted, words: string): string {
  return asWritten(l, words.replace(/_/g, ' ')).replace(/^(?:the|a|an)\s+/i, '').trim();
}

/**
 * The phrase without its determiners, except a possessive that is part of a label written in capitals
 * ("Your Settings", "My Account": a menu entry, not "the settings of yours").
 */
function stripDet(l: Lifted, s: string): string {
  const m = /^(your|my|our) (\S+)/.exec(s);
  if (m && /^(?:Your|My|Our) [A-Z]/.test(asWritten(l, `${m[1]} ${m[2]}`))) return s;
  return s.replace(DET, '');
}

/** Parts of a page that own controls ("the dialog's Save button"). */
const OWNER = /\b(?:dialog|modal|window|popup|pop-up|panel|form|section|card|sidebar|toolbar|header|footer|menu|bar|box|table|row|list|page|tab|pane|column|widget|drawer|inspector|editor|banner)$/;

/** Read a noun phrase (lower-cased, placeholders in) into a target of `kind` (the verb's expectation). */
/** "the products table", "the Alice row": a name, then the kind of thing that shows it. */
function named(text: string): RegExpExecArray | null {
  const m = /^(?:the\s+)?([a-z0-9][\w.-]*(?: [a-z0-9][\w.-]*)?)\s+(table|list|row|panel|card|column|form|folder|entry|item|record)$/.exec(text);
  return m && !/^(?:main|left|right|top|bottom|side|first|last|same|whole|this|that|new|next|previous|current|selected|open)\b/.test(m[1]!) ? m : null;
}

export function nounPhrase(l: Lifted, raw: string, kind: TargetKind): NounPhrase {
  const unplaced: string[] = [];
  // Compound words that hold a relation word: "the Log In link", "the sign-up form", "drop down".
  let s = ` ${raw.trim().replace(/[,.]+$/, '').replace(/\s+(?:again|once more|one more time|as well|too|once|itself|themselves|himself|herself)$/, '').replace(/\s+(?:without|while|as an?|as the) (?:logging|signing|being|anonymous|guest|visitor)[\w ]*$/, '').replace(/\b(log|sign|check|opt|plug|set|pop|drop|roll|back|built|add|log-?)\s+(in|out|up|on|off|down)\b(?!\s+(?:the|a|an|q\d+)\b)/g, '$1_$2')} `;
  s = ` ${stripDet(l, s.trim())} `;
  const inGrid = gridCell(l, s, kind);
  if (inGrid) return { target: inGrid, unplaced };
  // "the Login dialog's LOGIN button": the control in that part of the page.
  const owned = /^\s*(.+?)'s\s+(.+?)\s*$/.exec(s);
  if (owned && !/'s\b/.test(owned[2]!) && !/^(?:it|its|their|q\d+)$/.test(owned[1]!.trim())) {
    // "the Save button in the dialog's footer": only the owner after the last relation owns the part.
    const rel = /^(.*\s(?:in|on|inside|within|under|at|from|of))\s+(?:the\s+)?(.+)$/.exec(owned[1]!.trim());
    const owner = rel ? rel[2]! : owned[1]!;
    // ("on Bob's card": the card that shows Bob.)
    s = rel && /^(?:table|list|row|panel|card|form|folder|entry|item|record)$/.test(owned[2]!.trim()) && !OWNER.test(owner) ? ` ${rel[1]} the ${owner} ${owned[2]} ` : ` ${rel ? `${rel[1]} the ` : ''}${owned[2]} ${OWNER.test(owner) ? 'in' : 'of'} the ${owner} `;
  }
  const anaphora = /^\s*(?:it|this|that|them|him|her|this one|that one|the one|same|(?:the )?same (\w+(?: \w+)?)|that (\w+)|(\w+) again)\s*$/.exec(s);
  if (anaphora) {
    const noun = anaphora[1] ?? anaphora[2] ?? anaphora[3];
    const role = nounRole(noun);
    if (!noun || role || ITEM_NOUNS.test(noun) || CONTAINER_NOUNS.test(noun)) {
      return { target: { name: '', kind: role ? kindOfRole(role, kind) : kind, ref: 'previous', ...(role ? { role } : {}) }, unplaced };
    }
  }
  // Cut the phrase at its relations: the head, then (relation, anchor) pairs.
  const cuts: Array<{ rel: string; at: number; len: number }> = [];
  for (const m of s.matchAll(REL_RE)) cuts.push({ rel: m[1]!.replace(/\s+/g, ' '), at: m.index!, len: m[0].length });
  // Overlapping matches (the regex consumed the space): keep the earliest of each start.
  const parts: Array<{ rel?: string; text: string }> = [];
  let last = 0;
  let rel: string | undefined;
  for (const c of cuts) {
    if (c.at < last) continue;
    parts.push({ rel, text: s.slice(last, c.at).trim() });
    rel = c.rel;
    last = c.at + c.len;
  }
  parts.push({ rel, text: s.slice(last).trim() });
  // "in the table of contents", "at the far left of the header": "of" continues the anchor before it.
  for (let k = parts.length - 1; k > 1; k--) {
    if (parts[k]!.rel === 'of' && parts[k - 1]!.rel && !NAMING.test(parts[k - 1]!.rel!)) {
      parts[k - 1] = { rel: parts[k - 1]!.rel, text: `${parts[k - 1]!.text} of ${parts[k]!.text}` };
      parts.splice(k, 1);
    }
  }
  // "the checkbox for "Milk"" is a relation; "Click "Sign in" with the keyboard" is not the head.
  let head = parts[0]!.text;
  const target: Target = { name: '', kind };
  const anchors: string[] = [];
  const areas: string[] = [];
  for (const p of parts.slice(1)) {
    const text = p.text.replace(DET, '').trim();
    if (!p.rel || !text) continue;
    if (NAMING.test(p.rel)) {
      // "the button labelled "Save"": the name; unquoted, the words are the name.
      const q = /^(q\d+)\b/.exec(text);
      const name = q ? literal(l, q[1]!)! : original(l, text);
      if (!target.name) target.name = name;
      else (target.alt ??= []).push(name);
      continue;
    }
    if (/placeholder/.test(p.rel)) {
      const q = /^(q\d+)/.exec(text);
      target.name = q ? literal(l, q[1]!)! : original(l, text);
      target.by = 'placeholder';
      continue;
    }
    if (p.rel === 'with' && /^(?:(?:the\s+)?(?:subject|title|name|text|label)\s+)?q\d+$/.test(text) && CONTAINER_NOUNS.test(parts[0]!.text.split(' ').pop() ?? '')) {
      // "the email with subject "X"": the one that shows X.
      if (!target.name) target.name = literal(l, /q\d+/.exec(text)![0])!;
      continue;
    }
    if (p.rel === 'with' && !/\bq\d+\b/.test(text)) {
      // "the circle with the user's initials": description.
      (target.hints ??= []).push(...words(text));
      continue;
    }
    // "Pause from the ⋮ menu", "Delete in the actions menu": the menu it is picked from, opened first.
    const menu = /^(?:from|via|through)$/.test(p.rel ?? '') ? /^(?:the |its |their |this |that )?(.+?) (?:menu|drop-?down(?: menu)?)$/.exec(text) : null;
    if (menu && !/^(?:main|top|side|left|right|context|same|this|that|open|navigation|nav|user|app|file)$/.test(menu[1]!) && kind !== 'field') {
      const name = /^q\d+$/.test(menu[1]!) ? literal(l, menu[1]!)! : original(l, menu[1]!);
      target.menu = { name, kind: 'clickable' };
      continue;
    }
    const quoted = /\bq(\d+)\b/.exec(text);
    // "at the bottom of the "Q3" card" places it in the card, not on the screen.
    const where = quoted || (named(text) && nameLike(l, named(text)![1]!)) ? undefined : placeOf(`${p.rel} ${text}`);
    if (where && !target.place) target.place = where;
    if (quoted) anchors.push(l.quotes[Number(quoted[1])]!);
    else if ((BELONGS.test(p.rel) || (named(text) && nameLike(l, named(text)![1]!))) && named(text)) {
      // "the data of the products table": the table shows "products"; what kind of thing it is, is where to look.
      anchors.push(original(l, named(text)![1]!));
      areas.push(named(text)![2]!);
    } else if ((BELONGS.test(p.rel) || (/^(?:under|below|beneath|underneath)$/.test(p.rel) && /^[A-Z0-9]/.test(asWritten(l, text)))) && !AREA.test(text) && (nameLike(l, text) || (/^(?:next to|beside|in front of|in the row (?:of|for|with|containing))$/.test(p.rel) && /^(?:the )?[a-z][\w-]*$/.test(text) && !/^(?:it|them|this|that|these|those|one|him|her|me|you|us)$/.test(text) && !nounRole(text.replace(/^the /, ''))))) {
      // "of the render-pdf queue": the name (a page shows "render-pdf", not "render-pdf queue"); its kind says nothing more.
      const kindAfter = /^(?:the )?(\S*[\w][._-][\w]\S*|\S*\d\S*) ([a-z]{3,})$/.exec(text);
      anchors.push(original(l, kindAfter && !/[A-Z]/.test(original(l, kindAfter[2]!)) ? kindAfter[1]! : text));
    }
    else if (/\beach\b|\bevery\b/.test(p.text)) {
      // "at the end of each row": any row will do.
    } else if (AREA.test(text) || where) areas.push(...words(text));
    else if (p.rel === 'of' || p.rel === 'for' || p.rel === 'from') {
      // "the name of the project": the words describe the target.
      (target.hints ??= []).push(...words(text));
    } else areas.push(...words(text));
    if (/bottom|end/.test(p.rel) && !target.place && !quoted) target.place = 'bottom';
  }
  if (anchors.length) target.within = anchors[0]!;
  if (areas.length) target.area = [...new Set(areas)];
  // The head: quoted names, role nouns, ordinals, descriptive words.
  head = stripDet(l, head).trim();
  const quoted = [...head.matchAll(/\bq(\d+)\b/g)].map((m) => l.quotes[Number(m[1])]!);
  const urls = [...head.matchAll(/\bu(\d+)\b/g)].map((m) => l.urls[Number(m[1])]!);
  let rest = head.replace(/\b[qu]\d+\b/g, ' ').replace(/'s\b/g, ' ').replace(/\s+/g, ' ').trim();
  // "its category Book Reviews", "the author Quinn Avery": a kind of thing, then its name as written.
  let kindThenName = !quoted.length ? /^(?:its |their |the )?([a-z]+) (\S+(?: \S+){0,3})$/.exec(rest) : null;
  // "the holder name Agnes Whitfield": several words of kind, then the name with capitals.
  if (!quoted.length && kindThenName && !/^[A-Z]/.test(original(l, kindThenName[2]!))) {
    const ws = rest.replace(/^(?:its |their |the )/, '').split(' ');
    for (let k = 2; k <= 3 && k < ws.length; k++) {
      const kind = ws.slice(0, k).join(' ');
      const name = ws.slice(k).join(' ');
      if (ws.length - k <= 4 && /^[a-z]+(?: [a-z]+)+$/.test(original(l, kind)) && /^[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*$/.test(original(l, name)) && !ws.slice(0, k).some((w) => /^(?:button|link|tab|menu|checkbox|radio|icon|box|switch|toggle|option|dialog)s?$/.test(w) || /^(?:new|first|last|next|same|other|main|top|bottom|left|right|to|of|in|on|at|for|by|with|from|and|or|into|onto)$/.test(w))) {
        kindThenName = Object.assign([`${kind} ${name}`, kind, name], { index: 0, input: rest }) as RegExpExecArray;
        break;
      }
    }
  }
  // "issue #3", "ticket #12": a record by its number.
  const idRef = !quoted.length ? /^(?:its |the )?(issue|ticket|bug|task|story|feature|pr|pull request|merge request|order|invoice|case|incident|request|change|job|build|run|item)\s+#(\d+)$/.exec(rest) : null;
  if (idRef) {
    quoted.push(`#${idRef[2]}`);
    (target.hints ??= []).push(idRef[1]!);
    rest = '';
    kindThenName = null;
  }
  if (kindThenName && /^[a-z]+(?: [a-z]+){0,2} [A-Z]/.test(original(l, `${kindThenName[1]} ${kindThenName[2]}`)) && !nounRole(kindThenName[1]) && /^[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*$/.test(original(l, kindThenName[2]!)) && /[a-z]/.test(original(l, kindThenName[2]!).replace(/^\S/, '')) && !/^(?:new|first|last|next|same|other|main|top|bottom|left|right|to|of|in|on|at|for|by|with|from|and|or|into|onto)$/.test(kindThenName[1]!)) {
    quoted.push(original(l, kindThenName[2]!));
    (target.hints ??= []).push(kindThenName[1]!);
    rest = '';
  } else if (kindThenName && RECORD_KINDS.test(kindThenName[1]!) && !/[A-Z]/.test(original(l, kindThenName[1]!)) && /^[a-z0-9][\w.@-]*$/.test(kindThenName[2]!) && !/^(?:name|title|list|field|box|button|link|menu|page|row|column|section|panel|icon|count|number|filter|search|settings|details|view|table|tab|editor|label|description|summary|version|size|date|status|type|id|key|value|info|owner|author)s?$/.test(kindThenName[2]!) && !nounRole(kindThenName[2]!)) {
    // "the tag novel", "the branch trunk", "the table books": a record's kind, then its name in lower case.
    quoted.push(original(l, kindThenName[2]!));
    (target.hints ??= []).push(kindThenName[1]!);
    rest = '';
  }
  for (const [word, n] of Object.entries(ORDINALS)) {
    const re = new RegExp(`(?:^|\\s)${word}(?=\\s|$)`);
    // ("First name", "last name": a field's label, not an ordinal.)
    if (re.test(rest) && rest.trim() !== word && n !== 0 && !new RegExp(`(?:^|\\s)${word} name\\b`).test(rest)) {
      target.nth = n;
      rest = rest.replace(re, ' ').trim();
      break;
    }
  }
  let roleNoun: string | undefined;
  let roleWord = '';
  for (const noun of ROLE_NOUN_LIST) {
    const re = new RegExp(`(?:^|\\s)${noun.replace(/ /g, '\\s')}(?:e?s)?$`);
    const found = re.exec(rest);
    if (found) {
      roleNoun = noun;
      roleWord = found[0].trim();
      rest = rest.replace(re, '').trim();
      break;
    }
  }
  if (!roleNoun && !quoted.length) {
    const lead = /^(heading|button|link|tab|field|checkbox|menu item|option)\s+(\S.*)$/.exec(rest);
    if (lead) {
      roleNoun = lead[1]!;
      rest = lead[2]!;
    }
  }
  let role = nounRole(roleNoun);
  // "the box for "Milk"" / "the box of "Milk"": a box belonging to an item is its checkbox.
  if (roleNoun === 'box' && target.within && !quoted.length) role = 'checkbox';
  if (role === 'heading' && roleNoun === 'header' && !quoted.length && !rest) {
    // "the header" is the page's top bar, not a heading.
    target.area = [...(target.area ?? []), 'header'];
    target.place ??= 'top';
    role = undefined;
  }
  if (role === 'list' || role === 'table' || role === 'grid' || role === 'row' || role === 'cell' || role === 'dialog' || role === 'menu' || role === 'alert' || role === 'progressbar' || role === 'columnheader' || role === 'img' || role === 'option' || role === 'slider') {
    // Roles that are not controls a name lookup should insist on: a hint, not a filter.
    target.relaxed = true;
  }
  if (role) {
    target.role = role;
    target.kind = kindOfRole(role, kind);
  }
  const alt = l.alts.get(roleNoun?.split(' ').pop() ?? '') ?? l.alts.get(rest.split(' ').pop() ?? '') ?? raw.split(/\s+/).map((w) => l.alts.get(w)).find(Boolean);
  const quotedKeyAlt = [...head.matchAll(/\b(q\d+)\b/g)].flatMap((m) => l.alts.get(m[1]!) ?? []);
  const alts = [...(alt ?? []), ...quotedKeyAlt];
  if (alts.length) target.alt = [...(target.alt ?? []), ...alts];
  // "the red delete button": how it looks describes it; "Green tea", written as a name, is its name.
  // (A name written with a capital keeps its words: "Strong white flour".)
  const looksLike = (w: string) => LOOKS.test(w) && !/^[A-Z]/.test(asWritten(l, w)) && !/^[A-Z]/.test(asWritten(l, rest)) && rest.split(' ').some((x) => x && !LOOKS.test(x) && !STOP.has(x));
  const looks = rest.split(' ').filter(looksLike);
  const desc = rest.split(' ').filter((w) => w && !STOP.has(w) && !looksLike(w));
  if (looks.length) target.hints = [...(target.hints ?? []), ...looks];
  if (quoted.length || urls.length) {
    if (!target.name) target.name = quoted[0] ?? urls[0]!;
    if (quoted.length > 1) target.alt = [...(target.alt ?? []), ...quoted.slice(1)];
    if (desc.length) target.hints = [...(target.hints ?? []), ...desc.filter((w) => !ITEM_NOUNS.test(w) && !CONTAINER_NOUNS.test(w))];
  } else if (desc.length && !target.name) {
    // Unquoted: the words are the name, loosely ("the Add Folder button", "SETTINGS", "trash").
    // "the weekly digest email", "the Team Handbook page": the kind of thing it is, after its name, is a hint.
    // After a name written as one ("the project-backup.tar transfer", "the Q3 Report invoice") any lower-case noun is its kind.
    const nameBefore = desc.length > 1 && /\w[._/]\w|\d|@/.test(desc.slice(0, -1).join(' ')) && /^[a-z]{3,}$/.test(desc[desc.length - 1]!) && !LOOKS.test(desc[desc.length - 1]!);
    const tail = desc.length > 1 && !/^[A-Z]/.test(asWritten(l, desc[desc.length - 1]!)) && !(desc.length === 2 && /^(?:empty|whole|entire|blank|same|other|current|default)$/.test(desc[0]!)) && (nameBefore || KIND_AFTER_NAME.test(desc[desc.length - 1]!)) ? desc.pop()! : undefined;
    if (tail) target.hints = [...(target.hints ?? []), tail];
    target.name = original(l, desc.join(' ')) || desc.join(' ');
    // "Try it out", "Log me in": a label written with a capital keeps its small words.
    const whole = asWritten(l, rest);
    // ("Your Settings", "My Account": a possessive in capitals before a capital is part of the label.)
    if (!tail && /^[A-Z][\w-]*(?: [\w-]+){1,4}$/.test(whole) && (!/^(?:one|two|three|four|five|six|seven|eight|nine|ten|no|each|every|all|both|some|any|this|that|these|those|its|their|my|your|our)\b/i.test(whole) || /^(?:Your|My|Our) [A-Z]/.test(whole)) && whole.split(' ').length > desc.length && !/\b(?:the|a|an|in|on|of|at|to|for|with|from|under|next|below|above|and|or)\b/i.test(whole)) target.name = whole;
    target.described = true;
    if (!role && desc.length === 1 && CONTAINER_NOUNS.test(desc[0]!) && target.within) {
      // "the row of "Milk"": the row itself.
      target.name = '';
      target.described = undefined;
    }
  } else if (desc.length) {
    (target.hints ??= []).push(...desc);
  } else if (!target.name && roleNoun && !target.within && !/^(?:text area|textarea|editor|search box|search field|search bar|search input|field|box|input|button|link|checkbox|dropdown|icon|image)$/.test(roleNoun) && /\b[A-Z]/.test(asWritten(l, roleWord))) {
    // "Go to Alerts", "open the Status menu": a role word written as a name is the name.
    target.name = asWritten(l, roleWord);
    target.described = true;
    delete target.role;
    target.kind = kind;
  } else if (!target.name && roleNoun && /^(?:text area|textarea|editor|search box|search field|search bar|search input)$/.test(roleNoun)) {
    // "the text area", "the search box": the noun is all the name there is.
    target.name = roleNoun;
    target.described = true;
  }
  // "Wednesday 3 March": a day shown by its date alone is the same day.
  const day = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(\S.*)$/i.exec(target.name);
  if (day && /\d/.test(day[1]!)) target.alt = [...(target.alt ?? []), day[1]!];
  // "11 May 2027": the same day as a date picker labels it ("May 11, 2027") or writes it (2027-05-11).
  const date = datesLike(target.name);
  if (date.length) target.alt = [...new Set([...(target.alt ?? []), ...date])];
  if (target.hints) target.hints = [...new Set(target.hints)].filter((h) => h.length > 1 || /[×x+✓]/.test(h));
  if (target.hints && !target.hints.length) delete target.hints;
  for (const w of rest.split(' ')) if (w && /^[^a-z0-9×+✓]+$/.test(w)) unplaced.push(w);
  return { target, unplaced };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Other ways a day is written when `name` is one with its year: "May 11, 2027", "11 May 2027", "2027-05-11". */
export function datesLike(name: string): string[] {
  const s = name.toLowerCase().replace(/^(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+/, '').replace(/(\d)(?:st|nd|rd|th)\b/g, '$1').replace(/,/g, '').trim();
  const month = (w: string) => MONTHS.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w)));
  let m = /^(\d{1,2}) ([a-z]+) (\d{4})$/.exec(s);
  let d: [number, number, number] | undefined = m && month(m[2]!) >= 0 ? [Number(m[3]), month(m[2]!), Number(m[1])] : undefined;
  m = /^([a-z]+) (\d{1,2}) (\d{4})$/.exec(s);
  if (!d && m && month(m[1]!) >= 0) d = [Number(m[3]), month(m[1]!), Number(m[2])];
  if (!d || d[2] < 1 || d[2] > 31) return [];
  const [y, mo, day] = d;
  const Month = MONTHS[mo]![0]!.toUpperCase() + MONTHS[mo]!.slice(1);
  return [`${Month} ${day}, ${y}`, `${day} ${Month} ${y}`, `${y}-${String(mo + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`].filter((x) => x.toLowerCase() !== name.toLowerCase());
}

/** A row named for what it shows: "plot 5, Siobhan Kerr" is the row that shows Siobhan Kerr (the name written as one). */
function rowName(l: Lifted, text: string): string {
  const q = /\bq(\d+)\b/.exec(text);
  if (q) return l.quotes[Number(q[1])]!;
  const parts = text.replace(/^(?:the )?(?:row (?:of|for) )?/, '').split(/\s*,\s*|\s+and\s+/).map((p) => original(l, p.trim().replace(/'s$/, ''))).filter(Boolean);
  return parts.find((p) => /^[A-Z0-9]/.test(p) && /[A-Za-z]/.test(p) && !/^(?:plot|row|item|line|no|number|id)\b/i.test(p)) ?? parts[parts.length - 1] ?? text;
}

/**
 * A cell of a grid by its column and row: "the red cross in the Rent paid column of Rajesh Patel's row",
 * "the empty Notes cell of plot 5, Siobhan Kerr", "Onions in Hannah Osei's row".
 */
function gridCell(l: Lifted, s: string, kind: TargetKind): Target | undefined {
  const t = s.trim().replace(DET, '');
  let m = /^(.+?) in (?:the )?(.+?) column (?:of|for|in|on) (?:the )?(.+?)(?:'s)? row$/.exec(t);
  if (m) return { name: '', kind, column: original(l, m[2]!), within: rowName(l, m[3]!), hints: words(m[1]!) };
  m = /^(?:(?:empty|blank) )?(.+?) (?:cell|column) (?:of|for|in|on) (?:the )?(.+?)(?:'s row| row)?$/.exec(t);
  if (m && !/\b(?:of|for|in|on)\b/.test(m[1]!) && m[1]!.split(' ').length <= 4) return { name: '', kind, column: /^q\d+$/.test(m[1]!) ? literal(l, m[1]!)! : original(l, m[1]!), within: rowName(l, m[2]!) };
  m = /^(.+?) in (?:the )?(.+?)'s row$/.exec(t);
  if (m && !/\b(?:in|of)\b/.test(m[1]!)) {
    const name = /^q\d+$/.test(m[1]!) ? literal(l, m[1]!)! : original(l, m[1]!);
    return { name, kind, within: rowName(l, m[2]!) };
  }
  return undefined;
}

/** Content words of a fragment. */
export function words(s: string): string[] {
  return s.replace(/'s\b/g, '').replace(/_/g, ' ').split(/[^a-z0-9×✓+]+/).filter((w) => w.length > 1 && !STOP.has(w));
}
