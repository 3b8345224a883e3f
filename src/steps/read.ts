/**
 * The step reader: one plain-language plan step → clauses, each an action or a check, with how
 * sure the reading is. The sentence is cut into clauses (";", sentences, "then", and a comma or
 * "and" before a new verb or a new subject), conditions and purposes are taken off each clause, the
 * clause's verb is found by meaning (the lexicon's families, the NLP tagger's lemma for any form and
 * any verb), and the family's rule reads the rest: targets as noun phrases, values as literals.
 * A clause that reads as neither an action nor a check is kept as an unread remark that lowers the
 * confidence; a step is "not understood" only when none of it could be read.
 */
import { FOCUSED, isCheck, type Intent, type Scope } from './intent.js';
import { asWritten, lift, literal, type Lifted } from './lift.js';
import { MULTI_VERBS, ROLE_NOUN_LIST, VERBS, type Family } from './lexicon.js';
import { stem, verbLemma } from './nlp.js';
import { nounPhrase } from './noun-phrase.js';
import { condition, dialogAnswer, purpose } from './rules/conditions.js';
import { subjectOf, looksLikeCheck, predicateOf, readCheck, type CheckInput } from './rules/checks.js';
import { valueOf, type RuleInput, type StepMemory } from './rules/context.js';
import { back, navigate, reload, scroll, wait } from './rules/navigate.js';
import { click, control, dataOf, press } from './rules/pointer.js';
import { accountOf, add, clear, fill, formFill, formValues, leave, search, set, signIn, signOut, submit } from './rules/fill.js';
import { check, choose, toggle } from './rules/choose.js';
import { connect, drag } from './rules/drag.js';
import { rewriteAction } from './rules/rewrite.js';
import { upload } from './rules/upload.js';

export type { StepMemory } from './rules/context.js';

export interface PlanStepLike {
  type: 'action' | 'assertion';
  description: string;
}

export interface ReadClause {
  /** The clause as written. */
  text: string;
  type: 'action' | 'assertion';
  intent: Intent;
  /** A clause under a condition ("if a banner shows up"): skipped when its target is absent. */
  optional?: boolean;
  /** 0–1: how sure the reading is (words left unplaced, a verb known only to the tagger, a loose check). */
  confidence: number;
}

export interface Reading {
  clauses: ReadClause[];
  /** Set when nothing of the step could be read. */
  unknown?: { words: string; suggestion: string };
  /** What was read as a remark, a purpose or a condition, or could not be read, and is not acted on. */
  remarks: string[];
  /** The lowest confidence of the step's clauses (1 when it has none). */
  confidence: number;
}

/** What the reader reads, in short: the suggestion attached to a step it could not read. */
export const READING_HINT =
  'e.g. Click "Save"; Type "milk" into the search box; ' +
  'Choose "EU" as the region; Tick the box for "Milk"; checks: "X" is shown; the "Save" button is disabled; the list shows 3 items; the URL contains /x';

const FILLER = /^(?:(?:then|and|now|also|please|afterwards|after that|once done|once there|once that is done|to start|to begin|at last|meanwhile|ok|okay|step \d+:?|try to|attempt to|go ahead and|go on and|proceed to)\b,?\s*|(?:next|finally|first|firstly|secondly|lastly|again)(?:,\s*|\s+(?=(?:click|type|enter|open|go|press|select|check|verify|make)\b)))+/;
const WHO = /^(?:the user|user|i|we|you|they|tester|the tester|someone)\s+(?:(?:should|must|will|can|need to|needs to|have to|has to|want to|wants to|try to|tries to|go and|then)\s+)*/;

interface Head {
  family: Family | 'unknown';
  verb: string;
  rest: string;
  known: boolean;
}

const MULTI = MULTI_VERBS.map((v) => {
  const [first, ...more] = v.split(/([ -])/);
  return { v, re: new RegExp(`^(?:${first}(?:s|es|ed|d|ing)?)${more.join('').replace(/ /g, '\\s+')}(?=\\s|$)`) };
});

/** The clause's verb by meaning: fixed multi-word verbs first, then the lexicon, then the tagger. */
function head(s: string): Head | undefined {
  const t = s.replace(FILLER, '').replace(WHO, '').replace(FILLER, '');
  for (const { v, re } of MULTI) {
    const m = re.exec(t);
    if (m) return { family: VERBS[v]!, verb: v, rest: t.slice(m[0].length).trim(), known: true };
  }
  const m = /^([a-z][a-z-]*)\b\s*(.*)$/.exec(t);
  if (!m) return undefined;
  const word = m[1]!;
  for (const w of stem(word)) if (VERBS[w]) return { family: VERBS[w]!, verb: w, rest: m[2]!.trim(), known: true };
  const lemma = verbLemma(word);
  if (lemma && VERBS[lemma]) return { family: VERBS[lemma]!, verb: lemma, rest: m[2]!.trim(), known: true };
  if (lemma && !/^(?:be|is|are|was|were|has|have|do|does|should|must|will|can|get|seem|look|show|appear|say|read|contain|include|display|list|remain|stay|become)$/.test(lemma)) return { family: 'unknown', verb: lemma, rest: m[2]!.trim(), known: false };
  return undefined;
}

function act(h: Head, i: RuleInput, why: string[]): Intent[] | undefined {
  // "Status > Targets", "Status → Rules": a menu path, clicked in turn.
  if (/^(?:navigate|open|click|choose|press)$/.test(h.family) && / > /.test(i.rest)) {
    const steps = i.rest.replace(/\s+(?:from|in|on) (?:the )?(?:top |main |nav(?:igation)? )?(?:menu|bar|navbar|navigation)$/, '').split(/\s+>\s+/);
    return steps.flatMap((part) => click({ ...i, rest: part }, 'click', why) ?? []);
  }
  // "Complete page 1 with …", "fill in Nadia, Haddad, …": a form filled in order, whatever the verb's family.
  const form = /^(?:complete|populate)$/.test(h.verb) ? formFill(i) : undefined;
  if (form) return form;
  // "Select all three bullet points, from "Litter" to "church"", "select the words "spring fair"": text, as a drag over it selects it.
  const span = /^(?:select|highlight|mark|drag over|drag across)$/.test(h.verb) ? /^(?:.*?,?\s+)?from (?:the (?:word|words|text) )?(q\d+) (?:to|through|until|up to) (?:the (?:word|words|text) )?(q\d+)$|^(?:the |all (?:the |of the )?)?(?:whole |entire |full )?(?:word|words|text|phrase|sentence|line|(?:sub-? ?)?heading|title|paragraph|bullet(?: point)?|list item)(?: of| in)? (q\d+)$|^(?:all of|the whole|the entire|the full) (q\d+)$/.exec(i.rest) : null;
  // "select "Everyone is welcome." at the end of the first paragraph": a sentence, or words placed in a text, are text to select.
  const prose = !span && /^(?:select|highlight)$/.test(h.verb) ? /^(q\d+)(?:\s+(?:at|in|on|near|from) (?:the )?(?:(?:start|end|beginning|middle) of (?:the )?)?(?:[\w-]+ ){0,2}(?:paragraph|line|sentence|text|editor|heading|bullet(?: point)?|list item|document|page))?$/.exec(i.rest) : null;
  const proseText = prose ? i.l.quotes[Number(prose[1]!.slice(1))]! : undefined;
  if (proseText && (/\s\S+[.!]$/.test(proseText) || i.rest !== prose![1])) return [{ kind: 'select-text', from: proseText }];
  if (span) return [{ kind: 'select-text', from: i.l.quotes[Number((span[1] ?? span[3] ?? span[4])!.slice(1))]!, ...(span[2] ? { to: i.l.quotes[Number(span[2].slice(1))]! } : {}) }];
  // "Choose the file time-trials.ics in the file picker", "Import contacts.vcf": a file, whatever the verb's family.
  const file = h.family !== 'upload' ? upload(i, false) : undefined;
  if (file) return file;
  switch (h.family) {
    case 'navigate': return navigate(i);
    case 'back': return back();
    case 'reload': return reload(i);
    case 'open': {
      if (!i.rest || /\bu\d+\b/.test(i.rest)) return navigate(i);
      if (/ (?:for|to) (?:editing|edit|deletion|viewing|details)$/.test(i.rest)) return click(i, 'click', why);
      // "Open the Inspector with the "i" button": the control named after "with" is what is clicked.
      const using = /^(.+?)\s+(?:with|using|via|by clicking|through)\s+(?:the\s+)?(.*\b(?:button|icon|link|menu|tab|toggle)\b.*)$/.exec(i.rest);
      if (using) {
        const c = click({ ...i, rest: using[2]! }, 'click', why);
        if (c?.[0]?.kind === 'click') return [{ ...c[0], target: { ...c[0].target, hints: [...new Set([...(c[0].target.hints ?? []), ...using[1]!.replace(/^(?:the|a|an)\s+/, '').split(' ')])] } }];
      }
      const nav = navigate(i);
      if (nav?.[0]?.kind === 'navigate' || !/^(?:the |a |an )?(?:\w+ )?(?:menu|dialog|panel|section|drawer|dropdown|list|sidebar|settings)$/.test(i.rest)) return nav;
      return control(i, why);
    }
    case 'click': return click(i, 'click', why);
    case 'dblclick': return click(i, 'dblclick', why);
    case 'rightclick': return click(i, 'click', why)?.map((x) => (x.kind === 'click' ? { ...x, right: true } : x));
    case 'hover': return click(i, 'hover', why);
    case 'press': return press(i, why);
    case 'fill':
      // "type Lyon": typing needs no quotes; what is typed goes into the field in use.
      // "Type Needs new fence": one types text, never a control, so words with no field named are the text.
      if (/^(?:type|write|key in|input)$/.test(h.verb) && /^[^\s,]+(?: [^\s,]+){0,7}$/.test(i.rest) && !/^q\d+ (?:instead|again|too|now)$/.test(i.rest) && !/\b(?:in|into|on|the|a|an|it|your|my|its|this|that|some)\b/.test(i.rest)) return [{ kind: 'fill', target: { name: FOCUSED, kind: 'field' }, value: valueOf(i, i.rest) }];
      return fill(i) ?? (i.rest && !/\bq\d+\b/.test(i.rest) ? click({ ...i }, 'click', why) : undefined);
    // "…and call it home-nas": the name of what is being made.
    case 'set': if (/ (?:it|them)$/.test(h.verb) && i.rest) return [{ kind: 'fill', target: { name: 'name', kind: 'field', described: true, hints: ['title', 'label'] }, value: valueOf(i, i.rest) }];
      return set(i) ?? fill(i) ?? (/^(?:edit|modify|rename|update|change)$/.test(i.verb) ? control(i, why) : undefined);
    case 'clear': return clear(i);
    case 'leave': return leave(i);
    case 'choose': return choose(i);
    case 'check': {
      if (/^(?:that|if|whether)\b/.test(i.rest)) return undefined;
      return check(i, true);
    }
    case 'uncheck': return check(i, false);
    case 'toggle': return toggle(i);
    case 'drag': return drag(i);
    case 'connect': return connect(i) ?? drag(i);
    case 'scroll': return scroll({ ...i, rest: `${/down|up/.test(i.verb) ? `${i.verb.split(' ')[1]} ` : ''}${i.rest}`.trim() });
    case 'wait': return wait(i);
    case 'sign-in': return signIn(i);
    case 'sign-out': return signOut();
    case 'search': return search(i);
    case 'add': return add(i);
    case 'submit': return submit(i) ?? control({ ...i, verb: 'submit' }, why);
    case 'control': {
      // "Run the query SELECT * FROM invoices": the statement goes in the query box, then it is run.
      const q = /^(?:run|execute)$/.test(h.verb) ? /^(?:the |this |a |an )?((?:sql )?(?:query|statement|command|sql))(?::)?\s+(q\d+|[^"].*)$/.exec(i.rest) ?? code(i) : null;
      if (q) return [{ kind: 'fill', target: { name: q[1]!.replace(/^sql /, ''), kind: 'field', multiline: true, hints: ['query', 'sql', 'command'] }, value: valueOf(i, q[2]!) }, { kind: 'click', target: { name: '', kind: 'clickable', anyOf: ['Execute', 'Run', 'Run query', 'Execute query', 'Go', 'Submit'], hints: [h.verb] } }];
      return (/^(?:show|view|display|list)$/.test(h.verb) ? dataOf(i, false) : undefined) ?? control(i, why);
    }
    case 'upload': return upload(i, true) ?? unknownVerb(h, i, why);
    case 'unknown': return unknownVerb(h, i, why);
    case 'verify': return undefined;
  }
}

/** A verb outside the lexicon (or one with nothing of its own to act on): the control it names, or the one the step names. */
function unknownVerb(h: Head, i: RuleInput, why: string[]): Intent[] | undefined {
  // A verb outside the lexicon acts on a control only when the step names one ("Upvote the "first" post").
  if (!/\bq\d+\b/.test(i.rest) && !ROLE_WORD.test(i.rest)) {
    // "Preview the changes", "Archive the ticket": the control named by the verb does it.
    if (!/^(?:the|a|an|this|that|it|them|all)\b/.test(i.rest) || i.rest.split(' ').length > 4 || /\b(?:to|into|from|with|as|for)\b/.test(i.rest) || /^(?:try|attempt|want|need|go|come|make|let|get|keep|begin|wait|manage)$/.test(h.verb)) return undefined;
    return [{ kind: 'click', target: { name: h.verb, kind: 'clickable', anyOf: [h.verb], ...(why.length ? { hints: why } : {}) } }];
  }
  return click(i, 'click', [i.verb, ...why]);
}

const ROLE_WORD = new RegExp(`\\b(?:${ROLE_NOUN_LIST.join('|')})s?\\b`);

/** "Run: mutation { … }", "execute the mutation { … }": code written out after run or execute, as a query to type and run. */
function code(i: RuleInput): RegExpExecArray | null {
  const m = /^:?\s*(?:the |this |a |an |following )?((?:graphql )?(?:query|mutation|statement|command|code|script|request))?\s*:?\s*(q\d+)$/.exec(i.rest);
  const value = m ? literal(i.l, m[2]!) : undefined;
  if (!m || !value || !/[{}();]|^\s*(?:select|insert|update|delete|with|query|mutation)\b/i.test(value)) return null;
  m[1] = 'query';
  return m;
}

/** Cut a sentence into clauses. */
function clauses(s: string, type: PlanStepLike['type']): string[] {
  const out: string[] = [];
  // "Open the website and, under the post "X", click …": where the next clause acts, said first.
  s = s.replace(/,?\s+and,\s+(?=(?:under|in|on|inside|within|below|above|next to|beside|from)\s)/g, ' then ');
  // "Jib-sheet5 in both password boxes", "the password X typed in both password fields": the password and its confirmation.
  s = s.replace(/\b(?:the password\s+)?(q\d+|[^\s,]+)\s+(?:typed\s+|entered\s+|put\s+)?in(?:to)?\s+both\s+(?:the\s+)?(?:password\s+)?(?:fields|boxes|inputs)\b/g, (m, v: string) => (/^the password/.test(m) ? `the password ${v} and the confirm password ${v}` : `${v} as the password and ${v} as the confirm password`));
  // "Drag X and drop it onto Y": one drag, from X to Y.
  s = s.replace(/\b(drag|move|pick up)\s+(.+?),?\s+and\s+(?:then\s+)?(?:drop|release|let go of|place|put)\s+(?:it|them)\s+(onto|on to|on|into|in|over|on top of|to)\s+/g, '$1 $2 $3 ');
  // "type X into the box that appears": the field that just opened has the focus.
  s = s.replace(/\b(?:the|a)\s+(?:small\s+|little\s+|new\s+)?(?:box|field|input|text box|text field)\s+that\s+(?:appears|opens|pops up|shows up|comes up)\b/g, 'the same field');
  // "After logging in, open …", "Once signed in, …": signing in is the first thing done.
  s = s.replace(/(^|[.;]\s+)(?:after|once|when|having|as soon as you are|as soon as you're)\s+(?:you(?:'ve| have| are|'re)?\s+)?(?:logging|signing|logged|signed|log|sign)[- ]?(?:in|on)(?:\s+(?:with|as|using)\s+(?:the\s+)?test account)?\s*,\s*|(^|[.;]\s+)after (?:the )?(?:login|log-?in|sign-?in)\s*,\s*/g, (_m, a: string | undefined, b: string | undefined) => `${a ?? b ?? ''}sign in, then `);
  if (type === 'action') {
    // "click 11 May 2027, then 13 May 2027": the same verb again, on the next thing named.
    s = s.replace(/\b(click(?: on)?|double-click|tick|untick|select|choose|pick|press|open|expand|collapse)\s+([^,;]+?),\s+(?:and\s+)?then\s+(?!(?:click|double-click|tick|untick|select|choose|pick|press|open|type|enter|go|wait|drag|upload|fill|check|uncheck|expand|collapse|scroll|hover|save|submit|close|clear|delete|remove|add|write|set|change|search|sign|log)\b|(?:the|a|an|it|its)\s)([\w][\w ,'-]{0,40}?)(?=\s*$|\s*[,;.]|\s+and\b)/g, (m, verb: string, first: string, next: string) => (/\b(?:again|too|the|its|their|browser|dialog|q\d+)\b/.test(next) || next.split(' ').length > 5 || head(next) ? m : `${verb} ${first}, then ${verb} ${next}`));
    // "Open the Recipe Index and from it the Lemon Drizzle Cake": the same verb again, on what the first opened.
    s = s.replace(/\b(open|go to|visit|navigate to|click(?: on)?|choose|select|pick)\s+(.+?),?\s+and\s+(?:then\s+)?(?:from|in|on|inside|within)\s+(?:it|there|that|this|that (?:page|list|card|menu)|the list|the page)\s*,?\s+(?!(?:click|open|choose|select|pick|press|tap|type|enter|hit|go)\b)/g, '$1 $2, then $1 ');
    // "Open render-pdf and its Failed tab", "go to the render-pdf queue, Failed tab": the tab of what was opened.
    s = s.replace(/\b(open|go to|visit|navigate to|switch to)\s+(?:the\s+)?([\w.' -]+?|q\d+),?\s+(?:and\s+(?:then\s+)?(?:to\s+)?(?:its|their)\s+|(?:then\s+)?(?:its\s+)?)([\w' -]+?|q\d+)\s+(tab|view)\b/g, (whole, verb: string, what: string, tab: string, noun: string) => (/,|\band\b/.test(whole) && !/\b(?:and|then|tab|view)\b/.test(what) && !/\b(?:and|the|a|an|to|its|their|go|then|open|click|select|switch|visit)\b/.test(tab) ? `${verb} the ${tab} ${noun} of ${what}` : whole));
    // "Expand "A" and "B"", "tick "Milk", "Eggs" and "Flour"": the same verb on each named thing, in turn.
    s = s.replace(/\b(click(?: on)?|expand|collapse|open|tick|untick|uncheck|check)\s+(?:the\s+)?(q\d+)((?:,\s*(?:the\s+)?q\d+)*),?\s+and\s+(?:then\s+)?(?:the\s+)?(q\d+)(\s+(?:folders?|branches?|nodes?|entries|items?|boxes|checkboxes|rows?|sections?|groups?|links?|buttons?))?(\s+(?:in|on|under|within|inside|from) (?:the |this |that )?[a-z][\w -]*?)?(?=\s*[,.;]|\s+(?:then|and then)\b|$)/g, (_m, verb: string, first: string, more: string, last: string, noun: string | undefined, where: string | undefined) =>
      [first, ...more.split(',').map((x) => x.replace(/\bthe\b/, '').trim()).filter(Boolean), last].map((q) => `${verb} ${q}${noun ? ` ${noun.trim().replace(/ies$/, 'y').replace(/(box|branch)es$/, '$1').replace(/s$/, '')}` : ''}${where ?? ''}`).join(', then '));
    s = s.replace(/,?\s+and\s+(?:then\s+)?(?:from|in|on|inside|within)\s+(?:it|there|here|that|this|that (?:page|list|card|menu|dialog)|the list|the page)\s*,?\s+(?=(?:click|open|choose|select|pick|press|tap|type|enter|hit|go)\b)/g, ', then ');
    // "Open the Starter Feeding Log by searching for "starter"": the search first, then what it found.
    s = s.replace(/^(?:(.*?[.;]\s+))?((?:open|go to|find|visit|click(?: on)?|select|pick)\s+.+?),?\s+by\s+(?:searching|looking|filtering)\s+(?:for|by|on|with)\s+(q\d+|[^,.;]+)(?=[.;]|$)/, (_m, before: string | undefined, act: string, q: string) => `${before ?? ''}search for ${q}, then ${act}`);
  }
  const sentences = s.split(/\s*;\s*|(?<!\.)\.\s+(?=[a-z(q"])|\s*:\s+(?=(?:then|and|next)\b)/).flatMap((x) => {
    // "Edit the page: replace …", "the inbox is empty: "No emails yet" is shown": a colon before a clause of its own.
    const at = /^(.+?):\s+(.+)$/.exec(x);
    if (!at || /\bq\d+$/.test(at[1]!) === false && /\b(?:\d+|two|three|four|five|six|several|following|these)\s+[a-z-]+$/.test(at[1]!)) return [x];
    // "The heading says Select: products": a colon inside the words a check quotes.
    if (type === 'assertion' && /\b(?:says|reads|shows|displays) [a-z][\w-]*$/.test(at[1]!)) return [x];
    const next = at[2]!;
    const own = type === 'assertion' ? looksLikeCheck(next) : Boolean(head(next)) && head(next)!.family !== 'unknown';
    return own ? [at[1]!, next] : [x];
  });
  for (const sentence of sentences) {
    const cond = /^(?:if|when|in case)\b[^,]+,/.exec(sentence);
    const then = type === 'assertion' ? /,?\s+and then\s+(?=\S+ \S+ (?:is|are|shows?)\b)|,\s*so\s+(?=.*\b(?:is|are|shows?|reads?|says?)\b)/ : /,?\s+and then\s+|,\s*then\s+|\s+then\s+(?=[a-z])|,\s*after that,?\s+|,\s*afterwards,?\s+|,\s*next,?\s+/;
    const parts = sentence.split(then);
    for (const [k, part] of parts.entries()) {
      if (k === 0 && cond) {
        // "if X shows up, do Y and Z": the condition stays with its first clause.
        const rest = part.slice(cond[0].length).trim();
        const pieces = type === 'assertion' ? splitChecks(rest) : splitActions(rest);
        out.push(`${cond[0]} ${pieces[0] ?? ''}`.trim(), ...pieces.slice(1));
        continue;
      }
      out.push(...(type === 'assertion' ? splitChecks(part) : splitActions(part)));
    }
  }
  return out
    .map((c) => c.trim().replace(/^(?:and|then|,)\s+/, '').replace(/[,:]$/, '').trim())
    .map((c) => (type === 'action' ? rewriteAction(c) : c))
    .filter(Boolean);
}

const SUBJECT_START = /^(?:q\d+|u\d+|the\b|a\b|an\b|no\b|its?\b|there\b|this\b|that\b|each\b|every\b|all\b|both\b|only\b|none\b|neither\b|[a-z][\w-]*'s\b|\d+\b|exactly\b|nothing\b|everything\b|[a-z]+ (?:is|are)\b)/;

/** Actions split at "and" / commas that start a new verb, or a new subject with its own verb. */
function splitActions(part: string): string[] {
  const out: string[] = [];
  const pieces = part.split(/(,?\s+and\s+|,\s+|\s+but\s+)/);
  let cur = pieces[0] ?? '';
  for (let k = 1; k < pieces.length; k += 2) {
    const next = pieces[k + 1] ?? '';
    const startsVerb = startsWithAction(next, cur);
    const startsCheck = SUBJECT_START.test(next) && looksLikeCheck(next) && !/\b(?:into|in|to|with|as|from|onto)\s*$/.test(cur) && !/^(?:the|a|an) [\w -]+ q\d+$/.test(next);
    // "In the left-hand menu, click …": where the clause acts, said before its verb.
    // (A place with its clause's verb already in it, "Under "X" type …", is a clause of its own.)
    const where = /^,\s*$/.test(pieces[k]!) && /^(?:in|on|inside|within|from|under)\s+(?:the\s+)?[\w' -]+$/.test(cur) && cur.split(' ').length <= 9 && !head(cur) && !/\s(?:type|enter|click|pick|choose|select|press|write|fill|tick|check|open|expand|collapse|execute|hover|visit|go to)\s/.test(cur);
    if ((startsVerb || startsCheck) && !where && splitAllowed(cur, next)) {
      out.push(cur.trim());
      cur = next;
    } else cur += pieces[k]! + next;
  }
  out.push(cur.trim());
  return out;
}

function startsWithAction(next: string, cur: string): boolean {
  const h = head(next);
  if (!h) return false;
  // A bare list of values after a fill ("type "a", "b""), or a key after "press" ("press Shift and Enter").
  if (/^(?:press|hit|pressing|hitting)\b/.test(next)) return true;
  // Only verbs the lexicon knows start a new clause mid-sentence ("…and password "p"" is no verb).
  if (h.family === 'unknown') return false;
  // "the e-mail "u" and the secret "p"" are objects, not verbs.
  if (h.family === 'fill' && /^(?:enter|input)\s/.test(next) === false && /^(?:the|a|an)\b/.test(next)) return false;
  // "Check "a" and "b"": values, not a verb.
  void cur;
  return true;
}

function splitAllowed(cur: string, next: string): boolean {
  // "…, like "quarterly report"", "…, such as "x"": an example of the value, not a new clause.
  if (/^(?:like|such as|say|e\.g\.?|for example|for instance|including)\b/.test(next)) return false;
  // "type Spring fair and what's coming up into the summary box": one value, "and" and all, said before where it goes.
  if (/^(?:type|enter|write|put|input|key in)\s/.test(cur) && !/\s(?:into|in|to|as)\s/.test(cur) && !/\bq\d+\b/.test(cur) && /\s(?:into|in)\s+(?:the|a|an|its|this|that)\s+[\w -]+?(?:box|field|area|input|editor|bar|line)$/.test(next) && !head(next)) return false;
  // "…by typing each into X and pressing Enter" stays one clause.
  if (/\bby (?:typing|entering|clicking|pressing|writing|putting)\b/.test(cur) && /^(?:pressing|hitting|clicking)\b/.test(next)) return false;
  if (/^(?:pressing|hitting)\b/.test(next) && !/\bby\b/.test(cur)) return true;
  return true;
}

const PLACED = '(?:listed|shown|placed|sitting|sits|stands|lies|comes|appears|sorted|coming|appearing|displayed|added)';
/** "maria listed between lucia and nadia": one name between two others. */
const BETWEEN = new RegExp(`(,?\\s*\\bwith\\s+)?\\b((?:q\\d+|[\\w.@-]+)(?: (?!and\\b|is\\b|are\\b|${PLACED}\\b)[\\w.@-]+)?) (?:(?:is|are) )?(?:(?:now|still) )?(?:${PLACED} )?between ((?:q\\d+|[\\w.@-]+)(?: (?!and\\b)[\\w.@-]+)?) and ((?:q\\d+|[\\w.@-]+)(?: (?!and\\b|with\\b|in\\b)[\\w.@-]+)?)(?: and (\\d+) [a-z]+s\\b)?(?=,|\\s+and\\b|\\s*$)`, 'g');

/** Checks split on "and" / commas / "but" between two parts that are each a check of their own. */
function splitChecks(part: string): string[] {
  // "the tools and shed sections are gone": one check per thing named, of the same kind.
  const both = /^(?:(?:only|just) )?(?:the )?([a-z][\w-]*) and (?:the )?([a-z][\w-]*) (sections|tabs|buttons|links|columns|fields|panels|groups|menus|options|boxes|cards|rows|items|entries) (are|have|were) (.+)$/.exec(part);
  if (both) {
    const one = both[3]!.replace(/ies$/, 'y').replace(/(box)es$/, '$1').replace(/s$/, '');
    const verb = both[4] === 'are' ? 'is' : both[4] === 'have' ? 'has' : 'was';
    return [`the ${both[1]} ${one} ${verb} ${both[5]}`, `the ${both[2]} ${one} ${verb} ${both[5]}`];
  }
  // ""parish website" is plain text now, no longer blue and underlined": how it no longer looks (its colour aside).
  part = part.replace(/^(q\d+) (?:is|are) (?:now )?(?:plain|ordinary|normal|regular|unformatted) text(?: now| again)?,? (?:and )?(?:is |are )?no longer ((?:blue|red|green|purple|coloured|colored|highlighted|a link)(?:,| and| or) )*(underlined|bold|in bold|italic|in italics|struck through|crossed out)\b/, '$1 is no longer $3')
  // "maria listed between lucia and nadia": the three in that order, top to bottom.
  part = part.replace(BETWEEN, (m, w: string | undefined, x: string, a: string, b: string, n: string | undefined, at: number) =>
    // ("…, with maria listed between lucia and nadia and 0 networks": maria's row shows the number.)
    /^(?:the|a|an|it|is|are|with)$/.test(x) ? m : `${w || at > 0 ? ', and ' : ''}${a} is above ${x} and ${x} is above ${b}${n ? ` and the ${x} row shows ${n}` : ''}`);
  // "Only the loans section is left": what is named is checked; "only" says no more than a person sees.
  part = part.replace(/^(?:only|just) (?=the [a-z][\w -]* (?:section|panel|tab|group|card|column|area|pane) (?:is|remains)\b)/, '');
  const out: string[] = [];
  const pieces = part.split(/(,?\s+and\s+|,?\s+but\s+|,\s+(?:so|while|whereas)\s+|,\s+)/);
  let cur = pieces[0] ?? '';
  for (let k = 1; k < pieces.length; k += 2) {
    const next = pieces[k + 1] ?? '';
    // "Next and Last are greyed out, while First and Prev can be pressed": a contrast starts a check of its own.
    if (/^,?\s+(?:while|whereas|but)\s+$|^,\s+(?:while|whereas)\s+$/.test(pieces[k]!) && looksLikeCheck(cur)) {
      const remainder = pieces.slice(k + 1).join('');
      // (Its own verb, not one after a later "while": "…but no Delete link, while the others have all three".)
      if (looksLikeCheck(remainder.replace(/,?\s+(?:while|whereas)\s+.*$/, '')) && !looksLikeCheck(next)) {
        out.push(cur.trim(), ...splitChecks(remainder));
        return out;
      }
    }
    // "…saying Espresso and its talk page have been added": a sentence reported, not two checks.
    const reported = /\b(?:saying|says|that says|telling you|tells you|reading)\s+(?!.*\bq\d+\b)(?:[\w'-]+\s+){2,}[\w'-]+$/.test(cur);
    // "…from the list, only data and Sales report.ipynb remain": a check whose subject is itself a list.
    const listSubject = !looksLikeCheck(next) && /^(?:only|just|both|all|neither|none|every|each)\b/.test(next) && k + 3 < pieces.length && looksLikeCheck(`${next}${pieces[k + 2]}${pieces[k + 3]}`);
    if (looksLikeCheck(cur) && listSubject) {
      out.push(cur.trim());
      cur = next;
      continue;
    }
    // "The panel offers "login" again and no longer shows "Logged in as"": a second verb of the same subject.
    const subject = /\sand\s|\sbut\s/.test(pieces[k]!) && looksLikeCheck(cur) && !looksLikeCheck(next) ? subjectOf(cur) : undefined;
    const shared = subject && /^(?:(?:still|also|now|then|no longer|not|does not|do not|never|again|only)\s+)*[a-z]+s\b/.test(next) && subjectOf(`${subject} ${next}`) === subject ? `${subject} ${next}` : undefined;
    // "force 8 is called Gale and force 10 Storm": the second says the same of another one.
    const gap = /\sand\s|,\s/.test(pieces[k]!) ? /^(?:the )?([a-z][\w-]*) \S+ ((?:is|are) (?:called|named|labell?ed|titled))\s/.exec(cur.trim()) : null;
    const gapped = gap && !looksLikeCheck(next) ? new RegExp(`^(?:the )?${gap[1]} (\\S+) (.+)$`).exec(next.trim()) : null;
    if (gapped) {
      out.push(cur.trim());
      cur = `${gap![1]} ${gapped[1]} ${gap![2]} ${gapped[2]}`;
      continue;
    }
    if (looksLikeCheck(cur) && (looksLikeCheck(next) || /^q\d+ (?:is|are) not$/.test(next) || shared) && !/^(?:that|whether|if)\s/.test(next) && !reported) {
      out.push(cur.trim());
      cur = shared ?? next;
    } else if (looksLikeCheck(cur) && /\sand\s/.test(pieces[k]!) && /^(?:the |its )?[a-z][\w-]*$/.test(next) && /^\s+and\s+$/.test(pieces[k + 2] ?? '') && looksLikeCheck(pieces[k + 3] ?? '') && (/^q\d+$/.test(next) ? /^q\d+ (?:are|both)\b/.test(pieces[k + 3] ?? '') : /^[a-z][\w-]* (?:boxes|fields|inputs|buttons|links|tabs|columns|checkboxes|options|icons)\b/.test(pieces[k + 3] ?? ''))) {
      // "… is shown and the username and password boxes are still there": two names of one subject.
      out.push(cur.trim());
      cur = `${next}${pieces[k + 2]}${pieces[k + 3]}`;
      k += 2;
    } else cur += pieces[k]! + next;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function confidence(unplaced: string[], known: boolean, loose: boolean): number {
  return Math.max(0.1, Math.round((1 - 0.1 * unplaced.length - (known ? 0 : 0.35) - (loose ? 0.3 : 0)) * 100) / 100);
}

/** Read one step. `memory` carries what is being edited and the item last added from step to step. */
export function readStep(step: PlanStepLike, memory: StepMemory = {}): Reading {
  const l = lift(step.description);
  memory.dropped = false;
  memory.justHovered = false;
  const out: ReadClause[] = [];
  const remarks: string[] = [...l.remarks];
  // Parentheses a clause took as its values ("fill in page 1 (Nadia, Haddad, …)"): no remarks.
  const used: string[] = [];
  const own = () => l.remarks.filter((r) => !used.includes(r));
  const unread: string[] = [];
  let last: CheckInput['last'];
  let lastHead: Head | undefined;
  const pieces = clauses(l.s, step.type);
  for (const marked of pieces) {
    // "Run all cells there (Cell > Run All)": the menu path the clause carries says how to do it.
    const menu = /\s*\bm(\d+)\b/.exec(marked);
    const piece = menu ? marked.replace(menu[0], '').trim() : marked;
    // "When the browser asks 'Delete X?', choose Cancel": its own question, answered.
    const answer = step.type === 'action' ? dialogAnswer(l, piece) : undefined;
    if (answer) {
      out.push({ text: pieces.length === 1 ? l.original : asWritten(l, piece), type: 'action', intent: answer, confidence: 1 });
      continue;
    }
    const cond = condition(piece.replace(FILLER, ''));
    let s = cond.s;
    if (cond.subject) s = s.replace(/\b(?:it|them|this|that one)\b/, cond.subject.replace(/^(?:a|an) /, 'the '));
    // "Use the search box to find "printer"", "use the menu at the top to open Settings": the verb acts there.
    const use = step.type === 'action' ? /^use (the [\w' -]+?|q\d+) to (find|search for|search|look for|look up|filter(?: for| by)?|type|enter|write|[a-z]+)\s+(.+)$/.exec(s) : null;
    if (use) s = /^(?:find|search|look|filter)/.test(use[2]!) ? `search for ${use[3]} in ${use[1]}` : /^(?:type|enter|write)$/.test(use[2]!) ? `${use[2]} ${use[3]} into ${use[1]}` : `${use[2]} ${use[3]} in ${use[1]}`;
    const why = step.type === 'action' ? purpose(s) : { s, words: [] };
    if (why.words.length) remarks.push(asWritten(l, s.slice(why.s.length).trim()));
    s = why.s;
    const written = pieces.length === 1 ? l.original : asWritten(l, piece);
    // "File > Save", "Cell menu > Run All": a menu path with no verb is clicked in turn ("menu" names where, not what).
    if (step.type === 'action' && / > /.test(s) && (!head(s) || head(s)!.family === 'unknown') && /^(?:q\d+|[a-z][\w -]*)(?: > (?:q\d+|[a-z][\w -]*))+$/.test(s)) {
      s = `click ${s.split(' > ').map((p) => p.replace(/\s+menu$/, '')).join(' > ')}`;
    }
    // "In MailDev, open …", "On the graph page, pick …": where, said before the verb.
    // (A comma says where the place ends: "On the Advanced Search card, pick …" is not a search.)
    const VERB_START = '(?:type|enter|click|tap|press|pick|choose|select|open|fill|write|search|hit|check|tick|drag|hover|double-click|right-click|go to|move to|point at|point to|write|put|paste|switch to)\\b.*';
    // (After a comma any verb the lexicon knows starts the clause: "In GraphiQL, run the query …".)
    // (A check's own sentence before the comma is no place: "In the sidebar X is marked Paused, like Y".)
    const commaPlace = !head(s) ? /^(?:in|on|inside|within|from|at|under|into)\s+([^,]+?),\s+(.+)$/.exec(s) : null;
    const afterComma = commaPlace && !(step.type === 'assertion' && looksLikeCheck(commaPlace[1]!)) ? commaPlace : null;
    const where = !head(s) ? (afterComma && head(afterComma[2]!)?.known && head(afterComma[2]!)!.family !== 'verify' ? afterComma : null) ?? new RegExp(`^(?:in|on|inside|within|from|at|under|into)\\s+([^,]+?),\\s+(${VERB_START})$`).exec(s) ?? new RegExp(`^(?:in|on|inside|within|from|at|under|into)\\s+(.+?),?\\s+(${VERB_START})$`).exec(s) : null;
    // The place goes with the clause's target; a page or the app itself says nothing more.
    const pageOnly = where && /^(?:the )?(?:[a-z-]+ )?(?:page|app|screen|view|site|wiki|ui)$|^[a-z]+$/.test(where[1]!);
    // Typing goes into the place named ("In the new cell type …"); other verbs act on a target inside it.
    // (Writing in a form named by its heading, with no field named: the form's text box, as if no place were said.)
    const formWrite = where && /^write\s+q\d+$/.test(where[2]!) && /\b(?:form|section|box|area|panel|dialog)$/.test(where[1]!);
    // ("Under "Add New Category" type Workshops as the name": the field is named; the place is where it is.)
    const named = where && /^(?:type|enter|write|put|fill in)\s+.+\s+(?:as|for)\s+(?:the|its|your)\s+[a-z][\w -]*$/.test(where[2]!);
    const typing = where && !named && (/^(?:type|enter|fill|write|search|put|paste)\b/.test(where[2]!) || (/^(?:choose|select|pick)\b/.test(where[2]!) && /\b(?:drop-?down|select|picker|combo ?box)\b/.test(where[1]!))) && !formWrite;
    const place = where && !pageOnly && !typing && !formWrite ? nounPhrase(l, `it in ${where[1]}`, 'any').target : undefined;
    if (where) s = pageOnly || !typing ? where[2]! : `${where[2]} in ${where[1]}`;
    // "In the menu that opens go to "Sort By"": an entry that opens a submenu is pointed at.
    if (where && /\bmenu\b/.test(where[1]!)) s = s.replace(/^(?:go|move|point) (?:to|at) /, 'hover over ');
    // "OK the browser's "are you sure" question", "accept the browser's question about discarding changes": its confirmation, answered.
    if (step.type === 'action' && /^(?:ok|okay|accept|confirm|answer yes to|say yes to|agree to|approve)\s+(?:the\s+)?(?:browser's\s+|page's\s+)?(?:q\d+\s+)?(?:question|prompt|dialog|confirmation|pop-?up|warning)(?:\s+(?:about|asking|that asks)\s+.+)?$/.test(piece) && (/browser|\babout\b/.test(piece) || !/\bq\d+\b/.test(piece))) s = 'confirm';
    // "open the "Too hot?" node by double-clicking it": the way it is done is the action.
    const manner = /^(.+?)\s+by\s+(double[- ]?clicking|right[- ]?clicking|clicking|tapping|hovering over|pressing)(?:\s+on)?\s+(?:it|them|that|this|that one)$/.exec(s);
    if (manner && head(manner[1]!)) s = `${manner[2]!.replace(/ing( over)?$/, (_x, o: string | undefined) => (o ? ' over' : '')).replace(/^doubl(?:e[- ]?)?click$/, 'double-click').replace(/^right[- ]?click$/, 'right-click').replace(/^tapp$/, 'tap')} ${head(manner[1]!)!.rest}`;
    // "add a new flow with the + button next to the tabs": the control named after "with" is what is clicked.
    const means = step.type === 'action' ? /^(?:add|create|make|start|insert)\s+(?:a |an |the |one )?(?:new |another |empty |blank )?(?![\w -]*\bq\d)[\w -]{1,30}?\s+(?:with|using|via|by clicking|through)\s+(?:the\s+)?(.*\b(?:button|icon|link|tab|toggle)\b.*)$/.exec(s) : null;
    if (means) s = `click the ${means[1]}`;
    // "press the inject button twice": the same action, that many times.
    const times = step.type === 'action' ? /\s+(twice|two times|three times|(\d) times)$/.exec(s) : null;
    if (times) s = s.slice(0, times.index);
    // "Click Next until the last page": again, as long as it is there.
    const until = step.type === 'action' ? /\s+(?:until|till|up to)\s+(?:the\s+)?(?:(?:last|final)\s+(?:page|step)|end)(?:\s+of\s+the\s+\w+)?$|\s+until\s+(?:there\s+(?:is|are)\s+no\s+(?:more\s+)?(?:next(?:\s+button)?|pages?|steps?)|it\s+(?:is\s+gone|disappears|goes\s+away))$/.exec(s) : null;
    if (until) s = s.slice(0, until.index);
    // "Choose "Adult" on page 2": a later page of the form is reached by its Next button first.
    const onPage = step.type === 'action' ? /\s+on\s+(?:page\s+(\d+)|the\s+(second|third|fourth|fifth|next)\s+page)$/.exec(s) : null;
    if (onPage) s = s.slice(0, onPage.index);
    let read = readClause(l, s, step.type, memory, why.words, last, used);
    if (read && times) {
      const n = times[1] === 'twice' || times[1] === 'two times' ? 2 : times[1] === 'three times' ? 3 : Math.min(9, Number(times[2]));
      if (read.intents.length === 1 && /^(?:click|press|dblclick)$/.test(read.intents[0]!.kind)) read.intents = Array.from({ length: n }, () => read!.intents[0]!);
    }
    if (read && until && read.intents.length === 1 && read.intents[0]!.kind === 'click') {
      read.intents = [{ ...read.intents[0]!, repeat: true }];
      memory.formPage = undefined;
    }
    // (A form opened starts on its first page.)
    if (read?.intents.some((x) => x.kind === 'navigate')) memory.formPage = 1;
    // ("Click Next": one page on, when the plan knows which page it is on.)
    if (read && !until && !onPage && memory.formPage !== undefined) memory.formPage += read.intents.filter((x) => x.kind === 'click' && /^(?:next|continue)$/i.test(x.target.name)).length;
    if (read && onPage) {
      const n = onPage[1] ? Number(onPage[1]) : onPage[2] === 'next' ? (memory.formPage ?? 1) + 1 : ['second', 'third', 'fourth', 'fifth'].indexOf(onPage[2]!) + 2;
      const ahead = memory.formPage !== undefined ? Math.max(0, n - memory.formPage) : onPage[2] === 'next' ? 1 : 0;
      const next = readClause(l, 'click next', step.type, memory, [], last, used)!.intents;
      read.intents = [...Array.from({ length: ahead }, () => next).flat(), ...read.intents];
      memory.formPage = n;
    }
    // "Hover over X and click Approve": the clause right after a hover in the same step acts in what was hovered.
    memory.justHovered = Boolean(read?.intents.some((x) => x.kind === 'hover'));
    if (read && place) {
      for (const intent of read.intents) {
        if (!('target' in intent) || !intent.target) continue;
        const t = intent.target;
        if (place.within && !t.within) t.within = place.within;
        if (place.area) t.area = [...new Set([...(t.area ?? []), ...place.area])];
        if (place.place && !t.place) t.place = place.place;
      }
    }
    // "Open Prometheus, then Status, then Configuration": a clause with no verb goes on with the last one's.
    if (!read && step.type === 'action' && lastHead && /^(?:navigate|open|click|choose|press)$/.test(lastHead.family) && !head(s) && !/^(?:it|they|this|that|which|there|he|she|you|we)\b/.test(s) && s.split(' ').length <= 5 && /^(?:the |on |to )?(?:q\d+|[a-z][\w -]*)(?: > (?:q\d+|[a-z][\w -]*))*$/.test(s)) {
      read = readClause(l, `${lastHead.family === 'navigate' ? 'open' : lastHead.verb} ${s}`, step.type, memory, why.words, last, used);
    }
    // "Username Admin, password letmein": a field and what goes in it, with no verb.
    const PAIR = /^(?:the )?(username|user name|user|login|e-?mail|email address|password|passcode|pin|name|title|search|query|code|summary)\s+(q\d+|\S+)$/;
    const pairs = !read && step.type === 'action' && (!head(s) || head(s)!.family === 'unknown') ? s.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((x) => PAIR.exec(x)) : [];
    if (pairs.length && pairs.every(Boolean)) {
      const reads = pairs.map((p) => readClause(l, `type ${p![2]} into the ${p![1]} field`, step.type, memory, why.words, last, used));
      if (reads.every(Boolean)) read = { intents: reads.flatMap((r) => r!.intents), confidence: Math.min(...reads.map((r) => r!.confidence)) };
    }
    const h = head(s);
    if (h && h.family !== 'unknown') lastHead = h;
    memory.opened = true;
    if (!read) {
      unread.push(written);
      continue;
    }
    if (read.predicate) last = { predicate: read.predicate };
    if (menu && step.type === 'action') read.intents = l.menus[Number(menu[1])]!.split(/\s+>\s+/).map((name) => ({ kind: 'click', target: { name: name.trim(), kind: 'clickable' } }));
    // "Type hunter2 as the password and log in": the form just filled in is submitted, not the test account.
    if (read.intents.length === 1 && read.intents[0]!.kind === 'sign-in' && read.intents[0]!.password === undefined && out.some((c) => c.intent.kind === 'fill') && !/\b(?:account|credentials|user)\b/.test(s)) {
      read.intents = [{ kind: 'click', target: { name: '', kind: 'clickable', anyOf: ['Log in', 'Sign in', 'Login', 'Log In', 'Sign In', 'Submit', 'Continue'] } }];
    }
    for (const intent of read.intents) {
      // What a later "it" may mean: the last thing named by its quoted name.
      const said = 'target' in intent && intent.target?.name && l.quotes.includes(intent.target.name) ? intent.target.name : intent.kind === 'expect-text' && intent.visible && l.quotes.includes(intent.text) ? intent.text : undefined;
      // (A control's name — "Move to...", "Delete" — is not a thing "it" points at.)
      const words = said?.toLowerCase().split(/\s+/) ?? [];
      const control = said && (/(?:\.\.\.|…)$/.test(said) || (VERBS[words[0]!] && (words.length === 1 || (words.length <= 3 && /^(?:to|as|from|into|in|on|all|new|up|down|out|off)$/.test(words[1]!)))));
      if (said && !control) memory.named = said;
      out.push({ text: written, type: isCheck(intent) ? 'assertion' : 'action', intent, ...(cond.optional || (intent.kind === 'click' && intent.ifShown) ? { optional: true } : {}), confidence: read.confidence });
    }
    // "Open the wiki's Log in page": the app, then its sign-in link when the app does not open on the form.
    if (read.intents.length === 1 && read.intents[0]!.kind === 'navigate' && !read.intents[0]!.url && /\b(?:log ?in|sign[ -]?in|login|sign-?on) (?:page|form|screen)\b/.test(s)) {
      out.push({ text: written, type: 'action', intent: { kind: 'click', target: { name: '', kind: 'clickable', role: 'link', anyOf: ['Log in', 'Sign in', 'Login', 'Log In', 'Sign In'] } }, optional: true, confidence: read.confidence });
    }
    if (!read.intents.length) remarks.push(written);
  }
  // "Log in (SQLite 3, shop.db, test account)": a parenthesis after a sign-in lists what the form is given.
  const signIn = out.find((c) => c.intent.kind === 'sign-in')?.intent;
  if (signIn?.kind === 'sign-in' && signIn.username === undefined) {
    for (const remark of own()) {
      // Only the parenthesis written right after the sign-in ("open Bola Okafor (uid=bokafor)" names Bola).
      const at = l.original.indexOf(`(${remark.split(/\s+/)[0] ?? ''}`);
      if (at < 0 || !/(?:log ?-?in|sign[ -]?in|sign[ -]?on|authenticate)(?:\s+(?:with|as|using|to|into|on)\s+[^,;()]{0,40})?\s*$/i.test(l.original.slice(0, at))) continue;
      const rl = lift(remark.replace(/\s+\/\s+/g, ', ').replace(/\s+u(\d+)\s+/g, (x, n: string) => (l.urls[Number(n)] === '/' ? ', ' : x)));
      const values = formValues({ l: rl, verb: '', rest: rl.s, memory, unplaced: [] }, rl.s, true);
      // "Log in (baker / Sourdough-77)", "(user baker, password Sourdough-77)": the account itself.
      const pieces = rl.s.split(/\s*,\s*/).filter(Boolean).map((p) => ({ value: asWritten(rl, p) }));
      const account = signIn.fields?.length || /\btest (?:account|user)\b/.test(l.s) ? undefined : accountOf(values ?? pieces);
      if (!values?.length && !account) continue;
      // ("Sign in as baker (password Sourdough-77)": the user name said before the parenthesis.)
      if (account && !account.username) account.username = /\b(?:sign(?:ed)?[- ]?in|log(?:ged)?[- ]?in)\s+(?:as\s+([\w.@+-]+)|with\s+the\s+([\w.@+-]+)\s+(?:account|user))/i.exec(l.original)?.slice(1).find(Boolean) ?? '';
      if (account) Object.assign(signIn, account);
      else signIn.fields = [...(signIn.fields ?? []), ...values!];
      remarks.splice(remarks.indexOf(remark), 1);
      break;
    }
  }
  // "Open the settings (the gear icon at the bottom of the sidebar)": a remark that describes the
  // control clicked is where to look when no control goes by the step's name.
  // (With several clicks, the one written just before the remark: "open the main menu (the three bars
  // at the top right) and choose Export".)
  const clicked = out.filter((c) => c.intent.kind === 'click');
  if (step.type === 'action' && clicked.length) {
    const written = l.original.toLowerCase();
    for (const remark of own()) {
      const at = written.indexOf(`(${remark.toLowerCase()}`);
      const before = clicked.filter((c) => { const k = written.indexOf(c.text.toLowerCase()); return k >= 0 && k < at; }).sort((a, b) => written.indexOf(b.text.toLowerCase()) - written.indexOf(a.text.toLowerCase()));
      const owner = clicked.length === 1 ? clicked[0] : before[0];
      if (!owner) continue;
      const t = (owner.intent as Extract<Intent, { kind: 'click' }>).target;
      const rl = lift(remark);
      if (t.orElse || !/^(?:the|a|an|that|this)\s/.test(rl.s) || !(ROLE_WORD.test(rl.s) || /\b(?:icon|symbol|glyph|gear|cog|pencil|trash|bin|cross|arrow|chevron|avatar|logo|badge|tab|toggle|bars|dots|hamburger|kebab|ellipsis)\b/.test(rl.s)) || head(rl.s.replace(/^(?:the|a|an|that|this)\s+/, ''))?.known || looksLikeCheck(rl.s)) continue;
      t.orElse = nounPhrase(rl, rl.s, 'clickable').target;
      remarks.splice(remarks.indexOf(remark), 1);
    }
  }
  // A remark in parentheses that states a fact is a check too ("(the Log In link is still there)").
  if (step.type === 'assertion') {
    for (const remark of own()) {
      const rl = lift(remark);
      // ("(6 messages left)": a count said without a verb.)
      const ci: CheckInput = { l: rl, s: /^\d+ [a-z][\w-]* (?:left|remaining)$/.test(rl.s) ? `there are ${rl.s}` : rl.s, unplaced: [] };
      const intents = readCheck(ci);
      if (!intents || ci.loose) continue;
      for (const intent of intents) out.push({ text: `(${remark})`, type: 'assertion', intent, confidence: 0.8 });
    }
  }
  for (const r of used) remarks.splice(remarks.indexOf(r), 1);
  if (!out.length && !remarks.some((r) => r && !l.remarks.includes(r))) {
    return { clauses: [], unknown: { words: unread.join('; ') || l.original, suggestion: READING_HINT }, remarks, confidence: 0 };
  }
  if (unread.length) {
    // Read around: the rest of the step stands, with less confidence.
    remarks.push(...unread.map((u) => `not understood: ${u}`));
    for (const c of out) c.confidence = Math.min(c.confidence, 0.4);
  }
  for (const c of out) if (c.intent.kind === 'fill' && c.intent.target.name === '@entry') memory.item = c.intent.value;
  // "Five packages are listed: A, B, …": the list counted is the one that holds the names.
  // (Names of the same clause: "the filter links read A, B and C, and the table says 6 items" counts the table.)
  // (In a section the check names — "the Recipe Index lists four recipes: A, B, C, D" — the names it gives there.)
  const sameScope = (a?: Scope, b?: Scope) => (!a && !b) || (a !== undefined && b !== undefined && !a.row && !b.row && a.name === b.name);
  const namesOf = (text: string, scope?: Scope) => out.flatMap((c) => (c.text === text && c.intent.kind === 'expect-text' && c.intent.visible && sameScope(c.intent.scope, scope) ? [c.intent.text] : []));
  for (const c of out) {
    if (c.intent.kind !== 'expect-count' || c.intent.target || c.intent.count <= 0 || c.intent.scope?.editor) continue;
    const names = namesOf(c.text, c.intent.scope);
    if (names.length >= 2) c.intent.among = names;
  }
  return { clauses: out, remarks, confidence: out.reduce((m, c) => Math.min(m, c.confidence), 1) };
}

interface ClauseRead {
  intents: Intent[];
  confidence: number;
  predicate?: string;
}

function readClause(l: Lifted, s: string, type: PlanStepLike['type'], memory: StepMemory, why: string[], last: CheckInput['last'], used: string[]): ClauseRead | undefined {
  const unplaced: string[] = [];
  const asCheck = (text: string): ClauseRead | undefined => {
    const ci: CheckInput = { l, s: text, unplaced, last, ...(memory.named ? { named: memory.named } : {}) };
    const intents = readCheck(ci);
    return intents ? { intents, confidence: confidence(unplaced, true, Boolean(ci.loose)), predicate: predicateOf(text) } : undefined;
  };
  if (type === 'assertion') {
    const c = asCheck(s);
    if (c) return c;
  }
  const h = head(s);
  // "look at "X" in the message list": what is looked at is shown there.
  if (h && h.family === 'verify') return asCheck(h.rest) ?? (/^(?:the )?(?:[\w-]+ )?q\d+(?: (?:in|on|under|at) (?:the )?[\w' -]+)?$/.test(h.rest) ? asCheck(`${h.rest.replace(/ (?:in|on|under|at) (?:the )?[\w' -]+$/, '')} is shown`) : undefined);
  if (h && h.family === 'check' && /^(?:that|if|whether)\b/.test(h.rest)) return asCheck(h.rest);
  if (h && (type === 'action' || !asCheck(s))) {
    const i: RuleInput = { l, verb: h.verb, rest: h.rest, memory, unplaced, used };
    const intents = act(h, i, why);
    if (intents) return { intents, confidence: confidence(unplaced, h.known, false) };
  }
  if (type === 'action') return asCheck(s);
  return undefined;
}

