/**
 * Checks as people write them: text shown or not, several facts in one sentence, counts ("exactly
 * four"), order ("newest first: c, b and a"), absence ("there is no", "no longer"), per-row facts
 * ("each row has a delete button"), state (disabled / greyed out, checked, selected, expanded,
 * focused, empty), icons, literal text, field values, the URL and the title.
 * A check is read as subject + verb + complement; the subject is the page, a region, a control or
 * quoted names; the verb says whether the complement lists what is shown or states a state.
 */
import type { CheckState, Intent, Scope, Target, TextStyle } from '../intent.js';
import { asWritten, quotesIn, type Lifted } from '../lift.js';
import { iconWords, ITEM_NOUNS, NEGATED, nounRole, STATES, toNumber } from '../lexicon.js';
import { nameLike, nounPhrase } from '../noun-phrase.js';
import { salient, tagWords } from '../nlp.js';
import type { Example } from './context.js';

export interface CheckInput {
  l: Lifted;
  s: string;
  unplaced: string[];
  /** The predicate of the previous clause, for "…and "B" is not". */
  last?: { predicate: string };
  /** Set when the reading fell back to the quoted text alone. */
  loose?: boolean;
  /** The thing last named in the plan, for "it" in a check that cannot point at the page ("It is marked with a flag"). */
  named?: string;
}

const PREFIX = /^(?:(?:please |then |and |now |also |finally )?(?:verify|assert|expect|ensure|confirm|make sure|check|validate|see|observe|notice|look|i see|you see|we see|the user sees|user sees|i should see|you should see|we should see|the user should see|user should see|should see|you can see|i can see|it shows that|it is (?:visible|shown) that)(?: that| if| whether| to see(?: that)?| for)?\s+)+/;

const NUM = '(?:\\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a single|single|only one|both)';
const SHOW = 'answers?(?: with)?|responds?(?: with)?|replies?(?: with)?|comes? back(?: with| as)?|shows?|displays?|lists?|contains?|includes?|reads?|says?|reports?|holds?|offers?|presents?|renders?|mentions?|carries|carry|has|have|features?|gives?|returns?|prints?|outputs?|tells?(?: you| the user)?(?: that)?|warns?(?: you| the user)?(?: that| about)?|informs?(?: you| the user)?(?: that)?|explains?(?: that)?|states?(?: that)?|asks?(?: you| the user)?(?: for| whether| if| to)?|notes?(?: that)|confirms?(?: that)|announces?(?: that)?';
const APPEAR = 'appears?|shows? up|pops? up|is added|are added|gets? added|opens?|is opened|comes? up|turns? up|loads?';

type VerbClass = 'show' | 'show-neg' | 'be' | 'appear' | 'vanish';

const VERB_FORMS: Array<[RegExp, VerbClass]> = [
  [/^(?:does not|do not|did not|no longer|never) (?:appear|exist|show up|pop up)s?\b|^(?:has|have) (?:disappeared|gone|vanished|gone away|been removed|been deleted|been hidden|closed)\b/, 'vanish'],
  [/^(?:has|have) (?:appeared|been added|shown up|popped up|opened|been created)\b|^(?:expands?|unfolds?|is expanded|are expanded|slides? open)\b/, 'appear'],
  [/^(?:shows? up|pops? up|turns? up|comes? up|is added|are added|gets? added|is created|are created)\b/, 'appear'],
  [/^(?:goes away|go away|is removed|are removed|gets? removed|is deleted|are deleted|disappears?|vanish(?:es)?|closes|close|is closed|are closed|is gone|are gone)\b/, 'vanish'],
  [new RegExp(`^(?:does not|do not|did not|no longer|never)\\s+(?:${SHOW}|show|display|list|contain|include|read|say|hold|have|mention)\\b`), 'show-neg'],
  [/^(?:has|have) (?:become|turned|got|gotten)\b/, 'be'],
  [new RegExp(`^(?:${SHOW}|counts|starts? with|begins? with|ends? with|mentions?)\\b`), 'show'],
  [/^(?:is|are|was|were|becomes?|remains?|stays?|looks?|gets?|seems?|turns?|is now|(?:has|have) (?:become|turned|got|gotten)|became|turned|got|sits?|stands?|lies)\b/, 'be'],
  [new RegExp(`^(?:${APPEAR})\\b`), 'appear'],
];

/** Words after which a verb-looking word is a noun ("the list", "a search result"). */
const NOUN_BEFORE = /(?:^|\s)(?:the|a|an|this|that|its|their|no|each|every|any|new|todo|to-do|empty|whole|main|search|side|mailing|shopping|task|price|reading|my|your|our|his|her|q\d+'s|[a-z]+'s)$/;

/** A clause with a subject and a verb of its own, as a check has ("the counter shows 2"). */
export function looksLikeCheck(s: string): boolean {
  const n = normalise(s);
  if (/^(?:the )?(?:(?:page|browser|tab|current)\s+)*(?:url|address bar|title|location|address(?= (?:is|contains|shows|reads|has|ends|starts|changes|now|includes|becomes)\b))\b/.test(n)) return true;
  const v = findVerb(n);
  return Boolean(v && v.subject);
}

/** What a check is about: the words before its verb ("the left panel" in "the left panel offers …"). */
export function subjectOf(s: string): string | undefined {
  return findVerb(normalise(s))?.subject || undefined;
}

/** The check's main verb: the first verb-like word that is not a noun after a determiner. */
function findVerb(s: string): { subject: string; verb: string; cls: VerbClass; after: string } | undefined {
  const words = s.split(' ');
  let tags: string[][] | undefined;
  for (let k = 0; k < words.length; k++) {
    const before = words.slice(0, k).join(' ');
    if (k > 0 && NOUN_BEFORE.test(before)) continue;
    // "show-notes.txt", "list.json": a name that starts like a verb; "Have is 650 kB": a label that is a verb.
    if (/[-./@_\d]/.test(words[k]!) || (/^(?:is|are|was|were)$/.test(words[k + 1] ?? '') && !/^(?:is|are|was|were)$/.test(words[k]!))) continue;
    // "the bullet list is gone": a word that is a verb elsewhere is a noun here, as the tagger reads it.
    if (k > 0 && /^(?:lists?|shows?|reads?|displays?|features?|holds?|says?|returns?|gives?|counts)$/.test(words[k]!) && /^(?:is|are|was|were|has|have|should|must|will|does|do|did|appears?|shows?|disappears?|now|still|no|not)$/.test(words[k + 1] ?? '')) {
      tags ??= tagWords(words);
      if (tags[k] && tags[k]!.includes('Noun') && !tags[k]!.includes('Verb')) continue;
    }
    const rest = words.slice(k).join(' ');
    for (const [re, cls] of VERB_FORMS) {
      const m = re.exec(rest);
      if (!m) continue;
      return { subject: before, verb: m[0], cls, after: rest.slice(m[0].length).trim() };
    }
  }
  return undefined;
}

function normalise(s: string): string {
  return ` ${s} `
    .replace(/\bisn't\b/g, 'is not').replace(/\baren't\b/g, 'are not').replace(/\bdoesn't\b/g, 'does not').replace(/\bdon't\b/g, 'do not')
    .replace(/\b(?:can't|cannot|can not|could not|couldn't) be (?:clicked|pressed|used|selected|submitted)\b|\bis (?:not|un)clickable\b/g, 'is disabled').replace(/\bcan be (?:clicked|pressed|used|submitted)\b|\bis clickable\b/g, 'is enabled')
    .replace(/^\s*(?:the )?(?:browser |window )?tab (?:is )?(?:titled|named|called|labell?ed)\b/, 'the title is').replace(/^\s*(?:the )?(?:browser|window) (?:is )?(?:titled|named|called)\b/, 'the title is')
    .replace(/\bwon't be\b/g, 'is not').replace(/\bcan't be seen\b|\bcannot be seen\b/g, 'is not visible').replace(/\bcan be seen\b/g, 'is visible')
    .replace(/\b(?:should|must|will|would|shall) not be\b/g, 'is not').replace(/\b(?:should|must|will|would|shall) be\b/g, 'is')
    .replace(/\b(?:should|must|will|would|shall) (not )?(show|display|contain|have|list|include|read|say|appear|disappear|hold|offer|mention|open|close|become|remain|stay|equal|match|start|begin|end)\b/g,
      (_m, not: string | undefined, v: string) => `${not ? 'does not ' : ''}${v}${not ? '' : v.endsWith('s') || v.endsWith('h') ? 'es' : 's'}`.replace(/haves$/, 'has'))
    // "The Welcome card is showing": it is shown.
    .replace(/\b(is|are) (?:now |still |again |also |currently )*(?:showing|displaying|on screen)\s*$/, '$1 visible')
    .replace(/\b(?:is|are) (?:now |still |again |also |then |currently )*(showing|displaying|listing|containing|including|reading|saying|offering|presenting|holding)\b/g, (_m, v: string) => ({ showing: 'shows', displaying: 'displays', listing: 'lists', containing: 'contains', including: 'includes', reading: 'reads', saying: 'says', offering: 'offers', presenting: 'presents', holding: 'holds' } as Record<string, string>)[v]!)
    .replace(/\b(?:is|are) (?:now|still|again|also|then|currently|immediately|right away) /g, 'is ')
    // "shows the three steps About you, Your membership and …": a count, then its names.
    .replace(/\b(shows|lists|has|contains|offers|displays|gives) the (two|three|four|five|six|seven|eight|nine|ten|\d+) ([a-z]+s) (?!(?:in|on|of|at|for|with|from|that|which|are|is|you)\b)(?=[^,]+(?:,| and ))/, '$1 $2 $3: ')
    // "…, with About you as the current one": which of them is the current one, a check of its own.
    .replace(/,? with (.+?) as the (current|selected|active|highlighted|open)(?: one| step| page| tab| item| entry)?\s*$/, (_m, what: string, st: string) => `, and ${what} is ${st === 'current' || st === 'open' ? 'active' : st}`)
    // "still lists Sponsors with its description": what it shows with it is not named.
    .replace(/ with (?:its|their|his|her) (?:description|details|icon|colou?r|date|title|name|text|label)\b/g, '')
    // "Book clubs and Computer classes have been cleared": their boxes are empty.
    .replace(/\b(?:has|have) been (?:cleared|unticked|unchecked|deselected)\b/g, (m) => (/^has/.test(m) ? 'is unchecked' : 'are unchecked'))
    // "…and the page does not change": what stays as it was says nothing to look for.
    .replace(/,?\s+and (?:the )?(?:page|form|screen|view) (?:does not|did not) (?:change|move|advance)(?: at all)?\s*$/, ' ')
    // "…, in the same number colour as before": how it looked before says nothing to check.
    .replace(/,\s+(?:(?:in|with|at|of) the same [\w ]+? )?as (?:before|it was|they were|earlier)\s*$/, ' ')
    // "the row "Book sale" lists …": the same as "the "Book sale" row".
    .replace(/^\s*(?:the )?(row|line|entry|card) (q\d+) (?=(?:lists|shows|has|holds|contains|says|reads|displays|includes|is|carries)\b)/, 'the $2 $1 ')
    // "the counter is back to "Words: 44"": what it reads again.
    .replace(/(?<!\b(?:we|it|they|you|i|this|that|everything|things) )\b(?:is|are) back to\b|\b(?:goes|went|has gone|comes|came|has come|changes|changed|has changed|is set|is reset|returns|returned|has returned) back to\b|\b(?:returns|returned|has returned|is reset|resets) to\b|\b(?:stays|stayed|remains|remained|is still|sits) at\b/g, 'reads')
    // "Details still says it has 3 items": what it says it has is what shows.
    .replace(/\b(says?|reports?|states?|tells? (?:you|us|the user))(?: that)? (?:it|this|they) (?:now |still )?(?:has|have|holds?|contains?|includes?) (?=\S)/g, '$1 ')
    // "Everyone shows a partly filled box": its box is partly ticked.
    .replace(/^\s*(.+?)(?:'s)? (?:shows|has|displays|gets|carries|is shown with) (?:a|an|its) ((?:partly|partially|half)[ -](?:filled|ticked|checked|selected)|indeterminate|filled|ticked|empty)(?: in)? (?:check ?)?box\s*$/, (_m, who: string, how: string) => ` ${who} is ${how === 'filled' ? 'ticked' : how === 'empty' ? 'unticked' : how.replace('-', ' ')} `)
    // "Term plans is still in the tree": the tree shows it.
    .replace(/^\s*(.+?) (?:is|are) (?:now |still |again |also )*(?:listed |shown |visible )?(?:in|inside|within) (the (?:[\w-]+ ){0,2}(?:tree|list|table|menu|sidebar|side bar|panel|pane|grid|toolbar|column|folder|board|inbox|queue|basket|cart))\s*$/, (m, what: string, area: string) => (/^(?:it|this|that|they|there|nothing|everything)$/.test(what.trim()) ? m : ` ${area} shows ${what} `))
    // "the unread count goes up to 3": what it is now.
    .replace(/\b(?:goes|went|has gone|moves|moved) (?:up|down) to\b|\b(?:rises|rose|has risen|drops|dropped|has dropped|falls|fell|has fallen|increases|increased|decreases|decreased|grows|grew|climbs|climbed|shrinks|shrank|jumps|jumped|is (?:increased|decreased|incremented|decremented|raised|lowered)) to\b/g, 'is')
    // "the Inbox unread count is 3": the Inbox's row says 3.
    .replace(/^\s*(?:the )?([\w-]+(?: [\w-]+)??)(?:'s)? (?:unread |new |total |message |item )?(?:count|counter|tally|badge|number) (?=is \S+\s*$)/, (m, name: string) => (/^(?:the|a|an|item|message|total|page|result|unread)$/.test(name) ? m : `${name} `))
    .replace(/\b(?:just|simply|plainly|clearly|only just)\s+(?=shows?|says?|reads?|lists?|displays?)/g, '')
    .replace(/\b(?:now|still|again|anymore|any more|anywhere|at all|correctly|properly|immediately|right away|afterwards|as expected|on screen|successfully|any longer)\b/g, ' ')
    .replace(/\s+(?:on|in) (?:the|this) (?:page|screen)\b/g, ' ').replace(/,?\s+(?:too|as well)\s*$/, ' ').replace(/\b((?:has|have|holds?|contains?|shows?) .+?)\s+in (?:it|there)\s*$/, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

function text(i: CheckInput, frag: string): string {
  return asWritten(i.l, frag.trim()).replace(/^(?:the |a |an )/i, '').trim();
}

/** Words that label a value in a record ("Status Open", "the priority High"). */
const LABELS = /^(?:id|key|author|owner|assignee|reporter|user|status|state|type|category|priority|severity|version|size|role|group|language|licen[cs]e|tag|label|date|resolution|component|milestone|sender|from|recipient|project|folder|subsystem|kind|stage|phase|level)$/;

/** One thing a check lists: "the heading "X"", "a "Save" button", "no notes", "3 items left", "a padlock". */
function item(i: CheckInput, raw: string, visible: boolean, subject?: Target): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const s = raw.trim().replace(/^(?:the|an|its|their|some)\s+/, '').replace(/^a\s+(?!single\b)/, '').replace(/^(?:text|message|word|words|value|label|string|caption|phrase|line|entry|note)\s+(?=q\d)/, '').replace(/\s+(?:anymore|at all|either)$/, '').trim();
  if (!s) return undefined;
  // "no Manage Users or Your Settings entry": names written as names, each absent.
  const none = /^no\s+(.+?\s+(?:or|nor)\s+.+?)(?:\s+(?:entry|entries|item|items|link|links|option|options|button|buttons|tab|tabs|menu items?|pages?))?$/.exec(s);
  if (none && none[1]!.split(/\s*,\s*|\s+(?:or|nor)\s+/).every((n) => /^q\d+$/.test(n.trim()) || /^[A-Z0-9]/.test(asWritten(i.l, n.trim())))) return absentNames(i, none[1]!);
  // "a rule group called corpus-rules": the name is what shows.
  if ((m = /^([a-z][\w -]*?)\s+(?:called|named|titled|labell?ed)\s+(.+)$/.exec(s)) && !nounRole(m[1]!.split(' ').pop())) return item(i, m[2]!, visible, subject);
  // "shows the description "X"" inside a list of what a page does: the verb says nothing more.
  if ((m = /^(?:shows|lists|has|reads|says|displays|contains|includes|gives) (.+)$/.exec(s))) return item(i, m[1]!, visible, subject);
  // "the notice "Your comment is awaiting moderation."", "the description "X"": a message of some kind, what it says.
  if ((m = /^(?:notice|message|error|warning|note|hint|banner|alert|toast|confirmation|description|caption|tagline|subtitle|text|line|greeting|status message|error message|success message) (q\d+)$/.exec(s))) return [{ kind: 'expect-text', text: quoteText(i, m[1]!), visible }];
  // "Tom Green's name": the name.
  if ((m = /^(.+?)'s? (?:name|full name|avatar|initials|byline)$/.exec(s)) && /^[A-Z]/.test(asWritten(i.l, m[1]!))) return item(i, m[1]!, visible, subject);
  // "it is by Lena Fischer", "published March 22, 2024": who or when, as the page shows it.
  if ((m = /^(?:it is |it's |it was )?(?:(?:written |posted |published |sent |created |made |added )?by|from) ([a-z][\w'.-]*(?: [a-z][\w'.-]*){0,3})$/.exec(s)) && /^[A-Z]/.test(asWritten(i.l, m[1]!))) return [{ kind: 'expect-text', text: asWritten(i.l, m[1]!), visible }];
  if ((m = /^(?:it is |it was )?(?:published|posted|dated|updated|created|written|sent|received|modified|edited)(?: on| at| in)? (.+)$/.exec(s)) && /\d/.test(m[1]!) && !/^[A-Z]/.test(asWritten(i.l, s)) && !/^\(/.test(m[1]!)) return [{ kind: 'expect-text', text: asWritten(i.l, m[1]!), visible }];
  // "its id a000000000000002": the label of the thing the check is about.
  if ((m = /^(?:its|their) ([a-z][a-z-]+ \S+(?: \S+){0,2})$/.exec(s)) && LABELS.test(m[1]!.split(' ')[0]!)) return item(i, m[1]!, visible, subject);
  // "Bruno Keller as author", "qa as the owner": the name shows; what it is, is said.
  if ((m = /^(.+?)\s+as (?:the |its |their )?(?:author|owner|assignee|reporter|maintainer|publisher|creator|admin|administrator|operator|moderator|member|user|sender|recipient|topic|title|name|status|type|value)$/.exec(s)) && visible) return item(i, m[1]!, visible, subject);
  // "the licence ISC", "the status Open", "the version 1.2.0": a label and its value; the value shows, in the label's row when there is one.
  if ((m = /^([a-z][a-z-]+)\s+(\S+(?: \S+){0,2})$/.exec(s)) && visible && !/\bq\d+\b/.test(m[2]!) && (/^(?:[A-Z0-9][^\s]*)(?: (?:[A-Z0-9]\S*|[a-zA-Z]{1,3}))*$/.test(asWritten(i.l, m[2]!)) || (/^[\w.@-]+$/.test(m[2]!) && LABELS.test(m[1]!))) && (!/[A-Z]/.test(asWritten(i.l, m[1]!)) || (LABELS.test(m[1]!) && /^[A-Z0-9]/.test(asWritten(i.l, m[2]!)))) && (!nounRole(m[1]!) || LABELS.test(m[1]!)) && !ITEM_NOUNS.test(m[1]!) && !GENERIC.test(m[1]!) && (!/s$/.test(m[1]!) || LABELS.test(m[1]!)) && !/^(?:no|not|only|just|one|two|three|four|five|new|old|same|other|first|last|next|more|less|all|both|each|every|any|some|exactly|about|around|over|under|at|value|text|number|word|string|name|title)$/.test(m[1]!)) {
    // Said of a named thing ("http-retry-helper shows version v3.1.4"): its value, wherever its label is.
    const named = subject?.name && nameLike(i.l, subject.name);
    return [{ kind: 'expect-text', text: asWritten(i.l, m[2]!), visible, orValue: true, ...(named ? {} : { scope: { name: asWritten(i.l, m[1]!), row: true } }) }];
  }
  // ""Add the greenhouse" on 2024-03-09", ""Route" by mira": a named row, and when or by whom.
  if ((m = /^(q\d+) (?:on|from|dated|at|by) ((?=\S*\d)[\w.:/-]+(?: [\w.:/-]+)?|[\w.@-]+)$/.exec(s)) && visible && !/^(?:the|a|an|it|them)$/.test(m[2]!)) {
    const name = quoteText(i, m[1]!);
    return [{ kind: 'expect-text', text: name, visible }, { kind: 'expect-text', text: asWritten(i.l, m[2]!), visible, scope: { name, row: true } }];
  }
  // "exactly that message": the thing last named, alone when "exactly" says so.
  if ((m = /^(exactly |only |just )?(?:that|this|the same) (?:message|mail|e-?mail|item|one|entry|file|row|ticket|post|comment|contact|note|record|task)$/.exec(s)) && i.named) {
    return [...(m[1] && visible ? [{ kind: 'expect-count' as const, count: 1 }] : []), { kind: 'expect-text', text: i.named, visible }];
  }
  // "trunk with 5 check-ins", "frost-alerts with 1": a named row and what it shows.
  if ((m = /^(q\d+|[\w.@-]+(?: [\w.@-]+)?) with (\d[\d.,]*)(?: [a-z][\w-]*)?$/.exec(s)) && visible && (/^q\d+$/.test(m[1]!) || /[-.@_]|\d/.test(m[1]!) || /^[A-Z]/.test(asWritten(i.l, m[1]!)) || m[1]!.split(' ').length === 1) && !ITEM_NOUNS.test(m[1]!) && !GENERIC.test(m[1]!) && !nounRole(m[1]!)) {
    return [{ kind: 'expect-text', text: m[2]!, visible, scope: { name: /^q\d+$/.test(m[1]!) ? quoteText(i, m[1]!) : asWritten(i.l, m[1]!), row: true } }];
  }
  // "No emails match "x"" read out: the words as written, quotes and all.
  if (/^no\s/.test(s) && /\bq\d+\b/.test(s) && !/^no\s+q\d+/.test(s)) return quotesIn(i.l, s).map((q) => ({ kind: 'expect-text' as const, text: clip(q), visible }));
  // "a subject header with value "X"", "a row with the text "Y"": the value is what shows.
  if ((m = /^.+?\s+(?:with|having|showing)\s+(?:the |a |its )?(?:value|text|content|label|title|name|caption|summary)\s+(q\d+)$/.exec(s))) return [{ kind: 'expect-text', text: quoteText(i, m[1]!), visible }];
  if ((m = /^no\s+(q\d+.*)$/.exec(s))) return item(i, m[1]!, false, subject);
  if ((m = /^no\s+(.+?)(\s+(?:left|remaining|listed|shown|anymore|any more))?$/.exec(s))) {
    const noun = m[1]!.split(' ').pop()!;
    if (ITEM_NOUNS.test(noun) || /^results?|matches$/.test(noun) || (m[2] && /^[a-z]+[^s]s$/.test(noun) && !/\bq\d+\b/.test(m[1]!))) {
      // "The drop-down offers no package": none of its entries, whatever the page's main list holds.
      const popup = subject && (/^(?:combobox|listbox|menu)$/.test(subject.role ?? '') || /\b(?:suggestions?|autocomplete|drop-?down|popup|pop-up)\b/.test(subject.name.toLowerCase()));
      return [popup ? { kind: 'expect-count', count: 0, target: { name: '', kind: 'any', role: subject!.role === 'menu' ? 'menuitem' : 'option' } } : { kind: 'expect-count', count: 0 }];
    }
    return item(i, m[1]!, false, subject);
  }
  // "6 messages left": how many remain, as the page says it or as its list holds them ("3 items left" is a text of its own).
  if ((m = new RegExp(`^(?:exactly |only |just )?(${NUM}) ([a-z][\\w-]*) (?:left|remaining)$`).exec(s)) && !/^items?$/.test(m[2]!) && toNumber(m[1]!) !== undefined && (ITEM_NOUNS.test(m[2]!) || /[^s]s$/.test(m[2]!))) {
    return [{ kind: 'expect-count', count: toNumber(m[1]!)!, noun: m[2]!, said: true }];
  }
  // An unnamed count: "3 todos", "exactly two invoices".
  if ((m = new RegExp(`^(?:exactly |only |just |all |all the )?(${NUM})\\s+((?!(?:of|in|on|out|per|for|at|to|from)\\b|q\\d)[a-z][\\w-]*(?:\\s+(?!(?:of|in|on|out|per|for|at|to|from|below|above|under|with|is|are|left|remaining)\\b)[a-z][\\w-]*)?)(?:\\s+(?:in|on|below|above|under|at|of|for|from)\\s+[^q]*?)?(?::|,)?(?:\\s+(q\\d+(?:(?:,|,? and|,? then) q\\d+)*))?$`).exec(s)) && !/^(?:item|items) (?:left|remaining)$/.test(m[2]!)) {
    const n = /^both$/.test(m[1]!) ? 2 : toNumber(m[1]!.replace(/^only /, ''));
    // "four kinds of tickets": the tickets are counted.
    const noun = /^(?:kinds|types|sorts|varieties)$/.test(m[2]!) ? (/\b(?:kinds|types|sorts|varieties) of ([a-z][\w-]*)/.exec(s)?.[1] ?? m[2]!) : m[2]!;
    // "5 Posts, 2 Pages": a count written with a capital is the page's own label ("At a Glance"), read as it is.
    if (/^\d+$/.test(m[1]!) && asWritten(i.l, noun).split(' ').every((w) => /^[A-Z]/.test(w)) && !m[3]) return [{ kind: 'expect-text', text: asWritten(i.l, s), visible }];
    const last = noun.split(' ').pop()!;
    if (n !== undefined && (ITEM_NOUNS.test(last) || nounRole(last) || (/[^s]s$/.test(last) && last.length > 3) || (n === 1 && /^[a-z]{3,}$/.test(last) && !GENERIC.test(last) && !/^(?:more|less|other|time|way)$/.test(last)))) {
      const role = nounRole(noun.split(' ').pop());
      const out: Intent[] = [{ kind: 'expect-count', count: n, ...(role && !ITEM_NOUNS.test(noun.split(' ').pop()!) ? { target: { name: '', kind: 'any', role } } : { noun }) }];
      for (const t of m[3] ? quotesIn(i.l, m[3]) : []) out.push({ kind: 'expect-text', text: t, visible: true });
      return out;
    }
  }
  // "the General tab selected", "the Sort option checked": a control in a state.
  if ((m = /^(.+?) (tab|option|button|radio|checkbox|switch|toggle|item|entry) (?:is )?(selected|active|open|opened|checked|ticked|highlighted|chosen|enabled|disabled|greyed out|grayed out|unchecked)$/.exec(s))) {
    const st = stateOf(m[3]!) ?? (/^(?:active|open|opened|highlighted|chosen)$/.test(m[3]!) ? 'selected' : undefined);
    const role = nounRole(m[2]!) ?? (m[2] === 'tab' ? 'tab' : undefined);
    if (st) return [{ kind: 'expect-state', target: { name: quotesIn(i.l, m[1]!)[0] ?? asWritten(i.l, m[1]!), kind: 'any', ...(role ? { role } : {}), relaxed: true }, state: visible ? st : (NEGATED[st] ?? st) }];
  }
  // "Sales report filled in": a value a field holds.
  if ((m = /^(.+?) (?:filled in|prefilled|pre-filled|already filled in|entered|typed in|in the field|in the box)$/.exec(s))) {
    return [{ kind: 'expect-text', text: quotesIn(i.l, m[1]!)[0] ?? asWritten(i.l, m[1]!), visible, orValue: true }];
  }
  // "the kernel name Python 3 in the top right": what is named is what shows; where is said after it.
  if ((m = /^(?:[a-z]+ )?(?:name|title|label|version|status|value|number)\s+(?!q\d)((?:(?!in|at|on|next|under|below|above)\S+\s*)+?)(?:\s+(?:in|at|on|next to|under|below|above)\s+.+)?$/.exec(s)) && /^[A-Z0-9]|\w[._-]\w/.test(asWritten(i.l, m[1]!.trim()))) {
    return [{ kind: 'expect-text', text: asWritten(i.l, m[1]!.trim()), visible }];
  }
  // "Last seen "Never"", "Address "dynamic"": a label and its value, shown in the label's row.
  if ((m = /^((?!(?:no|not|the|a|an|and|or|with|without|both|either|every|each)\b)(?!.*\b(?:with|of|in|for|on|at|by|to|from|under|called|named|titled|labell?ed|placeholder|text|value|or|nor|q\d+)\b.* q\d+$)[a-z][\w-]*(?: [a-z][\w-]*){0,3}) (q\d+)$/.exec(s)) && !NOT_LABEL.test(m[1]!) && (/^[A-Z]/.test(asWritten(i.l, m[1]!)) || (!nounRole(m[1]!.split(' ').pop()) && !GENERIC.test(m[1]!.split(' ').pop()!) && !ITEM_NOUNS.test(m[1]!.split(' ').pop()!)))) {
    return [{ kind: 'expect-text', text: quoteText(i, m[2]!), visible, scope: { name: asWritten(i.l, m[1]!), row: true } }];
  }
  // "Q1 sales": a word that only looked like a placeholder, with the words after it, as written.
  const bareAt = [...s.matchAll(/\bq(\d+)\b/g)].map((x) => Number(x[1]));
  if (bareAt.length && bareAt.every((n) => i.l.bare.has(n)) && !nounRole(s.split(' ').pop())) return [{ kind: 'expect-text', text: asWritten(i.l, s), visible }];
  const np = nounPhrase(i.l, s, 'any');
  const t = np.target;
  const quoted = quotesIn(i.l, s);
  if (t.by === 'placeholder') return [{ kind: 'expect-state', target: { ...t, kind: 'field' }, state: visible ? 'visible' : 'hidden' }];
  if (quoted.length && t.role && !t.relaxed) {
    return [{ kind: 'expect-state', target: { ...t, kind: t.kind === 'field' ? 'field' : t.role === 'heading' ? 'any' : t.kind, relaxed: true, ...(t.role === 'heading' ? {} : {}) }, state: visible ? 'visible' : 'hidden' }];
  }
  if (quoted.length) {
    if (subject && subject.kind === 'field' && !subject.ref && visible) return [{ kind: 'expect-value', target: subject, value: quoted[0]! }];
    // A control's words are its label: "the moon button offers "Switch to light mode"".
    if (visible && subject && subject.role && ['button', 'link', 'menuitem', 'checkbox', 'switch'].includes(subject.role)) return quoted.map((q) => ({ kind: 'expect-state' as const, target: { name: q, kind: 'any' as const, role: subject.role, relaxed: true }, state: visible ? 'visible' as const : 'hidden' as const }));
    // "Target 127.0.0.1:... is down": an ellipsis inside stands for what varies; each part must show.
    return quoted.flatMap((q) => clip(q).split(/\s*(?:\.\.\.|…)\s*/).filter(Boolean)).map((q) => ({ kind: 'expect-text' as const, text: q, visible, ...(subject?.kind === 'field' || subject?.multiline ? { orValue: true } : {}) }));
  }
  // Unquoted: a control by its role ("the Deploy button"), an icon ("a padlock"), or plain text ("3 items left").
  if (t.role && t.name && t.name.split(' ').length > 4) return words(i, raw, visible);
  if (t.role && t.name) return [{ kind: 'expect-state', target: { ...t, relaxed: true }, state: visible ? 'visible' : 'hidden' }];
  if (t.role === 'img' || /\b(?:icon|symbol|badge|glyph|emoji|padlock|lock|spinner|checkmark|tick|cross|star|arrow|avatar|chevron|caret|bell|gear|cog|trash|bin|pencil|warning sign)\b/.test(s)) {
    return [{ kind: 'expect-state', target: { name: t.name || s, kind: 'any', role: 'img', relaxed: true, described: true, hints: s.split(' ').filter((w) => w.length > 2) }, state: visible ? 'visible' : 'hidden' }];
  }
  const said = plain(i, raw, visible);
  return subject?.kind === 'field' ? said.map((x) => (x.kind === 'expect-text' ? { ...x, orValue: true } : x)) : said;
}

/** A quoted text as it will be matched: an ellipsis at its end means "starting with". */
function clip(q: string): string {
  return q.replace(/\s*(?:\.\.\.|…)\s*$/, '').trim() || q;
}

function quoteText(i: CheckInput, token: string): string {
  return clip(i.l.quotes[Number(token.slice(1))] ?? '');
}

const GENERIC = /^(?:page|pages|link|links|button|buttons|item|items|entry|entries|section|tab|tabs|field|box|row|rows|column|list|text|line|screen|view|panel|pane|one|thing|things|option|options|label)$/;

/**
 * Unquoted words: a short phrase is looked for as written (without a generic noun at its end: "the
 * start page" → "start"); a longer one, or one around a literal (an address, a number), by its
 * salient words, each of which must show. Read loosely: the confidence says so.
 */
function plain(i: CheckInput, raw: string, visible: boolean): Intent[] {
  // "…5 jobs, 2 of them failed": the number and what they are, each shown.
  const part = new RegExp(`^(${NUM}) of (?:them|these|those) (?:are |were |is |have |has )?([a-z][\\w-]*)$`).exec(raw.trim());
  if (part && toNumber(part[1]!) !== undefined) return [{ kind: 'expect-text', text: String(toNumber(part[1]!)), visible }, { kind: 'expect-text', text: asWritten(i.l, part[2]!), visible }];
  const written = text(i, raw).replace(/\s+(?:in that order|in this order)$/i, '');
  const parts = written.split(/\s+/).filter(Boolean);
  while (parts.length > 1 && GENERIC.test(parts[parts.length - 1]!.toLowerCase())) parts.pop();
  // "its heading", "the list": nothing a page shows as text.
  if (parts.every((w) => GENERIC.test(w.toLowerCase()) || /^(?:its|their|his|her|the|a|an|heading|title|header|footer|menu|table|icon|image)$/i.test(w))) return [];
  const address = parts.some((w) => /@|[a-z]:\/\//i.test(w));
  if (parts.length <= 4 && !address) return [{ kind: 'expect-text', text: parts.join(' '), visible }];
  const said = words(i, raw, visible);
  return said.length ? said : [{ kind: 'expect-text', text: parts.join(' '), visible }];
}

function words(i: CheckInput, raw: string, visible: boolean): Intent[] {
  const all = salient(text(i, raw).replace(/[<>]/g, ' '));
  // Names and values ("Garamond", "HP-1041", "100%") are what a page shows; the plain nouns around them
  // ("a round progress indicator", "the print server") are how the writer describes it.
  const data = all.filter((w) => /^[A-Z]|[\d@:$#/=%_.-]/.test(w) && !/^(?:only|just|both|all|each|every|now|then|still|there|this|that|these|those|it|no|not|also|here|after|before|when|once)$/i.test(w));
  const found = data.length ? data : all;
  i.loose = true;
  if (!found.length) return [];
  // Absence is stated of the whole phrase; presence of each word.
  if (!visible) return [{ kind: 'expect-text', text: text(i, raw), visible }];
  return found.map((w) => ({ kind: 'expect-text' as const, text: w, visible }));
}

/** "A, B and C": the items of a list (commas inside quotes are lifted already). */
function items(s: string): string[] {
  // "month,amount": a comma inside a value (no space after it) does not part two items.
  // ("March 22, 2024": a comma before a year parts nothing.)
  // ("…, on Herschel, for the Whirlpool Galaxy": where and for what, the names are what shows.)
  return s.split(/\s*,(?=\s|$)(?!\s+\d{4}\b)\s*(?:and\s+|as well as\s+|plus\s+|but\s+)?|\s+and\s+|\s+as well as\s+|\s+plus\s+|\s+&\s+/).map((x) => x.trim().replace(/^(?:on|for|in|at|by|from|to|with) (?:the )?(?=[a-z0-9][\w-]*(?: [\w-]+){0,3}$)/, '')).filter(Boolean);
}

const ORDER = /(?:,?\s*(?:in (?:this|that|the following|the same|that exact|this exact) order|in order|(?:sorted |ordered )?(?:newest|latest|most recent|oldest|earliest|highest|lowest|largest|smallest|cheapest|most expensive|biggest|alphabetically|a to z|z to a)(?: (?:first|last|on top|at the top))?|from top to bottom|top to bottom|in (?:alphabetical|ascending|descending|chronological|reverse) order|sorted [\w ]+|ordered [\w ]+)\s*(?=[:,]|$))/;

/** Names said together as absent ("Manage Users or Your Settings", "A nor B"), as written. */
function absentNames(i: CheckInput, list: string): Intent[] {
  return list.split(/\s*,\s*(?:or\s+|nor\s+|and\s+)?|\s+(?:or|nor|and)\s+/).map((n) => n.replace(/^(?:the|a|an)\s+/, '').replace(/\s+(?:link|button|tab|entry|item|option)s?$/, '').trim()).filter(Boolean).map((n) => ({ kind: 'expect-text' as const, text: /^q\d+$/.test(n) ? quoteText(i, n) : text(i, n), visible: false }));
}

function listCheck(i: CheckInput, objects: string, visible: boolean, subject?: Target): Intent[] | undefined {
  // "Shared documents with, under it, Policies, Term plans and Trips": a thing, then what it holds, in the order shown.
  let o = objects.trim().replace(/,?\s+(?:with|and),?\s+(?:under|below|beneath|inside|in|within) (?:it|them),?\s+/, ', ');
  // "Your Settings and Traffic Info but not Manage Users", "… but neither A nor B": what shows, then what does not.
  const butNot = visible ? /^(.+?),?\s+but\s+(?:not|neither|no|never)\s+(.+?)(?:\s+(?:either|at all))?$/.exec(o) : null;
  if (butNot) {
    const shown = listCheck(i, butNot[1]!, true, subject);
    if (shown) return [...shown, ...absentNames(i, butNot[2]!)];
  }
  // "neither A nor B": each of them absent.
  const neither = visible ? /^neither\s+(.+?)\s+nor\s+(.+)$/.exec(o) : null;
  if (neither) return absentNames(i, `${neither[1]} nor ${neither[2]}`);
  // "Documents first and then Photos", "Photos first, Work Docs second": order said with ordinals.
  if (/\S\s+first\b/.test(o)) o = o.replace(/,?\s+(?:and\s+)?(?:then\s+)?([^,]+?)\s+(?:second|third|fourth|last)\b/g, ' then $1').replace(/\s+first,?\s+(?:and\s+)?(?:then\s+)?(?=\S)/, ' then ');
  // ""Logged in as" above the tree": where it sits next to a thing described, not named, says nothing more.
  o = o.replace(/\s+(?:above|below|under|over|beneath|underneath|next to|beside|before|after|on top of)\s+(?:the|its|their)\s+((?!.*\bq\d)[a-z][\w -]*)$/, (m, what: string) => (/[A-Z]/.test(asWritten(i.l, what)) ? m : ''));
  // "home-nas above office-desktop": the first one shows first.
  // (Not "Before you finish": a clause after "before" is a name.)
  o = o.replace(/(?:\s+(?:listed|shown|placed|sitting|sorted|coming))?\s+(?:above|before|followed by|ahead of)\s+(?=\S)(?!(?:you|we|they|it|i|he|she|the user)\b)/g, ' then ');
  // ""Welcome", with links to A and B": what it says, then the links it has.
  // "… "Open the vents" and nothing else": those and no other.
  const nothingElse = /^(.+?),?\s+(?:and )?(?:nothing else|no others?|no other (?:ones?|items?|results?|rows?))$/.exec(o);
  if (nothingElse) {
    const named = listCheck(i, nothingElse[1]!, visible, subject);
    const shown = named?.filter((x): x is Extract<Intent, { kind: 'expect-text' }> => x.kind === 'expect-text').map((x) => x.text) ?? [];
    if (named && shown.length >= 1) return [{ kind: 'expect-count', count: shown.length, among: shown }, ...named];
  }
  // ("the site name X with the line "Y"": two things it shows.)
  o = o.replace(/\s+with (?:the |a |an )?(?:line|text|tagline|subtitle|caption|description|words?|note|slogan|motto)\s+(?=q\d)/, ', ');
  const withLinks = /^(.+?),?\s+(?:with|along with|and also|and)\s+((?:(?:a|an|the|some)\s+)?(?:(?:links?|buttons?|tabs?)\s+(?:to|for|named|called|labell?ed)|columns|column headers|headings|tabs)\s+.+)$/.exec(o);
  if (withLinks) {
    const [a, b] = [listCheck(i, withLinks[1]!, visible, subject), listCheck(i, withLinks[2]!, visible, subject)];
    if (a && b) return [...a, ...b];
  }
  // "the three tags Cake, Recipe and Sweet": a count, then the names, without a colon.
  const countThenNames = new RegExp(`^(?:the |its |their )?(${NUM}) ([a-z][\\w-]*s) (?=\\S)(.+)$`).exec(o);
  if (countThenNames && /^[A-Z0-9]/.test(asWritten(i.l, countThenNames[3]!)) && /,|\band\b/.test(countThenNames[3]!)) o = `${countThenNames[1]} ${countThenNames[2]}: ${countThenNames[3]}`;
  // "links to Planting Guide and Harvest Log below": the names are links; where they sit says nothing more.
  o = o.replace(/\s+(?:below|above|underneath|beneath|below it|above it|under it|next to it|beside it)$/, '');
  const linksTo = /^(?:(?:a|an|the|some)\s+)?(links?|buttons?|tabs?)\s+(?:to|for|named|called|labell?ed)\s+(.+)$/.exec(o);
  if (linksTo) o = `${linksTo[2]} ${linksTo[1]!.replace(/s$/, '')}s`;
  let ordered = /,?\s+then\s+/.test(o);
  o = o.replace(/,?\s+then\s+/g, ', ');
  // "a table of contents listing A, B and C", "a table with 2 elements": what it lists is what counts.
  const nested = /^(?:(?:a|an|the|its)\s+)?(?:(?!q\d|and\b|or\b)[a-z][\w-]*\s+){0,3}?(?:listing|that lists|which lists|showing|that shows|containing|that contains|with|starting with|beginning with|reading|saying)\s+(.+)$/.exec(o);
  // ("trunk with 5 check-ins" is a named row and what it shows, not a container.)
  const container = nested && /^(?:(?:a|an|the|its)\s+)?(?:[a-z][\w-]*\s+)*?([a-z][\w-]*)\s+with\s/.exec(o);
  if (nested && !/^q\d+\s/.test(o) && (!container || /^(?:table|list|menu|section|panel|box|column|row|card|dialog|page|grid|tree|form|pane|sidebar|bar|header|footer|area|popup|window|tab|group|chart|diagram|view|screen|summary|report|toolbar)s?$/.test(container[1]!) || GENERIC.test(container[1]!) || ITEM_NOUNS.test(container[1]!) || nounRole(container[1]!))) o = nested[1]!;
  const om = ORDER.exec(o);
  if (om) {
    ordered = true;
    o = (o.slice(0, om.index) + o.slice(om.index + om[0].length)).replace(/^\s*[:,]\s*|\s*[:,]\s*$/g, ' ').replace(/\s*:\s*/, ': ').trim();
  }
  // "lists exactly Espresso and Office kitchen": those names and no others.
  const only = /^(?:exactly|only|just)\s+(?!(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|an|the|no)\b)(.+)$/.exec(o);
  if (only && /,|\band\b/.test(only[1]!) && !/:/.test(only[1]!)) {
    const named = listCheck(i, only[1]!, visible, subject);
    const shown = named?.filter((x): x is Extract<Intent, { kind: 'expect-text' }> => x.kind === 'expect-text').map((x) => x.text) ?? [];
    if (named && shown.length > 1) return [{ kind: 'expect-count', count: shown.length, among: shown }, ...named];
  }
  // "three invoices: c, b and a" / "the following: a, b" — a count or a lead-in before a colon.
  let lead: string | undefined;
  const colon = /^([^:]+?):\s*(.+)$/.exec(o);
  if (colon && (/\bq\d+\b/.test(colon[2]!) || /,|\band\b|\bthen\b/.test(colon[2]!))) {
    lead = colon[1]!;
    o = colon[2]!;
  }
  const out: Intent[] = [];
  if (lead) {
    // A count of things named after it: the names are checked; a count of a control's role is not
    // (the page has more links than those listed), a count of items is (of the page's main list).
    const counted = item(i, lead, true, subject);
    if (counted?.some((x) => x.kind === 'expect-count')) out.push(...counted.filter((x) => x.kind === 'expect-count' && !x.target));
  }
  // "the row counts authors 5, books 8 and orders 5": each name's row shows its number.
  const perRow = /^(?:the |its |their )?(?:row counts?|counts|sizes|totals|numbers|values|prices|scores|amounts|quantities|sums)\s+(?=\S)/.exec(o);
  if (perRow) {
    const pairs = items(o.slice(perRow[0].length)).map((p) => /^(q\d+|[\w.@-]+(?: [\w.@-]+)?) (\d[\d.,]*\s?\S{0,3})$/.exec(p));
    if (pairs.length && pairs.every(Boolean)) return pairs.map((p) => ({ kind: 'expect-text' as const, text: asWritten(i.l, p![2]!), visible, scope: { name: /^q\d+$/.test(p![1]!) ? quoteText(i, p![1]!) : asWritten(i.l, p![1]!), row: true } }));
  }
  const parts = items(o);
  // "the columns #, mtime and title": a plural role noun before the names applies to each of them.
  const lead0 = /^(?:the |its |their )?(columns|column headers|headings|tabs)\s+(?=\S)/.exec(parts[0] ?? '');
  const leadRole = lead0 ? (/^col/.test(lead0[1]!) ? 'columnheader' : lead0[1] === 'tabs' ? 'tab' : 'heading') : undefined;
  if (lead0 && parts.length > 1) parts[0] = parts[0]!.slice(lead0[0].length);
  // "…, both from 2024-02", "both by mira": what each of the names shows (not one more name in the order).
  const said = new Set<number>();
  for (const [k, p] of parts.entries()) {
    const b = /^(?:both|all|each|all of them|both of them) (?:from|on|by|in|dated|of|at) (.+)$/.exec(p);
    if (b && k > 0) { parts[k] = b[1]!; said.add(k); }
  }
  // "columns Tool, Purpose and Owner", "the namespaces a, b and c": a plural noun before the names.
  // (Each part may carry its own: "the tags color and css, the keywords a and b".)
  // "…, both 44 B": what each of them shows. A label written as one ("Folders "Photos"") stays.
  for (const [k, p] of parts.entries()) parts[k] = p.replace(/^(?:both|each|all)\s+(?=\d[\w.,]*(?: [a-z]{1,3})?$)/, '');
  if (parts.length > 1) for (const [k, p] of parts.entries()) parts[k] = p.replace(/^(?:the |its |their )?(?:columns|namespaces|tabs|links|buttons|headings|fields|options|items|entries|values|labels|names|tags|keywords|filters|categories|sections|rows|jobs|pages|channels|users|tables|databases|queues|collections|calendars|networks|events|nicknames|nicks|members|people|participants|tickets|issues|projects|files|folders|packages|versions|authors|contacts|rooms|branches|commits|messages|comments|tag|category|label|keyword|author|user|folder|branch)\s+(?=\S)/, (x) => (/[A-Z]/.test(asWritten(i.l, x.trim())) ? x : ''));
  // ""Username" and "Password" fields": a plural role noun applies to the bare names before it.
  // (Names written as names count too: "Planting Guide and Harvest Log links".)
  const roleOf = new Map<number, string>();
  const written = (p: string) => !/\bq\d+\b/.test(p) && p.split(' ').length <= 4 && /^[A-Z0-9]/.test(asWritten(i.l, p));
  for (let k = parts.length - 1; k > 0; k--) {
    const plural = /^(q\d+|[^,]+?) (fields|buttons|links|tabs|checkboxes|headings|inputs|options|boxes|columns|menus|icons)$/.exec(parts[k]!);
    if (!plural || !(/^q\d+$/.test(plural[1]!) || written(plural[1]!))) continue;
    const noun = plural[2]!.replace(/(?:es|s)$/, '').replace(/^box$/, 'box').replace(/checkbox(?:e)?$/, 'checkbox');
    const tag = (j: number, name: string) => (/^q\d+$/.test(name) ? (parts[j] = `${name} ${noun}`) : (parts[j] = name, roleOf.set(j, noun)));
    tag(k, plural[1]!);
    for (let j = k - 1; j >= 0 && (/^q\d+$/.test(parts[j]!) || written(parts[j]!)); j--) tag(j, parts[j]!);
  }
  // "3 todos, "a" and "b"": a count before the names without a colon.
  for (const [k, part] of parts.entries()) {
    const role = roleOf.get(k) ?? (leadRole && parts.length > 1 && !said.has(k) ? leadRole : undefined);
    const r = role ? [{ kind: 'expect-state' as const, target: { name: text(i, part), kind: 'any' as const, role, relaxed: true }, state: visible ? 'visible' as const : 'hidden' as const }] : item(i, part, visible, subject);
    if (!r) return undefined;
    if (k === 0 && r.length && r.every((x) => x.kind === 'expect-count') && parts.length > 1) {
      out.push(...r.filter((x) => x.kind === 'expect-count' && !x.target));
      continue;
    }
    out.push(...r);
  }
  // "four tags: Mugs, Tiles, Bowls, Vases": as many names as counted, the list counted is the one that holds them.
  if (lead) {
    const names = out.filter((x): x is Extract<Intent, { kind: 'expect-text' }> => x.kind === 'expect-text' && x.visible && !x.scope).map((x) => x.text);
    for (const [k, x] of out.entries()) if (x.kind === 'expect-count' && !x.target && !x.among && x.count === names.length && names.length > 1) out[k] = { ...x, among: names };
  }
  if (ordered) {
    const extra = new Set([...said].map((k) => text(i, parts[k]!)));
    const texts = out.filter((x): x is Extract<Intent, { kind: 'expect-text' }> => x.kind === 'expect-text' && x.visible && !x.scope && !extra.has(x.text)).map((x) => x.text);
    if (texts.length > 1) out.push({ kind: 'expect-order', texts });
  }
  return out.length ? out : undefined;
}

function stateOf(word: string): CheckState | undefined {
  return STATES[word.trim()];
}

const CONTAINER = /\s*\b(section|panel|box|card|area|pane|column|group|block|sidebar|list|table|widget|region|row|line|entry|dialog|modal|popup|pop-up|window|form)$/;
const CONTROL_ROLES = /^(?:button|link|checkbox|radio|switch|textbox|searchbox|combobox|menuitem|option|tab|img|heading)$/;

/**
 * The part of the page a check's subject names: "the Folders section", "the This Device box", "the
 * Folder ID row", "the dialog", or a section named by its heading alone ("Remote Devices shows …").
 */
function scopeOf(i: CheckInput, subject: string): Scope | undefined {
  // "the row for "Hello world"", "the entry of Alice": the row that shows the name.
  const rowOf = /^(?:the )?(?:row|line|entry|record) (?:for|of|with|containing) (?:the )?(q\d+|[\w.@-]+(?: [\w.@-]+)?)$/.exec(subject.trim());
  if (rowOf) return { name: /^q\d+$/.test(rowOf[1]!) ? quoteText(i, rowOf[1]!) : asWritten(i.l, rowOf[1]!), row: true };
  // "nadia's own row", "Ben's line": the row that shows the name.
  const owned = /^(q\d+|[\w.@-]+(?: [\w.@-]+)?)'s? (?:own )?(?:row|line|entry|record)$/.exec(subject.trim());
  if (owned) return { name: /^q\d+$/.test(owned[1]!) ? quoteText(i, owned[1]!) : asWritten(i.l, owned[1]!), row: true };
  // "the Holidays section of the handbook": the section is what is named before "of".
  const s = subject.trim().replace(/^(?:the|a|an)\s+/, '').replace(new RegExp(`(${CONTAINER.source.slice(0, -1)})\\s+(?:of|in|on) .+$`), '$1');
  if (!s || /^(?:its|their|this|that|these|those|it|they|everything|all|both)(?: [a-z]+)?$/.test(s) || /^(?:its|their)\b/.test(s) || /\b(?:of|in|on|above|below|under|next to|beside|near|at|with|from|for|by)\b/.test(s)) return undefined;
  if (/^(?:(?:code|text|file|source|notebook|markdown|wiki(?:text)?) )?editor(?: (?:area|pane|window|box))?$/.test(s)) return { name: '', editor: true };
  const m = CONTAINER.exec(s);
  // "the search box" is a field; "the This Device box" is a part of the page.
  const noun = m?.[1] === 'box' && /\b(?:search|text|input|check|combo|edit|select|list|query|filter|comment|entry|message)\s+box$/.test(s) ? undefined : m?.[1];
  if ((m && !noun) || MESSAGE.test(subject.trim())) return undefined;
  const name = (m ? s.slice(0, m.index) : s).trim().replace(/^(?:the|a|an)\s+/, '');
  const dialog = noun !== undefined && /^(?:dialog|modal|popup|pop-up|window)$/.test(noun);
  if (!name) return dialog || /^(?:confirmation|dialog box)$/.test(s) ? { name: '', dialog: true } : undefined;
  // "the open panel", "the first card": which one, not its name.
  if (!dialog && (stateOf(name) || /^(?:open|opened|current|active|first|last|second|new|other|same|selected|expanded|top|bottom|left|right|main)$/.test(name))) return undefined;
  if (name.split(' ').length > 5 || /\b(?:and|or|not|no)\b/.test(name)) return undefined;
  const quoted = quotesIn(i.l, name);
  const written = quoted.length === 1 && /^q\d+$/.test(name) ? quoted[0]! : asWritten(i.l, name);
  if (/\bq\d+\b/.test(written)) return undefined;
  if (dialog) return { name: quoted.length || /^[A-Z]/.test(written) ? written : '', dialog: true };
  if (noun) return { name: written, ...(/^(?:row|line|entry)$/.test(noun) ? { row: true } : noun === 'table' ? { table: true } : {}) };
  // A name alone is a section when it is written as a heading is ("Remote Devices"), and names no control.
  const t = nounPhrase(i.l, s, 'any').target;
  if (t.role || !/^(?:[A-Z][\w-]*)(?: [A-Z&][\w-]*)+$/.test(written) || GENERIC.test(name)) return undefined;
  return { name: written };
}

/** "the range as 18 nautical miles and the character as Fl(2) W 20s": label and value pairs, each value checked in its label's row. */
function labelledValues(i: CheckInput, obj: string): Intent[] | undefined {
  const pieces = obj.split(/,?\s+and\s+|,\s+/);
  const out: Intent[] = [];
  for (const p of pieces) {
    const m = /^(?:the |its |their )?([a-z][\w-]*(?: [a-z][\w-]*){0,3}) as (.+)$/.exec(p.trim());
    if (!m || /\bq\d+\b/.test(m[1]!) || /^(?:its|their|his|her|a|an|the|one|part|well|much|many)\b/.test(m[2]!) || NOT_LABEL.test(m[1]!) || GENERIC.test(m[1]!)) return undefined;
    out.push({ kind: 'expect-text', text: cellValue(i, m[2]!), visible: true, scope: { name: asWritten(i.l, m[1]!), row: true } });
  }
  return out.length ? out : undefined;
}

/** "Kind: Folder, Location: Shared documents / Trips and Contents: Empty": each value in its label's row (a field's value counts). */
function colonPairs(i: CheckInput, obj: string): Intent[] | undefined {
  const pieces = obj.split(/,\s+(?:and\s+)?|\s+and\s+(?=[^:,]+:)/);
  if (pieces.length < 2) return undefined;
  const out: Intent[] = [];
  for (const p of pieces) {
    const m = /^(?:the\s+)?([a-z][\w ()/-]{0,40}?)\s*:\s*(\S.*)$/.exec(p.trim());
    // (Labels as a page prints them, each its own: "Kind", "Location"; not "job_name" twice.)
    if (!m || m[1]!.split(' ').length > 4 || NOT_LABEL.test(m[1]!) || !/^[A-Z]/.test(asWritten(i.l, m[1]!)) || /\b(?:with|of|and|in|on|for)\b/.test(m[1]!) || out.some((x) => x.kind === 'expect-text' && x.scope?.name.toLowerCase() === m[1]!.toLowerCase())) return undefined;
    out.push({ kind: 'expect-text', text: cellValue(i, m[2]!), visible: true, orValue: true, scope: { name: asWritten(i.l, m[1]!), row: true } });
  }
  return out;
}

/** Words that say which or how many, not what a label reads. */
const NOT_LABEL = /^(?:last|first|second|third)(?: (?:one|ones|row|item|entry|being|line))?$|\b(?:one|ones|being|all|both|each|every|two|three|four|five|only|also|then|now|still|just|is|are|was|were|be|been|has|have|it|its|their|this|that|these|those|new|old|same|other|another)\b|'s?\b/;

/** A subject that is a label of its own ("Minimum Free Disk Space", "the Folder ID"): the row it heads. */
function labelRow(i: CheckInput, subject: string, t: Target | undefined): Scope | undefined {
  const s = subject.trim().replace(/^(?:the|its|their)\s+/, '').replace(/\s+(?:row|line|entry|field|value|setting|option|tab|badge|counter|count)$/, '');
  if (!s || /\bq\d+\b/.test(s) || s.split(' ').length > 6 || GENERIC.test(s) || /^(?:it|this|that|they|title|heading|url|address|page|name|text)$/.test(s) || /\b(?:it|next|of|in|on|under|beside|near|below|above|its|their)\b/.test(s)) return undefined;
  if (t && (t.kind === 'field' || CONTROL_ROLES.test(t.role ?? ''))) return undefined;
  // "Have is 650.0 kB": a one-word label may be a word that is a verb elsewhere.
  if (NOT_LABEL.test(s) && !/^(?:has|have)$/.test(s)) return undefined;
  return { name: asWritten(i.l, s), row: true };
}

/** The checks that look at text, confined to a scope (the ones that already have one keep it). */
function scoped(intents: Intent[] | undefined, scope: Scope | undefined): Intent[] | undefined {
  if (!intents || !scope) return intents;
  // A label's row inside a named part ("the licence ISC" of the color-shades entry): the part is where to look.
  // In a named row, a label is its column ("the row for "Hello world" shows the author qa").
  const labelled = (x: Intent) => x.kind === 'expect-text' && x.orValue === true && x.scope?.row === true && !x.scope.column;
  return intents.map((x) => (x.kind === 'expect-text' || x.kind === 'expect-order' || (x.kind === 'expect-count' && !x.target) ? { ...x, scope: x.scope && !labelled(x) ? x.scope : labelled(x) && scope.row && scope.name && !scope.column ? { ...scope, column: x.scope!.name } : scope }
    // ("nadia's own row has Edit and Clone links": the controls in that row.)
    : x.kind === 'expect-state' && scope.row && scope.name && !scope.column && !x.target.within ? { ...x, target: { ...x.target, within: scope.name } } : x));
}

/** What a status says of itself, without "it is": "it is now downloading from 0 peers" → "downloading from 0 peers". */
function withoutItIs(said: string): string {
  return said.replace(/^(?:that )?(?:it|they|this|the \w+) (?:is|are|was|were) (?:now |still )?/, '');
}

/** Verbs that report a sentence rather than list things. */
const SAYING = /\b(?:says?|saying|tells?|telling|warns?|warning|informs?|explains?|states?|asks?|asking|notes?|confirms?|announces?)\b/;
/** What a sentence has and a list of names has not. */
const SENTENCE = /\b(?:is|are|was|were|has|have|had|been|will|can|could|would|should|you|your|we|it|this|that|whether|if)\b/;

/** A message of any kind ("an error box", "a warning", "a green banner"): what it says is the check, not where. */
const MESSAGE = /^(?:(?:an?|the|some|one|another|its|their) )?(?:(?:new|little|small|short|big|red|green|yellow|orange|blue|grey|gray|inline|error|warning|info|information|success|confirmation|status|flash|validation|help|hint|feedback|notification|system|top|bottom) )*(?:message|messages|warning|warnings|error|errors|notice|notification|banner|toast|alert|hint|note|confirmation|prompt|snackbar|callout|(?:error|warning|info|message|alert|notice|success|confirmation|help|hint) (?:box|bar|text|line|panel|area|popup|dialog))(?: (?:under|below|above|next to|beside|near|at|in|on) .+)?$/;

function subjectTarget(i: CheckInput, subject: string): Target | undefined {
  const s = subject.trim();
  if (!s || /^(?:(?:the )?(?:page|screen|app|application|site|ui|browser|window|view|it|this|everything|the result|result))$/.test(s)) return undefined;
  if (MESSAGE.test(s)) return undefined;
  const np = nounPhrase(i.l, s, 'any');
  i.unplaced.push(...np.unplaced);
  return np.target;
}

/** The state a subject is said to be in: "disabled", "not checked", "greyed out", "no longer visible". */
function stated(complement: string): { state: CheckState; negated: boolean } | undefined {
  const c = complement.trim().replace(/^(?:marked as|shown as|set to|in the|displayed as|rendered as) /, '').replace(/^(?:the|a|an) /, '').replace(/\s+(?:tab|button|link|option|item|one|entry|row|state|switch|toggle|checkbox)$/, '').replace(/,.*$/, '');
  const neg = /^(?:not|no longer|never)\s+/.exec(c);
  const rest = neg ? c.slice(neg[0].length) : c;
  const word = rest.replace(/\s+(?:state|status|mode|at first|by default|initially|too|as well|again)$/, '').replace(/^(?:all |fully |completely |still |now )/, '');
  const extra: Record<string, CheckState> = { offered: 'visible', provided: 'visible', available: 'visible', unchanged: 'visible', 'the same': 'visible', 'switched on': 'checked', 'turned on': 'checked', 'toggled on': 'checked', 'switched off': 'unchecked', 'turned off': 'unchecked', 'toggled off': 'unchecked', 'back': 'visible', 'in red': 'visible', 'highlighted in red': 'visible', left: 'visible', remaining: 'visible', 'all that is left': 'visible' };
  if (extra[word]) return { state: extra[word]!, negated: Boolean(neg) };
  // ("On the canvas" is a place; "on" alone is switched on.)
  const st = stateOf(word) ?? (/^(?:on|off|in|at) \S/.test(word) ? undefined : stateOf(word.split(' ')[0]!)) ?? (/^(?:listed|shown|visible|displayed|present|there) (?:in|on|under|among|inside|within)\b/.test(word) ? 'visible' : undefined);
  if (!st) {
    if (/^(?:in|on|part of|among|inside|within|under|listed under|included in|included|available|next to|beside|near|below|above|at the|open|opened|back)\b/.test(word)) return { state: 'visible', negated: Boolean(neg) };
    return undefined;
  }
  return { state: st, negated: Boolean(neg) };
}

function applyState(i: CheckInput, subjectIn: string, st: { state: CheckState; negated: boolean }): Intent[] | undefined {
  let subject = subjectIn;
  let state = st.state;
  if (st.negated) state = NEGATED[state] ?? state;
  // "Admin and Log Out links are shown": each of several things, a plural noun applying to all.
  const several = /^(?:the |both |all )?(.+?)\s+(links|buttons|tabs|fields|checkboxes|options|headings|icons|menus|items|entries)$/.exec(subject.trim());
  if (several && /\s(?:and|&)\s|,/.test(several[1]!)) {
    const noun = several[2]!.replace(/(?:es|s)$/, '').replace(/^checkbox$/, 'checkbox');
    const out: Intent[] = [];
    for (const part of items(several[1]!)) out.push(...(applyState(i, `${part} ${noun}`, st) ?? []));
    if (out.length) return out;
  }
  subject = subject.replace(/^only\s+/, '');
  // "its Resolution is empty": a label written as one is looked for as such.
  if (/^(?:its|their)\s+[a-z]+$/.test(subject.trim()) && /^[A-Z]/.test(asWritten(i.l, subject.trim().replace(/^\S+\s+/, '')))) subject = subject.trim().replace(/^\S+\s+/, '');
  // "its pages are not shown": what "its" points at cannot be looked for on a page.
  if (/^(?:its|their)\s+[a-z]+$/.test(subject.trim()) && !quotesIn(i.l, subject).length) return [];
  // "The login form with Username and Password fields is displayed": what it is shown with.
  const withList = /^(.+?)\s+with\s+(.+)$/.exec(subject);
  if (withList && state === 'visible' && /\band\b|,|\bq\d+\b|\b(?:fields?|buttons?|links?|tabs?|boxes|checkboxes)\b/.test(withList[2]!)) {
    const r = listCheck(i, withList[2]!, true);
    if (r) return r;
  }
  // "The email list and search box are hidden": each of them.
  // (""Sales report.ipynb" and todo.txt are listed": names quoted or not.)
  if (/\s(?:and|&)\s/.test(subject) && (!quotesIn(i.l, subject).length || items(subject).every((p) => /^(?:q\d+|\S*\w[._:@]\w\S*)$/.test(p))) && !/^(?:both|all|either|neither)\b/.test(subject)) {
    const out: Intent[] = [];
    for (const part of items(subject)) out.push(...(applyState(i, part, st) ?? []));
    if (out.length) return out;
  }
  // "The reset code 739154 is visible", "the row storage.tsdb.retention.time is there": the literal is what shows.
  const literal = subject.split(/\s+/).filter((w) => (/[@$#]|\d|\w[._:]\w/.test(w)) && !/^q\d+$/.test(w));
  if (literal.length && (state === 'visible' || state === 'hidden') && !quotesIn(i.l, subject).length) {
    // "Sales report.ipynb is listed": a name written with capitals before its literal is the whole name.
    const written = asWritten(i.l, subject.trim());
    if (literal.length === 1 && subject.trim().endsWith(literal[0]!) && /^[A-Z][\w-]*(?: [\w-]+)* \S+$/.test(written) && !/^(?:The|A|An|Its|Their|This|That)\b/.test(written) && !nounRole(subject.trim().split(' ')[0])) {
      return [{ kind: 'expect-text', text: written, visible: state === 'visible' }];
    }
    return literal.map((w) => ({ kind: 'expect-text' as const, text: asWritten(i.l, w), visible: state === 'visible' }));
  }
  if (st.negated && (st.state === 'empty' || st.state === 'focused')) return undefined;
  const names = quotesIn(i.l, subject);
  const bareNames = /^(?:(?:the |a |an |both |all |only |neither |either )?(?:(?:todos?|items?|tasks?|entries|notes?|texts?|messages?|words?|names?|rows?) )?q\d+(?:(?:,|,? and|,? or|,? nor) q\d+)*)$/.test(subject.trim());
  if (bareNames && (state === 'visible' || state === 'hidden')) return names.map((n) => ({ kind: 'expect-text' as const, text: n, visible: state === 'visible' }));
  if (bareNames && names.length && (state === 'checked' || state === 'unchecked')) {
    return names.map((n) => ({ kind: 'expect-state' as const, target: { name: n, kind: 'checkbox' as const, role: 'checkbox', item: true }, state }));
  }
  if (bareNames && names.length > 1) return names.map((n) => ({ kind: 'expect-state' as const, target: { name: n, kind: 'any' as const, relaxed: true }, state }));
  if (names.length && (state === 'visible' || state === 'hidden')) {
    const np = nounPhrase(i.l, subject, 'any').target;
    if (!np.role) return names.slice(0, 1).map((n) => ({ kind: 'expect-text' as const, text: n, visible: state === 'visible' }));
  }
  const all = new RegExp(`^(?:all|every|each)(?: (?:the|of the|of its|its))?(?: (${NUM}))? ([\\w ]+?)$`).exec(subject.trim());
  if (all && (state === 'checked' || state === 'unchecked')) {
    // "All six interests are ticked": the boxes of the group so titled; todos, items, boxes: the main list's.
    // ("Every box in that tree": the boxes of the tree, list or table last acted in.)
    const inArea = /^(?:(?:box|checkbox|check box|tick ?box|item|node|entry|one)(?:es|s)?) (?:in|of|under|inside|within) (?:the |that |this |its |their )?(tree|list|table|grid|panel|form|section|group)$/.exec(all[2]!);
    const group = inArea ? inArea[1]! : /^(?:(?:todo|to-do|item|task|entrie|entry|row|box|checkboxe|checkbox|check boxe|check box|option|file|message|line|thing|one)s?|[a-z]+ items?)$/.test(all[2]!) ? undefined : all[2]!;
    const count = all[1] ? toNumber(all[1]) : undefined;
    return [{ kind: 'expect-all', state, ...(group ? { group } : {}), ...(count !== undefined && group ? { count } : {}) }];
  }
  // "Tuesday 2 March is empty", "3 March is still empty": a calendar's day with nothing booked on it.
  const day = state === 'empty' ? /^(?:the )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?((?:\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:january|february|march|april|may|june|july|august|september|october|november|december)|(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}(?:st|nd|rd|th)?)(?:,? \d{4})?)$/.exec(subject.trim()) : null;
  if (day) return [{ kind: 'expect-state', target: { name: asWritten(i.l, day[1]!).replace(/(\d)(?:st|nd|rd|th)\b/, '$1').replace(/ of /, ' '), kind: 'any', role: 'gridcell', relaxed: true }, state: 'empty' }];
  const t = subjectTarget(i, subject);
  if (!t) return undefined;
  if (state === 'empty') {
    // "the Shared With row is empty": nothing a check here can tell from a field.
    if (/\b(?:row|line|entry)$/.test(subject.trim())) return undefined;
    if (t.kind === 'field' || t.role === 'textbox' || t.role === 'searchbox') return [{ kind: 'expect-value', target: t, value: '' }];
    // "The Delayed tab is now empty": a tab with nothing in it counts nothing.
    if (t.role === 'tab') return [{ kind: 'expect-state', target: { ...t, relaxed: true }, state: 'empty' }];
    if (/\b(?:list|table|inbox|results|page|board)\b/.test(subject)) return [{ kind: 'expect-count', count: 0 }];
    return [{ kind: 'expect-value', target: { ...t, kind: 'field' }, value: '' }];
  }
  const kind = state === 'checked' || state === 'unchecked' ? 'checkbox' : t.kind;
  if ((state === 'checked' || state === 'unchecked') && !t.role && bareNames) return [{ kind: 'expect-state', target: { ...t, kind: 'checkbox', role: 'checkbox', item: true }, state }];
  return [{ kind: 'expect-state', target: { ...t, kind: t.role === 'heading' ? 'any' : kind, relaxed: !['button', 'checkbox', 'radio', 'switch', 'textbox', 'combobox', 'searchbox'].includes(t.role ?? '') }, state }];
}

export function readCheck(i: CheckInput): Intent[] | undefined {
  // "…, while the other two rows have all three", "…instead of showing the list of users": said of
  // the rest, or of what is not there: nothing more to look for.
  i.s = i.s.replace(/,?\s+(?:while|whereas)\s+(?:all\s+)?(?:the\s+)?(?:other|others|rest|remaining)\b.*$|,?\s+instead of\s+[a-z]+ing\b.*$/, '');
  // "…and the rest of the paragraph is upright", "…while the other two events are not": everything
  // else, said of nothing a page can point at: read around (the step's other clauses stand).
  if (/^(?:the )?(?:rest|remainder) of\b|^(?:all )?(?:the )?others?\b(?! than)|^(?:all )?the other (?:\w+ )?\w+ (?:are|is) (?:not|still|unchanged|as before)|^(?:all )?the other (?:two|three|four|five|six|\d+) \w+s\b/.test(normalise(i.s.replace(PREFIX, '')).trim())) return undefined;
  // "Status: Closed", "Priority: High, Assignee: qa": labels and their values, said without a verb.
  const bare = normalise(i.s.replace(PREFIX, '')).replace(/[.;]$/, '');
  if (/:/.test(bare) && !findVerb(bare)) {
    const pairs = bare.split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=[^:]+:)/).map((p) => /^(?:the\s+)?([a-z][\w ()/-]{0,40}?)\s*:\s*(\S.*)$/.exec(p.trim()));
    if (pairs.every((p) => p && p[1]!.split(' ').length <= 4 && !new RegExp(`^(?:${NUM}|the following|following|these|those|both|all|each|every)\\b`).test(p[1]!))) {
      // The value as written, whatever its words ("Closed" is a status here, not a state).
      // ("Location: Shared documents / Trips": a label printed on the page, not the browser's address.)
      const read = pairs.map((p) => (/^(?:location|address|url|link|path|title|page)$/.test(p![1]!) && /^[A-Z]/.test(asWritten(i.l, p![1]!))
        ? [{ kind: 'expect-text' as const, text: cellValue(i, p![2]!), visible: true, orValue: true, scope: { name: asWritten(i.l, p![1]!), row: true } }]
        : readCheck({ ...i, s: `${p![1]} is ${/^q\d+$/.test(p![2]!) ? p![2] : `q${i.l.quotes.push(asWritten(i.l, p![2]!)) - 1}`}` })));
      if (read.every(Boolean)) return read.flat() as Intent[];
    }
  }
  // "Under "Page text matches" the results are …", "In the Folders section, …": where to look, said first.
  const pre = /^(?:under|in|inside|within|below)\s+(?:the\s+)?(q\d+|[\w' -]+?)\s*,?\s+(?=(?:there|it|the|a|an|q\d+|you|we|only|no|every|each|all)\b)/.exec(normalise(i.s.replace(PREFIX, '')));
  // After "under", a name alone is the heading of a section ("Under Borrowed there is one book").
  const heading = (p: string) => (/^[A-Z][\w-]*(?: [A-Z&][\w-]*){0,3}$/.test(asWritten(i.l, p)) && !nounPhrase(i.l, p, 'any').target.role ? { name: asWritten(i.l, p) } : undefined);
  const where = pre ? (/^q\d+$/.test(pre[1]!) ? { name: quoteText(i, pre[1]!) } : scopeOf(i, pre[1]!) ?? heading(pre[1]!)) : undefined;
  if (!pre || !where) return readWhole(i);
  const inner: CheckInput = { ...i, s: normalise(i.s.replace(PREFIX, '')).slice(pre[0].length) };
  const r = scoped(readWhole(inner), where);
  if (inner.loose) i.loose = true;
  return r;
}

/** A cell's value: a quoted text or a word as written ("7.9", "Never"). */
function cellValue(i: CheckInput, v: string): string {
  return /^q\d+$/.test(v) ? quoteText(i, v) : asWritten(i.l, v);
}

/** A row named as written ("Office chair", "customers", "the Stapler"), or undefined when it reads as anything else. */
function rowName(i: CheckInput, r: string): string | undefined {
  const s = r.trim().replace(/^(?:the|a|an)\s+/, '').replace(/\s*\([\d., ]+\)$/, '').replace(/\s+(?:row|line|entry|item|one)$/, '');
  if (!s || s.split(' ').length > 5 || /\b(?:is|are|has|have|and|or|not|no|it|they|this|that|each|every|all)\b/.test(s)) return undefined;
  return /^q\d+$/.test(s) ? quoteText(i, s) : asWritten(i.l, s);
}

const CELL_VALUE = '(q\\d+|[^\\s,]+(?: %)?)';

/**
 * Facts about a table's cells: "The Rows column says 4 for customers and 5 for orders", "The
 * Stapler row shows a price of 7.9 and a stock of 0", "Office chair costs 149 and has 3 in stock",
 * "Notebook is the first row and Office chair the last one", "Office chair is at the top, followed
 * by Whiteboard and then Desk lamp".
 */
function tableFacts(i: CheckInput, s: string): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const each = (list: string, re: RegExp) => {
    const pieces = list.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
    const got = pieces.map((p) => re.exec(p));
    return got.every(Boolean) ? (got as RegExpExecArray[]) : undefined;
  };
  if ((m = /^(?:the )?([a-z][\w -]*?|q\d+) column (?:says|shows|reads|has|lists|gives|holds|contains) (.+)$/.exec(s))) {
    const column = /^q\d+$/.test(m[1]!) ? quoteText(i, m[1]!) : asWritten(i.l, m[1]!);
    const got = each(m[2]!, new RegExp(`^${CELL_VALUE}\\s+(?:for|in|on|next to|against|beside|in the row of)\\s+(.+)$`));
    const rows = got?.map((g) => rowName(i, g[2]!));
    if (got && rows?.every(Boolean)) return got.map((g, k) => ({ kind: 'expect-text' as const, text: cellValue(i, g[1]!), visible: true, scope: { name: rows[k]!, row: true, column } }));
  }
  if ((m = /^(?:the )?(.+?) (?:row|line|entry) (?:shows|says|has|lists|gives|holds|contains|reads) (.+)$/.exec(s)) && rowName(i, m[1]!)) {
    // "a price of 7.9", "stock 0", "status "Seeding"": a column and its value (a number or a quoted text, or said with "of").
    const got = each(m[2]!, new RegExp(`^(?:an? |the |its )?([a-z][\\w-]*(?: [a-z][\\w-]*){0,2}?)( of| as| at|:)? ${CELL_VALUE}$`));
    if (got?.every((g) => !/\b(?:is|are|has|have|been|was|the|not|like|as|or|how|what|which|a|an)\b/.test(g[1]!) && (/^q\d+$/.test(g[3]!) || /\d/.test(g[3]!) || Boolean(g[2]))))
      return got.map((g) => ({ kind: 'expect-text' as const, text: cellValue(i, g[3]!), visible: true, scope: { name: rowName(i, m![1]!)!, row: true, column: asWritten(i.l, g[1]!) } }));
  }
  // "the Desk lamp costs 19.99 while Notebook costs 3.2": one fact per row.
  const several = s.split(/,?\s+(?:while|whereas|and)\s+(?=(?:the )?\S+(?: \S+){0,3} costs?\b)|,\s+(?=(?:the )?\S+(?: \S+){0,3} costs?\b)/);
  if (several.length > 1) {
    const facts = several.map((p) => tableFacts(i, p.trim()));
    if (facts.every(Boolean)) return facts.flat() as Intent[];
  }
  // "Office chair costs 149 and has 3 in stock": facts of the row the subject names.
  if ((m = new RegExp(`^(.+?) (?:costs?|is priced at|sells? for|has a price of) ${CELL_VALUE}((?:,? and (?:has|shows|costs) [^,]+)*)$`).exec(s)) && rowName(i, m[1]!) && /^[A-Z0-9"]/.test(rowName(i, m[1]!)!)) {
    const row = rowName(i, m[1]!)!;
    const out: Intent[] = [{ kind: 'expect-text', text: cellValue(i, m[2]!), visible: true, scope: { name: row, row: true } }];
    for (const more of m[3]!.split(/,? and (?=has|shows|costs)/).map((x) => x.trim()).filter(Boolean)) {
      const h = new RegExp(`^(?:has|shows|costs) ${CELL_VALUE}(?: (?:in|of|as) (?:the )?([a-z][\\w -]*?))?$`).exec(more);
      if (!h) return undefined;
      out.push({ kind: 'expect-text', text: cellValue(i, h[1]!), visible: true, scope: { name: row, row: true, ...(h[2] ? { column: asWritten(i.l, h[2]) } : {}) } });
    }
    return out;
  }
  // "The view lists 2 products: Office chair with stock 3 and Stapler with stock 0": a count, and each row's fact.
  if ((m = new RegExp(`^(?:the )?(?:[\\w-]+ )?(?:view|table|list|result|results|page|grid)\\s+(?:lists|shows|has|contains|displays)\\s+(?:exactly |only )?(${NUM})\\s+([a-z][\\w-]*)\\s*[:,]\\s*(.+)$`).exec(s)) && toNumber(m[1]!) !== undefined) {
    const rows = items(m[3]!).map((x) => new RegExp(`^(.+?) with (?:an? |the )?([a-z][\\w -]*?)(?: of)? ${CELL_VALUE}$`).exec(x));
    if (rows.every((r) => r && rowName(i, r[1]!))) {
      return [{ kind: 'expect-count', count: toNumber(m[1]!)!, noun: m[2]! }, ...rows.flatMap((r) => {
        const name = rowName(i, r![1]!)!;
        return [{ kind: 'expect-text' as const, text: name, visible: true }, { kind: 'expect-text' as const, text: cellValue(i, r![3]!), visible: true, scope: { name, row: true, column: asWritten(i.l, r![2]!) } }];
      })];
    }
  }
  // "quantity shows a default value of 1": a fact of the row the subject names (its column, when there is one).
  if ((m = new RegExp(`^([a-z][\\w-]*|q\\d+) (?:shows|has) (?:an? |the )?([a-z][\\w -]*?) of ${CELL_VALUE}$`).exec(s)) && !/^(?:it|this|that|page|list|table|app|counter|total)$/.test(m[1]!)) {
    return [{ kind: 'expect-text', text: cellValue(i, m[3]!), visible: true, scope: { name: rowName(i, m[1]!)!, row: true, column: asWritten(i.l, m[2]!) } }];
  }
  // "The first row is "X" by Quinn Avery", "the topmost entry is "X" dated 2024-03-14": the row at that end, and what else it shows.
  if ((m = /^(?:the )?(first|last|top|bottom|topmost|bottommost|newest|latest|oldest) (?:row|entry|item|line|one|result|message|post|ticket|check-in|commit)(?: (?:of|in) the (?:list|table|results?))? (?:is|reads|says|shows) (q\d+)((?:,? (?:by|from|dated|on|at|with) [^,]+?)*)$/.exec(s))) {
    const position = /^(?:first|top|topmost|newest|latest)$/.test(m[1]!) ? 'first' as const : 'last' as const;
    const out: Intent[] = [{ kind: 'expect-text', text: quoteText(i, m[2]!), visible: true, scope: { name: '', row: true, position } }];
    for (const f of m[3]!.split(/,? (?:by|from|dated|on|at|with) /).map((x) => x.trim()).filter(Boolean)) out.push({ kind: 'expect-text', text: cellValue(i, f.replace(/^(?:user|the user|the date) /, '')), visible: true, scope: { name: '', row: true, position } });
    return out;
  }
  // "The post is by Lena Fischer, published March 22, 2024": who and when, each as shown.
  if ((m = /^(?:the |this )?[\w-]+ (?:is|was) ((?:written |posted |published )?by [a-z][^,]*(?:,? (?:and )?(?:published|posted|dated|updated|on|in) .+)?)$/.exec(s)) && /[A-Z]/.test(asWritten(i.l, m[1]!))) {
    const r = listCheck(i, m[1]!, true);
    if (r) return r;
  }
  // "Notebook is the first row and Office chair the last one".
  if ((m = /^(.+?) is (?:the |at the )?(first|last|top|bottom)(?: row| one| entry| item| line| result)?(?: (?:of|in) the (?:list|table|result|results))?(?:,? (?:and|while) (.+?) (?:is )?(?:the |at the )?(first|last|top|bottom)(?: row| one| entry| item| line| result)?)?$/.exec(s)) && rowName(i, m[1]!) && (!m[3] || rowName(i, m[3]!))) {
    const at = (w: string): 'first' | 'last' => (/^(?:first|top)$/.test(w) ? 'first' : 'last');
    const out: Intent[] = [{ kind: 'expect-text', text: rowName(i, m[1]!)!, visible: true, scope: { name: '', row: true, position: at(m[2]!) } }];
    if (m[3]) out.push({ kind: 'expect-text', text: rowName(i, m[3])!, visible: true, scope: { name: '', row: true, position: at(m[4]!) } });
    return out;
  }
  // "Office chair is at the top, followed by Whiteboard and then Desk lamp".
  if ((m = /^(.+?) is (?:now )?(?:at the top|on top|first|the first row|the top row)(?: of the (?:list|table|results?))?,? followed by (.+)$/.exec(s)) && rowName(i, m[1]!)) {
    const rest = m[2]!.split(/\s*,\s*(?:and\s+)?(?:then\s+)?|\s+and then\s+|\s+then\s+|\s+and\s+/).map((x) => rowName(i, x));
    if (rest.every(Boolean)) {
      const first = rowName(i, m[1]!)!;
      return [{ kind: 'expect-text', text: first, visible: true, scope: { name: '', row: true, position: 'first' } }, { kind: 'expect-order', texts: [first, ...(rest as string[])] }];
    }
  }
  return undefined;
}

/** Who a look is said of: a quoted name, or the thing just acted on ("it", "the message", "its subject"). */
function lookSubject(i: CheckInput, subject: string): Target | undefined {
  const s = subject.replace(/\s+(?:now|also|still|then|again)$/, '').trim();
  if (/^(?:the |this )?(?:page|app|screen|site|website|header|footer|form|dialog|window|list|table|toolbar|sidebar|panel|menu|view)$/.test(s)) return undefined;
  const q = /^(?:the (?:message|mail|e-?mail|row|item|entry|ticket|post|comment|file|task|line|subject|title|name) )?(q\d+)$/.exec(s);
  if (q) return { name: quoteText(i, q[1]!), kind: 'any' };
  if (/^(?:it|they|this|that|this one|that one|its (?:subject|title|name|row|line|text|preview|thumbnail|card|tile|entry|item|icon|image|photo|picture)|the [\w-]+'s (?:subject|title|name|row|line|text)|the (?:same )?(?:message|mail|e-?mail|row|item|entry|ticket|post|comment|file|task|line|subject|title|name|one|contact|note))$/.test(s)) return { name: i.named ?? '', kind: 'any', ref: 'previous' };
  if (/^[A-Z]/.test(asWritten(i.l, s)) && s.split(' ').length <= 5) return { name: asWritten(i.l, s), kind: 'any' };
  // "old-mill.png", "the harbour-dawn.jpg preview": a name written as one, with the kind of thing it is.
  const literal = /^(?:the )?([\w][\w@-]*[._@][\w.@-]*\w)(?: (?:preview|row|card|item|entry|file|tile|thumbnail|line|upload|photo|image|picture))?$/.exec(s);
  if (literal) return { name: asWritten(i.l, literal[1]!), kind: 'any' };
  return undefined;
}

/** "It is marked with a red flag and a paper clip", "the message's subject turns bold": how something looks. */
function looks(i: CheckInput, s: string): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const tail = /(?:,? (?:just )?like q\d+|,? as (?:before|expected)|\s+(?:in|on) (?:the )?(?:list|table|row|inbox|message list|column|sidebar|overview))*$/;
  const body = s.replace(tail, '');
  // "is now in italics", "is shown with a line through it", "is struck through", "turns bold".
  const STYLE = 'bold|bolded|boldface|italics?|italici[sz]ed|slanted|struck[- ]through|struck out|crossed out|strike-?through|with a (?:line|strike|strike-?through) through (?:it|them)|with a strike-?through|underlined';
  const styleOf = (w: string): TextStyle => (/^bold/.test(w) ? 'bold' : /^(?:italic|slanted)/.test(w) ? 'italic' : /^underlined/.test(w) ? 'underline' : 'strike');
  if ((m = new RegExp(`^(.+?) (?:(?:is|are) (?:now |also |still |again )?(?:shown |displayed |written |set |rendered |printed )?(?:in )?|(?:turns|turn|becomes|become|goes|go|gets|get|appears?|shows? up)(?: now| again)? (?:in )?)(${STYLE})(?: again| now)?$`).exec(body))) {
    const t = lookSubject(i, m[1]!);
    if (t) return [{ kind: 'expect-look', target: t, style: styleOf(m[2]!) }];
  }
  if ((m = new RegExp(`^(.+?) (?:(?:is|are) (?:no longer|not|not shown in|no longer shown in|no longer in|not in|not shown|no longer shown) (${STYLE})|(?:turns|turn|becomes|become|goes|go|is|are) (?:back to )?(normal|regular|plain|upright)(?: weight| text| font| type)?(?: again)?)$`).exec(body))) {
    const t = lookSubject(i, m[1]!);
    // ("upright": not in italics; "back to normal": not bold.)
    if (t) return [{ kind: 'expect-look', target: t, style: m[2] ? styleOf(m[2]) : m[3] === 'upright' ? 'italic' : 'bold', negated: true }];
  }
  // ""village green" is now shown as a link", "Docs is a button": the text is that kind of control now.
  if ((m = /^(q\d+|[\w.-]+(?: [\w.-]+){0,3}) (?:is|are) (?:now |still |also )?(?:shown |displayed |turned into |made into |rendered )?(?:as )?(?:a |an )?(link|hyperlink|button)$/.exec(body))) {
    const name = /^q\d+$/.test(m[1]!) ? quoteText(i, m[1]!) : asWritten(i.l, m[1]!);
    return [{ kind: 'expect-state', target: { name, kind: 'any', role: m[2] === 'button' ? 'button' : 'link' }, state: 'visible' }];
  }
  // Icons: "is marked with a flag and a paper clip", "now has a red flag", "no longer has a star".
  if ((m = /^(.+?) (?:(?:is|are) (?:now |also |still )?(?:marked|flagged|tagged|shown|displayed|decorated|labell?ed) (?:with|by)|(?:now |also |still )?(?:has|have|shows|show|carries|carry|gets|get|displays|display|bears|bear|gained|got)|(no longer has|no longer shows|does not have|doesn't have|has no|loses|lost|no longer carries)) (.+)$/.exec(body))) {
    const negated = Boolean(m[2]) || /^no\s/.test(m[3]!);
    const icons = items(m[3]!.replace(/^no\s+/, '')).map((x) => iconWords(x));
    const t = lookSubject(i, m[1]!);
    if (t && icons.length && icons.every(Boolean)) return icons.map((icon) => ({ kind: 'expect-look' as const, target: t, icon: icon!.name, ...(negated ? { negated: true } : {}) }));
  }
  return undefined;
}

function readWhole(i: CheckInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  let s = normalise(i.s.replace(PREFIX, ''));
  // "misty-pier.jpg is no longer in Your entries": that section (named as a name is) does not show it.
  s = s.replace(/^\s*(q\d+|[\w][\w.@-]*(?: [\w.@-]+){0,3}?) (?:is|are) (?:no longer|not|not yet) (?:listed |shown |present )?(?:in|under|among) (?:the )?((?:q\d+|[\w-]+(?: [\w-]+){0,2}?))(?: (section|list|panel|table|box|area))?\s*$/, (m, what: string, where: string, noun: string | undefined) => (/^(?:it|this|that|they|there|the)$/.test(what) || !/^[A-Z]/.test(asWritten(i.l, where)) ? m : ` the ${where} ${noun ?? 'section'} does not show ${what} `));
  s = s.replace(/^(?:that|the fact that)\s+/, '');
  // "Nothing happens": nothing to look for (the steps after it say what stays).
  if (/^nothing (?:else )?(?:happens|changes|is changed)$/.test(s)) return [];
  // "Under "Quick links" there are…", "In the header, …": where to look, said first.
  s = s.replace(/^(?:under|in|on|inside|within|below|above|at|next to|beside|near|on top of)\s+(?:the\s+)?(?:q\d+|[\w' -]+?)\s*,?\s+(?=(?:there|it|the|a|an|q\d+|you|we|only|no|every|each|all)\b)/, '');
  if (!s) return undefined;
  // "You end up on the Graph page", "we're back on the home page with the heading "X"".
  const landed = /^(?:(?:you|we|i|the user|user|they)\s+(?:are|is|am|end up|ends up|land|lands|get|gets|arrive|arrives|come|comes|go|goes|should be|will be)?\s*)?(?=(?:back\s+|now\s+|taken\s+|redirected\s+|sent\s+|brought\s+|returned\s+|on\s+|at\s+))(?:back\s+|now\s+|taken\s+|redirected\s+|sent\s+|brought\s+|returned\s+|navigated\s+|kicked\s+|bounced\s+)*(?:on|at|to|in|onto)\s+(?:the\s+)?(.+?)\s+(?:page|screen|view|tab|dashboard)(?:\s*(?:,|:)?\s*(?:with|showing|where)\s+(.+))?$/.exec(s);
  if (landed && !/\bu\d+\b/.test(landed[1]!)) {
    // "the color-shades package page": the name, then the kind of thing it is.
    const name = landed[1]!.replace(/^(?:the|a|an)\s+/, '').replace(/^(\S*[-.@/_\d]\S*)\s+(?:package|project|product|item|user|repository|repo|article|entry|file|document|detail|details)$/, '$1');
    const out: Intent[] = [];
    const q = /^q(\d+)$/.exec(name);
    // "You're back on the login page": its password field shows.
    if (/^(?:log-?in|sign-?in|sign in|log on|authentication)$/.test(name)) out.push({ kind: 'expect-state', target: { name: 'password', kind: 'field', relaxed: true }, state: 'visible' });
    else if (q) out.push({ kind: 'expect-text', text: i.l.quotes[Number(q[1])]!, visible: true });
    else if (!/^(?:home|start|main|front|same|previous|first|landing|login|sign-in|right|correct)$/.test(name)) out.push(...plain(i, name, true));
    if (landed[2]) out.push(...(listCheck(i, landed[2], true) ?? []));
    if (out.length) return out;
    if (/^(?:home|start|main|front|landing)$/.test(name)) return undefined;
  }
  // "The package names in the list did not change": nothing new to look for.
  // A thing named as a name ("Working hours is unchanged") is still there.
  if ((m = /^((?:the |its |their )?[\w -]+?) (?:did not|does not|has not|have not|didn't|doesn't) change$|^((?:the |its )?[\w -]+?) (?:is|are|stays?|remains?) (?:unchanged|the same|as before)$/.exec(s)) && !/\bq\d+\b/.test(s)) {
    const subject = (m[1] ?? m[2])!;
    return /^[A-Z]/.test(asWritten(i.l, subject)) ? item(i, subject, true) ?? [] : [];
  }
  // "the other two are hidden": said of what the clause before did not name; nothing to look for by name.
  if (/^(?:the |all the )?(?:other|remaining|rest)(?: \w+)? (?:ones? |items? |\w+s )?(?:is|are) (?:hidden|gone|not shown|not listed|filtered out|there|listed|shown|left|unchanged)$/.test(s)) return [];
  const look = looks(i, s);
  if (look) return look;
  // "The Inbox shows 2 as its unread count", "Junk shows 1": a named row and the number it shows.
  if ((m = /^(?:the )?(q\d+|[\w'-]+(?: [\w'-]+){0,2}) (?:shows|has|displays|reads|says|lists|gives) (q\d+|[\w.,:/-]+) as (?:its|their|the) [\w -]+$/.exec(s) ?? /^(?:the )?(q\d+|[\w'-]+(?: [\w'-]+){0,2}) (?:shows|displays|reads|says) (\d[\d.,]*)$/.exec(s)) && !/^(?:page|app|screen|list|table|counter|badge|total|it|this|that)$/.test(m[1]!) && (/^q\d+$/.test(m[1]!) || /^[A-Z]/.test(asWritten(i.l, m[1]!)))) {
    return [{ kind: 'expect-text', text: cellValue(i, m[2]!), visible: true, scope: { name: /^q\d+$/.test(m[1]!) ? quoteText(i, m[1]!) : asWritten(i.l, m[1]!), row: true } }];
  }
  // "The message is gone from the Inbox", "It disappears from the list": the thing last named is not shown.
  if ((m = /^(it|they|this one|that one|the (?:same )?(?:message|mail|e-?mail|row|item|entry|ticket|post|comment|file|task|line|contact|note|record|tag|category|page|card)) (?:is gone|has gone|disappears|has disappeared|vanishes|is removed|has been removed|is deleted|has been deleted|is no longer (?:listed|shown|there|visible)|(?:is|are) not (?:listed|shown) (?:any more|anymore))(?: from (?:the )?[\w' -]+)?$/.exec(s)) && i.named) {
    return [{ kind: 'expect-text', text: i.named, visible: false }];
  }
  // "the username and password boxes are still on screen": those fields are shown.
  if ((m = /^(?:the )?([a-z-]+(?: [a-z-]+)?(?:,? (?:and )?(?:the )?[a-z-]+(?: [a-z-]+)?)+) (?:boxes|fields|inputs|text boxes) (?:is|are|stay|stays|remain|remains|is shown|are shown|are visible|are displayed|are there)(?: (?:shown|visible|there|displayed))?$/.exec(s)) && /,| and /.test(m[1]!) && !/\bwith\b/.test(m[1]!)) {
    return m[1]!.trim().split(/,? and (?:the )?|, /).map((f) => ({ kind: 'expect-state' as const, target: { name: asWritten(i.l, f.trim()), kind: 'field' as const, relaxed: true }, state: 'visible' as const }));
  }
  // "the login form stays on screen": its password field is still shown.
  if ((m = /^(?:the )?(?:log-?in|sign-?in|sign in|log on|authentication) (?:form|page|screen|box|dialog|fields?|prompt) (?:is|are|stays?|remains?|is shown|is displayed|is visible|is there|is open|stays open|stays visible)(?: (?:shown|visible|there|open|displayed|up))?$/.exec(s))) {
    return [{ kind: 'expect-state', target: { name: 'password', kind: 'field', relaxed: true }, state: 'visible' }];
  }
  const cells = tableFacts(i, s);
  if (cells) return cells;
  // "The counter next to the filters says 4 Transfers": what a counter shows is its text, not a count of items.
  if ((m = /^(?:the )?(?:[\w-]+ )?(?:counter|badge|total|tally)\b.*?\s(?:says|shows|reads|displays) (\d[\w.,]*(?: [a-z]+){0,2})$/.exec(s)) || (m = /^(?:its |the )?status (?:line|bar|text) (?:says|shows|reads|displays) (?!q\d)(.+)$/.exec(s))) {
    return [{ kind: 'expect-text', text: asWritten(i.l, withoutItIs(m[1]!)), visible: true }];
  }
  // "The timeline reports 6 check-ins": a count the page states.
  // (A word as plain as "items" is a count the page states too when the step says the page says it: "the table says 4 items".)
  if ((m = new RegExp(`^(?:the |its )?(?:[\\w-]+ ){0,3}?(?:reports|says|reads|states|mentions|announces|indicates|tells you|tells) (?:that there are |there are )?(?:exactly |only )?(${NUM}) ([a-z][\\w-]*(?: [a-z][\\w-]*)?)$`).exec(s)) && toNumber(m[1]!) !== undefined && (!GENERIC.test(m[2]!) || /\b(?:says|reads|states) \S+ items?$/.test(s)) && (/[^s]s$/.test(m[2]!) || ITEM_NOUNS.test(m[2]!)) && !/[A-Z]/.test(asWritten(i.l, m[2]!))) {
    return [{ kind: 'expect-count', count: toNumber(m[1]!)!, noun: m[2]!, said: true }];
  }
  // "its tooltip says click to disable the speed limits": an element on screen whose tooltip says so.
  if ((m = /^(?:its|the|their|this|that) (?:[\w-]+ )?(?:tooltip|hover text|hint|title attribute) (?:says|reads|is|shows|becomes|changes to) (.+)$/.exec(s))) {
    const said = /^q\d+$/.test(m[1]!) ? quoteText(i, m[1]!) : asWritten(i.l, m[1]!);
    return [{ kind: 'expect-state', target: { name: said, kind: 'any', described: true }, state: 'visible' }];
  }
  // "The search box placeholder now reads "Pakete durchsuchen"": a field showing that placeholder.
  if ((m = /^(?:the )?(.*?)\s*placeholder (?:text )?(?:reads|says|is|shows|becomes|changes to) (q\d+)$/.exec(s))) {
    return [{ kind: 'expect-state', target: { name: quoteText(i, m[2]!), kind: 'field', by: 'placeholder' }, state: 'visible' }];
  }
  // "the LOGIN button is replaced by an account icon": the one is gone, the other shows.
  if ((m = /^(.+?) (?:is|are|gets|get|has been|have been) replaced (?:by|with) (.+)$/.exec(s))) {
    const gone = item(i, m[1]!, false);
    const shown = item(i, m[2]!, true);
    if (gone && shown) return [...gone, ...shown];
  }
  // "The list now shows project-backup-2024.tar instead of project-backup.tar": one shows, the other is gone.
  if ((m = /^(?:(?:the|a|an|its) [\w -]+? )?(?:shows|lists|reads|says|displays|contains) (q\d+|[^\s,]+(?: [^\s,]+){0,3}?) (?:instead of|rather than|in place of|and no longer) (q\d+|[^\s,]+(?: [^\s,]+){0,3})$/.exec(s))) {
    return [{ kind: 'expect-text', text: cellValue(i, m[1]!), visible: true }, { kind: 'expect-text', text: cellValue(i, m[2]!), visible: false }];
  }
  // "The edit form shows Desk lamp as the name and 24.5 as the price": the values its fields hold.
  if ((m = /^(?:the )?(?:[\w-]+ )?(?:form|dialog|editor|page|screen|fields?)\s+(?:shows|has|holds|contains|displays|lists)\s+(.+)$/.exec(s))) {
    const pieces = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => /^(q\d+|[^,]+?)\s+as\s+(?:the|its)\s+([a-z][\w -]*)$/.exec(p.trim()));
    if (pieces.length && pieces.every(Boolean)) return pieces.map((p) => ({ kind: 'expect-value' as const, target: { name: asWritten(i.l, p![2]!), kind: 'field' as const }, value: cellValue(i, p![1]!) }));
  }
  // "5 products including Whiteboard": a count, and names among them.
  if ((m = new RegExp(`^(?:the )?(?:[\\w-]+ )?(?:table|list|page|grid|results?)\\s+(?:lists|shows|has|contains|displays)\\s+(?:exactly |only )?(${NUM})\\s+([a-z][\\w-]*)\\s*,?\\s+(?:including|among them|such as|with)\\s+(.+)$`).exec(s)) && toNumber(m[1]!) !== undefined) {
    const names = items(m[3]!).map((x) => cellValue(i, x));
    return [{ kind: 'expect-count', count: toNumber(m[1]!)!, noun: m[2]! }, ...names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))];
  }
  // Whole-page facts.
  if (/^(?:the )?(?:page|app|it|site)?\s*(?:loads?|is shown|opens?|renders?|is displayed)?\s*(?:without|with no) (?:any )?(?:js |javascript |console |visible )?errors?$|^no (?:js |javascript |console |visible )?errors? (?:is |are )?(?:shown|displayed|visible|appear|occur|logged)|^there (?:are|is) no (?:js |javascript |console )?errors?$/.test(s) || /^(?:the )?(?:page|app|site|screen)\s+(?:shows|displays|has|contains|loads with|renders with)\s+no (?:js |javascript |console |page |visible )?errors?$|\berror[- ]free\b|^(?:the )?(?:page|app) (?:does not|doesn't) show (?:an? |any )?errors?$/.test(s)) return [{ kind: 'expect-no-error' }];
  if ((m = /^(?:the )?(?:page |current |browser |tab )?(?:url|address|address bar|location|path|route|link)\b\s*(?:in the address bar\s*)?(?:now\s+)?(?:contains|includes|has|ends with|ends in|is|equals|matches|changes to|becomes|points to|points at|shows|reads|is now|starts with|begins with|carries)\s+(.+)$/.exec(s))) {
    return [{ kind: 'expect-url', contains: urlValue(i, m[1]!) }];
  }
  if ((m = /^(?:i am|i'm|we are|we're|you are|you're|the user is|user is|it is|the browser is|we end up|you end up|i end up)?\s*(?:redirected|taken|sent|navigated|brought|back|returned)?\s*(?:to|on|at)\s+(u\d+)(?: page)?$/.exec(s))) {
    return [{ kind: 'expect-url', contains: urlValue(i, m[1]!) }];
  }
  if ((m = /^(?:the )?(?:(?:page|tab|browser|document|window|html) )*title(?: of the (?:page|tab|window))?\s+(?:is|contains|reads|says|equals|shows|includes|becomes|changes to|starts with|has|is plain|is just)\s+(.+)$/.exec(s)) && !/\b(?:field|input|box)\b/.test(s.slice(0, 30)) && !/^(?:shown|displayed|visible|rendered|hidden|not|no longer|empty|bold|highlighted|in |on |at )/.test(m[1]!)) {
    return [{ kind: 'expect-title', contains: valueText(i, m[1]!) }];
  }
  // "there is no X", "there are exactly 3 X", "there is a X".
  if ((m = /^there (?:is|are|will be|should be) (.+)$/.exec(s))) {
    const obj = m[1]!.replace(/\s+(?:in|on|inside|within|under|below|at) (?:the )?[\w' ]+$/, (x) => (/q\d/.test(x) ? x : ''));
    if (/^(?:no|not any|none of)\b/.test(obj)) return item(i, obj.replace(/^not any/, 'no'), true);
    return listCheck(i, obj, true);
  }
  // "nothing is selected yet", "no file is highlighted", "none of the boxes is ticked": no item in that state.
  if ((m = /^(?:nothing|no (?!q\d)([\w-]+(?: [\w-]+)?)|none(?: of the ([\w -]+?))?) (?:is|are|has been|have been|was|were|gets|get) (?:yet )?(selected|highlighted|chosen|checked|ticked|marked)(?: yet| at all)?$/.exec(s))) {
    const noun = m[1] ?? m[2];
    const plain = !noun || /^(?:(?:todo|to-do|item|task|entrie|entry|row|box|checkboxe|checkbox|check boxe|check box|option|file|folder|node|document|message|line|thing|one|record|card|result|user|cell)s?|[a-z]+ items?)$/.test(noun);
    const state = /^(?:checked|ticked|marked)$/.test(m[3]!) ? 'unchecked' as const : 'unselected' as const;
    return [{ kind: 'expect-all', state, ...(plain ? {} : { group: asWritten(i.l, noun!) }) }];
  }
  // "no X is shown", "none of "a", "b" is shown"
  if ((m = new RegExp(`^(?:no|none of the|none of|neither)\\s+(.+?)\\s+(?:is|are|was|were|appears?|remains?|shows? up)\\s*(?:shown|visible|listed|displayed|present|left|remaining|there|selected|checked|in [\\w ]+)?$`).exec(s))) {
    const names = quotesIn(i.l, m[1]!);
    if (names.length) return names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
    return item(i, `no ${m[1]}`, true);
  }
  // "each row has a delete button", "every card shows a date", "all todos are checked".
  if ((m = /^(?:each|every|all(?: of)?(?: the)?)\s+([\w -]+?)\s+(?:has|have|shows?|contains?|includes?|displays?|carries|carry|gets?|offers?)\s+(?:its own\s+|their own\s+|a\s+|an\s+)?(.+)$/.exec(s))) {
    const np = nounPhrase(i.l, m[2]!, 'any');
    return [{ kind: 'expect-each', has: { ...np.target, relaxed: true } }];
  }
  // Order: ""a" comes before "b"", ""a" is above "b"".
  if ((m = /^(q\d+)\s+(?:comes?|is|appears?|is listed|is shown)\s+(?:before|above|ahead of|earlier than|higher than)\s+(q\d+)$/.exec(s))) return [{ kind: 'expect-order', texts: quotesIn(i.l, `${m[1]} ${m[2]}`) }];
  if ((m = /^(q\d+)\s+(?:comes?|is|appears?|is listed|is shown)\s+(?:after|below|under|later than|lower than)\s+(q\d+)$/.exec(s))) return [{ kind: 'expect-order', texts: quotesIn(i.l, `${m[2]} ${m[1]}`) }];
  // "The two failed jobs are still counted on the Failed tab": the number that tab shows.
  if ((m = new RegExp(`^(?:the |its |their )?(${NUM}) [a-z][\\w -]*? (?:are|is) (?:still |now |also |all )?counted (?:on|under|in|by) (?:the |its |their )?([\\w-]+(?: [\\w-]+)??)(?: tab| badge| counter| column| count)?$`).exec(s)) && toNumber(m[1]!) !== undefined && !/\bq\d+\b/.test(m[2]!)) {
    // (The name as written where it stands, after the words counted: "failed" there, "Failed" here.)
    const at = i.l.original.toLowerCase().lastIndexOf(m[2]!);
    const name = at >= 0 ? i.l.original.slice(at, at + m[2]!.length) : asWritten(i.l, m[2]!);
    return [{ kind: 'expect-text', text: String(toNumber(m[1]!)), visible: true, scope: { name, row: true } }];
  }
  // "The URL shown for Weekend rides ends in /marta/weekend-rides/": what that entry's row shows.
  if ((m = /^the ([a-z][\w-]*(?: [a-z][\w-]*)?) (?:shown |given |listed |displayed )?(?:for|of) (q\d+|[\w.@-]+(?: [\w.@-]+){0,3}?) (?:ends|starts|begins) (?:in|with) (q\d+|u\d+|\S+)$/.exec(s))) {
    return [{ kind: 'expect-text', text: /^u\d+$/.test(m[3]!) ? i.l.urls[Number(m[3]!.slice(1))]! : cellValue(i, m[3]!), visible: true, scope: { name: cellValue(i, m[2]!), row: true } }];
  }
  // "The form stays on the About you page": that page's name is still shown; "the page does not change": nothing to look for.
  if ((m = /^(?:the form|the page|it|you|we|the app|the wizard|the survey) (?:stays|remains|is still|stay|remain|are still) on (?:the )?(q\d+|[\w' -]+?) (?:page|step|screen|tab)$/.exec(s))) {
    return [{ kind: 'expect-text', text: cellValue(i, m[1]!), visible: true }];
  }
  if (/^(?:the )?(?:page|form|screen|view) (?:does not|did not|do not) (?:change|move|advance|go on)(?: at all)?$/.test(s)) return [];
  // "Waiting has no count", "the Failed tab shows no number": a tab that counts nothing.
  if ((m = /^(?:the )?(q\d+|[\w-]+(?: [\w-]+)??)(?: tab)? (?:has|shows|carries) no (?:count|number|badge|counter|total)(?: any more| anymore)?$/.exec(s)) && !/^(?:it|this|that|there)$/.test(m[1]!)) {
    return [{ kind: 'expect-state', target: { name: cellValue(i, m[1]!), kind: 'any', role: 'tab', relaxed: true }, state: 'empty' }];
  }
  // "podcast-episodes is no longer paused", "debian-12-netinst.iso is downloading": the status its row shows (or no longer shows).
  if ((m = /^(q\d+|[\w.@-]*[\d._@-][\w.@-]*|[\w-]+-[\w-]+) (?:is|are) (no longer |not |not yet |still |now )?([a-z]+(?:ed|ing))$/.exec(s)) && !stateOf(m[3]!) && !/^(?:shown|listed|displayed|hidden|gone|removed|deleted|added|created|saved|loaded|opened|closed|selected|checked|expanded|collapsed|disabled|enabled|highlighted|missing|showing|loading)$/.test(m[3]!)) {
    return [{ kind: 'expect-text', text: asWritten(i.l, m[3]!), visible: !/^(?:no longer|not)/.test(m[2] ?? ''), scope: { name: cellValue(i, m[1]!), row: true } }];
  }
  // "Only wedding-invitation is still failed": that one is shown, and it is the one left.
  if ((m = /^(?:only|just) (q\d+|[\w.@-]+(?: [\w.@-]+)?) (?:is|remains) (?:still |now )?([a-z]+)$/.exec(s)) && !stateOf(m[2]!)) {
    const name = cellValue(i, m[1]!);
    return [{ kind: 'expect-text', text: name, visible: true }, { kind: 'expect-count', count: 1, among: [name] }];
  }
  // "send-email is the only queue left in the sidebar", "Bramley is the only item": shown, and alone in its list.
  if ((m = /^(q\d+|[\w.@-]+(?: [\w.@-]+){0,3}?) (?:is|remains) (?:now |still )?the (?:only|single|one|sole) ([a-z][\w-]*(?: [a-z][\w-]*)?)(?: (?:left|remaining|shown|listed|there|visible))?(?: (?:in|on|under) the [\w -]+)?$/.exec(s)) && !/^(?:it|this|that|there|he|she)$/.test(m[1]!)) {
    const name = cellValue(i, m[1]!);
    return [{ kind: 'expect-text', text: name, visible: true }, { kind: 'expect-count', count: 1, among: [name], noun: m[2]!.replace(/s$/, '') }];
  }
  // "The only delayed job is pickup-reminder, which will run tomorrow": the same, said the other way round.
  if ((m = /^the (?:only|single|sole|one) ([a-z][\w-]*(?: [a-z][\w-]*)?)(?: (?:left|remaining|shown|listed))? (?:is|remains) (?:now |still )?(q\d+|(?![\w.@-]+ (?:in|on|at|of|for|with|from|under)\b)[\w.@-]+(?: (?!(?:in|on|at|of|for|with|from|under)\b)[\w.@-]+){0,3}?)(?:,?\s+(?:which|who|that|whose)\s.+)?$/.exec(s))) {
    const name = cellValue(i, m[2]!);
    return [{ kind: 'expect-text', text: name, visible: true }, { kind: 'expect-count', count: 1, among: [name], noun: m[1]!.split(' ').pop()!.replace(/s$/, '') }];
  }
  // "send-email is now marked [ Paused ], like nightly-backup", "Invoice 7 is flagged as Overdue": the mark is shown on its row or item.
  if ((m = /^(?:in the [\w -]+?,?\s+)?(?:only |just )?(q\d+|[\w.@-]+(?: [\w.@-]+){0,3}?) (?:is|are) (?:now |still |also )?(?:marked|flagged|labell?ed|tagged|badged) (?:as )?(?:an? |the )?\[?\s*(q\d+|[\w-]+(?: [\w-]+)?)\s*\]?(?: (?:in|on) the [\w -]+)?(?:,?\s+(?:just |too, )?like (q\d+|[\w.@-]+(?: [\w.@-]+)?))?$/.exec(s)) && !/^(?:done|complete|completed|read|unread|checked|unchecked|selected|disabled|enabled|active|inactive|required|invalid|valid|favou?rite|starred|bold|red|green|grey|gray)$/.test(m[2]!) && !/^(?:it|this|that|they|the)$/.test(m[1]!)) {
    const mark = cellValue(i, m[2]!);
    // ("The Photos folder": the row shows "Photos".)
    const rows = [m[1]!, ...(m[3] ? [m[3]] : [])].map((r) => (/^q\d+$/.test(r) ? cellValue(i, r) : rowName(i, r.replace(/(?<=\S) (?:folder|file|job|queue|task|project|page|node|tab|card|device|user|account)$/, '')) ?? cellValue(i, r)));
    return rows.map((name) => ({ kind: 'expect-text' as const, text: mark, visible: true, scope: { name, row: true } }));
  }
  // "The Waiting tab counts 4, with pickup-reminder among them", "the Failed count is now 1": a tab's or badge's number.
  if ((m = new RegExp(`^(?:the |its |their )?([\\w-]+(?: [\\w-]+)??) (?:(?:tab|badge|counter|count|pill) (?:now |still )?(?:counts|shows|says|reads|displays|is now|is|has)|(?:now |still )?counts) (?:a count of |the number )?(${NUM})(?: [a-z]+)?(?:,?\\s+(.+))?$`).exec(s)) && toNumber(m[2]!) !== undefined && !/^(?:it|this|that|the)$/.test(m[1]!)) {
    const out: Intent[] = [{ kind: 'expect-text', text: String(toNumber(m[2]!)), visible: true, scope: { name: asWritten(i.l, m[1]!), row: true } }];
    const names = m[3] ? m[3].replace(/^(?:with|including|namely|:)\s+/, '').replace(/\s+(?:among them|in it|in there|included)$/, '') : '';
    if (names) for (const n of names.split(/,?\s+and\s+|,\s+/).map((x) => x.trim()).filter(Boolean)) out.push({ kind: 'expect-text', text: cellValue(i, n), visible: true });
    return out;
  }
  // "The Morning round is a bullet list of three items ending with …", "It is a list with 3 items: A at index 0, B at index 1 and C at index 2".
  if ((m = new RegExp(`^(?:the )?(.+?) (?:is|are|shows|has|holds|contains) an? (?:(?:bullet(?:ed)?|numbered|ordered|unordered|short|plain|simple) )?list (?:of|with) (${NUM}) (?:items|entries|points|steps|lines|elements|values|members|things)(?:(?::|,)?\\s+(.+))?$`).exec(s)) && toNumber(m[2]!) !== undefined) {
    const subject = m[1]!;
    const scope: Scope | undefined = /^(?:it|this|that|they|the list|the value)$/.test(subject) ? undefined : scopeOf(i, subject) ?? { name: asWritten(i.l, subject) };
    const out: Intent[] = [{ kind: 'expect-count', count: toNumber(m[2]!)! }];
    const rest = m[3]?.trim();
    const ends = rest ? /^(?:ending|finishing|closing) with (.+)$/.exec(rest) : null;
    const starts = rest ? /^(?:starting|beginning|opening) with (.+)$/.exec(rest) : null;
    // (One word of how it ends is checked: several would be taken for the names of the items counted.)
    if (ends || starts) out.push(...words(i, (ends ?? starts)![1]!, true).slice(0, 1));
    else if (rest) {
      const names = rest.split(/,?\s+and\s+|,\s+/).map((x) => x.replace(/\s+(?:at|in) (?:index|position|place|row) \d+$/, '').trim()).filter(Boolean);
      if (names.length >= 2 && names.every((n) => n.split(' ').length <= 4)) {
        const texts = names.map((n) => cellValue(i, n));
        out.push(...texts.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true })), { kind: 'expect-order', texts });
      } else out.push(...words(i, rest, true));
    }
    return scoped(out, scope);
  }
  // "Cinnamon roll (210) comes right after Sourdough loaf (280)": names as written, in that order (a count after a name is not part of it).
  if ((m = /^((?:[\w.'&-]+ ){0,3}[\w.'&-]+)(?: \(\d+\))? (?:comes?|is listed|is shown|appears?|follows|is) (?:right |directly |just |immediately )?(after|below|under|before|above|ahead of)\s+((?:[\w.'&-]+ ){0,3}[\w.'&-]+)(?: \(\d+\))?$/.exec(s)) && ![m[1]!, m[3]!].some((x) => /^(?:it|this|that|they|the|a|an|its|their|my|your)\b/.test(x) || GENERIC.test(x)) && !/\bq\d+\b/.test(`${m[1]} ${m[3]}`)) {
    const [a, b] = [asWritten(i.l, m[1]!), asWritten(i.l, m[3]!)];
    return [{ kind: 'expect-order', texts: /after|below|under/.test(m[2]!) ? [b, a] : [a, b] }];
  }
  // "only "a" is listed", "only "b" remains"
  if ((m = /^only\s+(q\d+(?:(?:,|,? and) q\d+)*)\s+(?:is|are|remains?|is left|are left|is shown|are shown|is listed|are listed|is visible|are visible|shows?|appears?)(?:\s+(?:shown|listed|visible|displayed|left|remaining|in [\w ]+))?$/.exec(s))) {
    const texts = quotesIn(i.l, m[1]!);
    return [{ kind: 'expect-count', count: texts.length }, ...texts.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))];
  }
  // "only data and Sales report.ipynb remain": unquoted names, all that is left.
  if ((m = /^only\s+(.+?)\s+(?:remain|remains|are left|is left|are listed|is listed|are shown|is shown|are there|is there)(?:\s+(?:in|on) (?:the )?(?:[\w-]+ )?(?:list|table|page|view|grid|results?))?$/.exec(s)) && /\band\b|,/.test(m[1]!) && !/\bq\d+\b/.test(m[1]!)) {
    const names = items(m[1]!).map((x) => asWritten(i.l, x));
    if (names.every((n) => n.split(' ').length <= 4)) return [{ kind: 'expect-count', count: names.length }, ...names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))];
  }
  // "Just podcast-episodes is shown": one name, all the list holds.
  if ((m = /^(?:only|just)\s+([^\s,]+)\s+(?:is shown|is listed|is left|remains|is visible|is there)(?:\s+(?:in|on) (?:the )?(?:[\w-]+ )?(?:list|table|page|view|results?))?$/.exec(s)) && /[-._\d]/.test(m[1]!) && !/\bq\d+\b/.test(m[1]!)) {
    return [{ kind: 'expect-count', count: 1 }, { kind: 'expect-text', text: asWritten(i.l, m[1]!), visible: true }];
  }
  // "only Documents and Photos in the folder list": no verb; the names are all the list holds.
  if ((m = /^(?:only|just)\s+(.+?)\s+(?:in|on|under|within)\s+(?:the\s+)?([\w' -]+?)$/.exec(s)) && /\band\b|,|\bq\d+\b/.test(m[1]!)) {
    const names = items(m[1]!).map((x) => (/^q\d+$/.test(x) ? quoteText(i, x) : asWritten(i.l, x)));
    const scope = scopeOf(i, m[2]!);
    return scoped([{ kind: 'expect-count', count: names.length }, ...names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }))], scope);
  }
  // "(exactly) 2 todos are shown(: "a" and "b")"
  if ((m = new RegExp(`^(?:exactly |only |just |all |all the |all of the )?(${NUM})\\s+([a-z][\\w -]*?)\\s+(?:(?:is|are)\\s+(?:shown|visible|listed|displayed|left|remaining|present|there|found|returned|in the list|open|opened)|remains?|are left|is left|appears?|show up|shows up|drops? down|pops? up|comes? up|comes? back|(?:is|are) returned|open|opens|unfold|expand|(?:is|are) (?:offered|suggested|available))(?:\\s+(?:in|on|under|below|beneath|inside) (?:the )?[\\w ]+?)?(?:(?::|,)\\s*(.+))?$`).exec(s))) {
    const counted = item(i, `${m[1]} ${m[2]}`, true);
    if (counted?.some((x) => x.kind === 'expect-count')) return [...counted, ...(m[3] ? listCheck(i, m[3], true) ?? [] : [])];
  }
  // A bare list of names: ""Buy milk"", ""a" and "b"".
  if (/^q\d+(?:(?:,|,? and) q\d+)*$/.test(s)) return quotesIn(i.l, s).map((t) => ({ kind: 'expect-text' as const, text: t, visible: true }));
  // Subject + verb + complement.
  const v = findVerb(s);
  if (v) {
    const subject = v.subject;
    // "X is open and lists A, B", "the button expands and now says "Confirm"": a second predicate of the same subject.
    const more = /^(.+?)\s*,?\s+and\s+((?:now\s+)?(?:shows?|lists?|says?|reads?|displays?|contains?|includes?|offers?|has|have|is|are|becomes?|turns?)\b.*)$/.exec(v.after);
    if (more && subject && (!/\bq\d+\s*$/.test(more[1]!) || /^(?:now\s+)?(?:shows?|lists?|displays?|offers?|becomes?|turns?)\b/.test(more[2]!))) {
      const first = readCheck({ ...i, s: `${subject} ${v.verb} ${more[1]}` });
      const second = readCheck({ ...i, s: `${subject} ${more[2]}` });
      if (first && second) return [...first, ...second];
    }
    // "A new transfer called X appears and says it is retrieving metadata": it appears, and what it then says.
    const then = v.cls === 'appear' && subject ? /^,?\s*and\s+((?:now\s+)?(?:shows?|says?|reads?|displays?|contains?|includes?|is|are|has|have)\b.*)$/.exec(v.after) : null;
    if (then) {
      const first = readCheck({ ...i, s: `${subject} ${v.verb}` });
      const second = readCheck({ ...i, s: `${subject} ${then[1]}` });
      if (first && second) return [...first, ...second];
    }
    if (v.cls === 'show' || v.cls === 'show-neg') {
      const negated = v.cls === 'show-neg';
      const obj = v.after.replace(/^(?:the (?:following|text|message|word|words|value)|text|message)\s*:?\s+(?=q\d|\w)/, '');
      const own = scopeOf(i, subject);
      const subj = own?.editor ? undefined : subjectTarget(i, subject);
      const scope = own?.editor ? own : subj && (subj.kind === 'field' || CONTROL_ROLES.test(subj.role ?? '')) ? undefined : own;
      if (/^(?:has|have)$/.test(v.verb) && /^no\s/.test(obj)) return scoped(item(i, obj, true, subj), scope);
      // "The specifications table gives the range as 18 nautical miles and the character as Fl(2) W 20s": each value in its label's row.
      const pairs = negated ? undefined : labelledValues(i, obj) ?? colonPairs(i, obj);
      if (pairs) return scoped(pairs, scope);
      // "Realname says Nadia Okafor", "the Timezone box says Europe/London": a label's value, in its row
      // (a field's value counts: what a person reads in the box).
      const label = negated ? null : /^(?:the )?([a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?: (box|field|input|drop-?down|setting|text box))?$/.exec(subject.trim());
      const written = /^q\d+$/.test(obj) ? quoteText(i, obj) : asWritten(i.l, obj);
      const value = /^(?:q\d+|[^,]+)$/.test(obj) && !/\s(?:and|or|but)\s/.test(obj) && obj.split(' ').length <= 4 && !/[.!?]$/.test(written) && !/^(?:the|a|an|exactly|that|this|it|its|no|only|just|so|nothing)\b/.test(obj);
      const who = label && !/^(?:it|they|this|that|he|she|there|an?|all|every|each|both|some|any|one|the)\b/.test(label[1]!) && !/^(?:error|message|notice|warning|alert|banner|toast|page|app|site|screen|window|tab|transfers?|items?|rows?|entries|list|status|title|heading|header|footer)$/.test(label[1]!);
      if (label && who && value && (/^(?:says?|reads?|holds?|contains?)$/.test(v.verb) || label[2]) && /^[A-Z]/.test(asWritten(i.l, label[1]!)) && !nounRole(label[1]!.split(' ').pop()) && !CONTAINER.test(label[1]!)) {
        return [{ kind: 'expect-text', text: written, visible: true, orValue: true, scope: { name: asWritten(i.l, label[1]!), row: true } }];
      }
      // "its status line says it is downloading from 0 of 0 peers": what it says, without "it is".
      const saysState = /^(?:says?|reads?|tells? you|states?)$/.test(v.verb) && !negated && /^(?:that )?(?:it|they|this|the \w+) (?:is|are|was|were) (?:[a-z][\w-]*ing|now|still|not)\b/.test(obj) ? withoutItIs(obj) : undefined;
      if (saysState && saysState.split(' ').length <= 8 && !/\bq\d+\b/.test(saysState)) return scoped([{ kind: 'expect-text', text: asWritten(i.l, saysState), visible: true }], scope);
      // "The post says it is by Lena Fischer, published March 22, 2024": who and when, each as shown.
      const byline = /^(?:says?|reads?|shows?|states?)$/.test(v.verb) && !negated && /^(?:that )?(?:it|this|the \w+) (?:is|was) (?:(?:written |posted |published )?by|from) /.test(obj) ? listCheck(i, withoutItIs(obj), true) : undefined;
      if (byline) return scoped(byline, scope);
      // "A warning tells you that you are not logged in": a sentence, said in its words.
      // ("A green message says the issue was created": a sentence with a verb of its own is said in other words too.)
      if (SAYING.test(v.verb) && !/\bq\d+\b/.test(obj) && obj.split(' ').length > 3 && (/^(?:says?|reads?)$/.test(v.verb) ? SENTENCE.test(obj) && (obj.split(' ').length > 6 || (v.verb.startsWith('say') && /\b(?:was|were|has been|have been|is|are|cannot|can not|must|could not|failed)\b/.test(obj))) : true)) return scoped(words(i, obj, !negated), scope);
      // "The editing box contains the article text starting with "X"": a part of what the field holds.
      if (subj?.kind === 'field' && !negated && /^(?:contains?|includes?)$/.test(v.verb)) {
        const said = listCheck(i, obj.replace(/^(?:the |its )?(?:[a-z]+ )?(?:text|value|content|contents) (?:starting|beginning) with\s+/, ''), true);
        if (said?.every((x) => x.kind === 'expect-text')) return said.map((x) => ({ ...x, orValue: true }));
      }
      return scoped(listCheck(i, obj, !negated, scope ? undefined : subj), scope);
    }
    if (v.cls === 'be') {
      const complement = v.after;
      let c: RegExpExecArray | null;
      const named = /^(?:labell?ed|named|titled|called)\s+(q\d+)$/.exec(complement);
      const control = named && subject && !/\bq\d+\b/.test(subject) ? subjectTarget(i, subject) : undefined;
      if (named && control?.role && !['heading', 'row', 'list', 'table', 'cell'].includes(control.role)) {
        // "The moon button is labelled "Switch to dark mode"": its name, visible text or not.
        const subj = control;
        c = named;
        return [{ kind: 'expect-state', target: { name: quoteText(i, c[1]!), kind: subj?.kind ?? 'any', ...(subj?.role ? { role: subj.role } : {}), relaxed: true }, state: 'visible' }];
      }
      if ((c = /^(?:not|no longer|never) (?:called|named|titled|labell?ed|marked(?: as)?|shown as|set to)\s+(.+)$/.exec(complement))) {
        // "Documents is no longer labelled Unshared": that label is gone.
        const names = quotesIn(i.l, c[1]!);
        return (names.length ? names : [text(i, c[1]!)]).map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
      }
      if ((c = /^(?:called|named|titled|labell?ed|entitled|headed|captioned|numbered|reading|saying|shown as|displayed as|rendered as|shown literally as|displayed literally as|literally|set to|equal to|now)\s+(.+)$/.exec(complement))) {
        // "force 8 is called Gale": the name shows in the row of that value.
        const keyed = /^(?:the )?([a-z][\w-]*) (\d[\w.,:/-]*)$/.exec(subject.trim());
        if (keyed && /^called|^named/.test(complement) && !nounRole(keyed[1]) && !/^(?:row|line|item|entry|step|page|version|level|chapter|section|part|number|no|column|col|tab)$/.test(keyed[1]!)) return scoped(listCheck(i, c[1]!, true), { name: keyed[2]!, row: true });
        const subj = subjectTarget(i, subject);
        const val = c[1]!.replace(/,\s*(?:tags and all|with the tags|verbatim|as text|exactly)$/, '');
        const scope = scopeOf(i, subject);
        if (scope && CONTAINER.test(subject)) return scoped(listCheck(i, val, true), scope);
        if (subj && subj.kind === 'field' && !quotesIn(i.l, subject).length) return [{ kind: 'expect-value', target: subj, value: valueText(i, val) }];
        return scoped(listCheck(i, val, true), subj && CONTROL_ROLES.test(subj.role ?? '') ? undefined : scope);
      }
      if ((c = /^(q\d+)$/.exec(complement))) {
        const subj = subjectTarget(i, subject);
        if (subj && subj.kind === 'field') return [{ kind: 'expect-value', target: subj, value: valueText(i, c[1]!) }];
        const row = labelRow(i, subject, subj);
        return [{ kind: 'expect-text', text: valueText(i, c[1]!), visible: true, ...(row ? { orValue: true, scope: row } : {}) }];
      }
      // "Minimum Free Disk Space is 1": a label and its value, in the label's row (a field's value counts).
      // "Status is Closed", "Assignee is Alice Martin": a value written as a name is a value, not a state.
      const valueWritten = asWritten(i.l, complement);
      if ((c = /^([\w.%:/+-]+)$/.exec(complement) ?? (/^(?:[A-Z][\w.%:/+-]*(?: [A-Z0-9][\w.%:/+-]*){1,3}|\d[\w.,%:/+-]*(?: [\w.%:/+-]+){1,2})$/.test(valueWritten) ? /^(.+)$/.exec(complement) : null)) && (!stated(complement) || /^[A-Z]/.test(valueWritten)) && !/^(?:not|no|yes|none|never|too|also|there|here|gone|back|ok|okay)$/.test(complement)) {
        const row = labelRow(i, subject, subjectTarget(i, subject));
        if (row) return [{ kind: 'expect-text', text: asWritten(i.l, c[1]!), visible: true, orValue: true, scope: row }];
        // "the name next to the logo is now qa-laptop": the value is what shows; the rest says where.
        if (/\b(?:name|title|label|value|text|heading|number|count|version|status|id|date|time|total|amount|price|caption|counter|badge|unit|symbol|sign|currency)\b/.test(subject) || /^[^\w\s]+$/.test(c[1]!)) return [{ kind: 'expect-text', text: asWritten(i.l, c[1]!), visible: true, orValue: true }];
      }
      if ((c = /^(?:shown|displayed|visible|open|opened) with\s+(.+)$/.exec(complement))) {
        const subjNames = quotesIn(i.l, subject);
        const rest = listCheck(i, c[1]!, true) ?? [];
        return [...subjNames.map((t) => ({ kind: 'expect-text' as const, text: t, visible: true })), ...rest.map((x) => (x.kind === 'expect-text' ? { ...x, orValue: true } : x))];
      }
      if ((c = /^(?:listed |shown |displayed )?(?:above|before|below|after|under)\s+(q\d+)$/.exec(complement)) && /^q\d+$/.test(subject)) {
        const a = quotesIn(i.l, subject)[0]!;
        const b = quotesIn(i.l, c[1]!)[0]!;
        return [{ kind: 'expect-order', texts: /above|before/.test(complement) ? [a, b] : [b, a] }];
      }
      // "the raw message is displayed, starting with "From: …"", "listed with "(1 active)"": what it shows.
      if ((c = /^(?:shown|displayed|visible|listed|there|present|open|opened|rendered)?\s*,?\s*(?:starting with|beginning with|showing|containing|reading|saying|with)\s+(.*\bq\d+\b.*)$/.exec(complement))) {
        const r = listCheck(i, c[1]!.replace(/\s+and\s+(?:highlighted|marked|shown|coloured|colored)\b.*$/, ''), true);
        if (r) return r;
      }
      const st = stated(complement);
      if (st) {
        const r = applyState(i, subject, st);
        if (r) return r;
      }
      // Ellipsis: ""B" is not" after ""A" is shown".
      if (/^not$/.test(complement) && i.last) {
        const again = stated(`not ${i.last.predicate}`);
        if (again) return applyState(i, subject, again);
      }
      // "the language is Plain Text": a value written as a name is what shows.
      if (/^(?:[A-Z][\w.+#-]*)(?: [A-Z0-9][\w.+#-]*){0,3}$/.test(asWritten(i.l, complement)) && !quotesIn(i.l, subject).length && subject) return [{ kind: 'expect-text', text: asWritten(i.l, complement), visible: true, orValue: true }];
      // "Grafana is owned by Marco", "PagerDuty is the last row, for Alerting": the names it states must show.
      const stated2 = complement.replace(/\s+(?:with no|without|but no|and no)\s+.*$/, '');
      if (!quotesIn(i.l, `${subject} ${complement}`).length && !/\b(?:not|never|none)\b|^no\b/.test(stated2)) {
        const said = [...words(i, subject, true), ...words(i, stated2, true)];
        if (said.length) return said;
      }
    }
    const withPart = /(?:^|\s)(?:with|showing|that shows|starting with|beginning with|containing|and shows|and displays|and lists|and contains|and reads|saying|that says|which says|reading|telling you(?: that)?|warning(?: you)?(?: that)?|asking(?: you)?(?: whether| if| for| to)?)\s+(.+)$/.exec(v.after);
    if ((v.cls === 'appear' || (v.cls === 'be' && /^(?:with|showing|and )/.test(v.after))) && withPart) {
      // "An editor opens with the title "X"", "A Preview section appears below the editor showing "Y"".
      const what = withPart[1]!;
      // "a message pops up saying Espresso and its talk page have been added": a sentence, said in its words.
      if (SAYING.test(withPart[0]) && !/\bq\d+\b/.test(what) && what.split(' ').length > 6 && SENTENCE.test(what)) return words(i, what, true);
      const rest = listCheck(i, what, true) ?? [];
      if (rest.length) return rest.map((x) => (x.kind === 'expect-text' && /^with/.test(v.after) ? { ...x, orValue: true } : x));
    }
    // "It expands", "the Advanced section unfolds": what was clicked is now open.
    if (v.cls === 'appear' && /^(?:expands?|unfolds?|is expanded|are expanded|slides? open)$/.test(v.verb) && !v.after) {
      // (A button that "expands" grows: only what folds open is expanded.)
      const t = /^(?:it|this|that|they|the same one)$/.test(subject.trim()) ? { name: '', kind: 'any' as const, ref: 'previous' as const } : /\b(?:section|folder|node|branch|tree|group|panel|menu|item|entry|category|accordion|details|list|row)$/.test(subject.trim()) ? subjectTarget(i, subject) : undefined;
      if (t) return [{ kind: 'expect-state', target: t, state: 'expanded' }];
    }
    if (v.cls === 'appear') {
      const names = quotesIn(i.l, subject);
      if (names.length && /^(?:(?:the |a |an )?(?:[\w-]+ )?q\d+(?: [\w-]+)?(?:(?:,|,? and) (?:the |a )?q\d+)*)$/.test(subject)) {
        const t = nounPhrase(i.l, subject, 'any').target;
        if (t.role && !t.relaxed && names.length === 1) return [{ kind: 'expect-state', target: { ...t, relaxed: true }, state: 'visible' }];
        return names.map((t2) => ({ kind: 'expect-text' as const, text: t2, visible: true }));
      }
      const t = subjectTarget(i, subject);
      if (t) return [{ kind: 'expect-state', target: { ...t, relaxed: true }, state: 'visible' }];
    }
    if (v.cls === 'vanish') {
      const names = quotesIn(i.l, subject);
      if (names.length) return names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: false }));
      const t = subjectTarget(i, subject);
      if (t) return [{ kind: 'expect-state', target: { ...t, relaxed: true }, state: 'hidden' }];
    }
  }
  return fallback(i, s);
}

/** Nothing read the sentence: its quoted names, shown (or not, when the sentence says not). */
function fallback(i: CheckInput, s: string): Intent[] | undefined {
  const names = quotesIn(i.l, s);
  if (!names.length) return undefined;
  i.loose = true;
  const negative = /\b(?:not|no longer|never|without|gone|disappears?|removed|absent|missing|hidden)\b/.test(s);
  return names.map((t) => ({ kind: 'expect-text' as const, text: t, visible: !negative }));
}

function valueText(i: CheckInput, frag: string): string {
  const q = /\b(q\d+)\b/.exec(frag.trim());
  if (q) return i.l.quotes[Number(q[1]!.slice(1))]!;
  return text(i, frag);
}

function urlValue(i: CheckInput, frag: string): string {
  const m = /\b([qu])(\d+)\b/.exec(frag);
  if (m) return m[1] === 'q' ? i.l.quotes[Number(m[2])]! : i.l.urls[Number(m[2])]!;
  return asWritten(i.l, frag.trim()).replace(/^the\s+/i, '').replace(/\s+/g, '');
}

/** The predicate of a clause, for an ellipsis in the next ("…and "B" is not"). */
export function predicateOf(s: string): string | undefined {
  const m = /\b(?:is|are)\s+(?!not\b)([\w ]+)$/.exec(normalise(s));
  return m ? m[1] : undefined;
}

export const examples: Example[] = [
  ['Chess club now appears on Thursday 4 March, and Tuesday 2 March is empty', 'assertion', [{ kind: 'expect-state', state: 'visible', target: { name: 'Chess club' } }, { kind: 'expect-state', state: 'empty', target: { name: '2 March', role: 'gridcell' } }]],
  ['The URL shown for Weekend rides ends in /marta/weekend-rides/', 'assertion', [{ kind: 'expect-text', text: '/marta/weekend-rides/', scope: { name: 'Weekend rides', row: true } }]],
  ['The form stays on the About you page', 'assertion', [{ kind: 'expect-text', text: 'About you' }]],
  ['The progress bar shows the three steps About you, Your membership and Before you finish, with About you as the current one', 'assertion', [{ kind: 'expect-count', count: 3 }, { kind: 'expect-text', text: 'About you' }, { kind: 'expect-text', text: 'Your membership' }, { kind: 'expect-text', text: 'Before you finish' }, { kind: 'expect-state', state: 'active', target: { name: 'About you' } }]],
  ['Next and Last are greyed out, while First and Prev can be pressed', 'assertion', [{ kind: 'expect-state', state: 'disabled', target: { name: 'Next' } }, { kind: 'expect-state', state: 'disabled', target: { name: 'Last' } }, { kind: 'expect-state', state: 'enabled', target: { name: 'First' } }, { kind: 'expect-state', state: 'enabled', target: { name: 'Prev' } }]],
  ['The Delayed tab is now empty and Waiting has no count', 'assertion', [{ kind: 'expect-state', state: 'empty', target: { name: 'Delayed', role: 'tab' } }, { kind: 'expect-state', state: 'empty', target: { role: 'tab' } }]],
  ['The render-pdf card shows 5 jobs, 2 of them failed', 'assertion', [{ kind: 'expect-count', count: 5, scope: { name: 'render-pdf' } }, { kind: 'expect-text', text: '2', scope: { name: 'render-pdf' } }, { kind: 'expect-text', text: 'failed', scope: { name: 'render-pdf' } }]],
  ['podcast-episodes is no longer paused', 'assertion', [{ kind: 'expect-text', text: 'paused', visible: false, scope: { name: 'podcast-episodes', row: true } }]],
  ['It expands', 'assertion', [{ kind: 'expect-state', state: 'expanded', target: { ref: 'previous' } }]],
  ['The only delayed job is pickup-reminder, which will run tomorrow', 'assertion', [{ kind: 'expect-text', text: 'pickup-reminder' }, { kind: 'expect-count', count: 1, among: ['pickup-reminder'] }]],
  ['volunteers now reads 21, in the same number colour as before', 'assertion', [{ kind: 'expect-text', text: '21' }]],
  ['Three branches open below it, in this order: ou=Boats (3), ou=Groups (3) and ou=People (6).', 'assertion', [{ kind: 'expect-count', count: 3 }, { kind: 'expect-text', text: 'ou=Boats (3)' }, { kind: 'expect-text', text: 'ou=Groups (3)' }, { kind: 'expect-text', text: 'ou=People (6)' }, { kind: 'expect-order', texts: ['ou=Boats (3)', 'ou=Groups (3)', 'ou=People (6)'] }]],
  ['The left panel offers "login" again and no longer shows "Logged in as"', 'assertion', [{ kind: 'expect-text', text: 'login', visible: true }, { kind: 'expect-text', text: 'Logged in as', visible: false }]],
  ['The left panel shows "Logged in as: uid=harbourmaster" above the tree', 'assertion', [{ kind: 'expect-text', text: 'Logged in as: uid=harbourmaster', visible: true }]],
  ['uid=asmith is listed', 'assertion', [{ kind: 'expect-text', text: 'uid=asmith' }]],
  ['The row for "Hello world" shows the author qa', 'assertion', [{ kind: 'expect-text', text: 'qa', scope: { name: 'Hello world', row: true, column: 'author' } }]],
  ['Sales report.ipynb and todo.txt are listed, both 44 B', 'assertion', [{ kind: 'expect-text', text: 'Sales report.ipynb' }, { kind: 'expect-text', text: 'todo.txt' }]],
  ['The turtle button looks pressed and its tooltip says click to disable the speed limits', 'assertion', [{ kind: 'expect-state', state: 'selected' }, { kind: 'expect-state', target: { name: 'click to disable the speed limits' }, state: 'visible' }]],
  ['The ticket has the licence ISC and the priority High', 'assertion', [{ kind: 'expect-text', text: 'ISC', scope: { name: 'licence', row: true } }, { kind: 'expect-text', text: 'High', scope: { name: 'priority', row: true } }]],
  ['Nothing happens', 'assertion', []],
  ['Status: Closed; Priority: High', 'assertion', [{ kind: 'expect-text', text: 'Closed', scope: { name: 'Status', row: true } }, { kind: 'expect-text', text: 'High', scope: { name: 'Priority', row: true } }]],
  ['Have is 650.0 kB and the Assignee is Alice Martin', 'assertion', [{ kind: 'expect-text', text: '650.0 kB', scope: { name: 'Have', row: true } }, { kind: 'expect-text', text: 'Alice Martin', scope: { name: 'Assignee', row: true } }]],
  ['Three files are listed: episode-01.mp3, episode-02.mp3 and show-notes.txt', 'assertion', [{ kind: 'expect-count', count: 3, among: ['episode-01.mp3', 'episode-02.mp3', 'show-notes.txt'] }, { kind: 'expect-text', text: 'episode-01.mp3' }, { kind: 'expect-text', text: 'episode-02.mp3' }, { kind: 'expect-text', text: 'show-notes.txt' }]],
  ['The drop-down says "No results found" and offers no package', 'assertion', [{ kind: 'expect-text', text: 'No results found' }, { kind: 'expect-count', count: 0, target: { role: 'option' } }]],
  ['A new transfer called team-handbook.pdf appears and says it is retrieving metadata', 'assertion', [{ kind: 'expect-state', target: { name: 'team-handbook.pdf' }, state: 'visible' }, { kind: 'expect-text', text: 'retrieving metadata' }]],
  ["The Login dialog's LOGIN button is disabled", 'assertion', [{ kind: 'expect-state', target: { name: 'Login', role: 'button', area: ['login', 'dialog'] }, state: 'disabled' }]],
  ['The header reads "X" and the menu includes "Reports"', 'assertion', [{ kind: 'expect-text', text: 'X' }, { kind: 'expect-text', text: 'Reports' }]],
  ['The list shows exactly three invoices, newest first: "c", "b" and "a". "d" is not among them', 'assertion', [{ kind: 'expect-count', count: 3 }, { kind: 'expect-text', text: 'c' }, { kind: 'expect-text', text: 'b' }, { kind: 'expect-text', text: 'a' }, { kind: 'expect-order', texts: ['c', 'b', 'a'] }, { kind: 'expect-text', text: 'd', visible: false }]],
  ['The "Save" button is greyed out', 'assertion', [{ kind: 'expect-state', target: { name: 'Save', role: 'button' }, state: 'disabled' }]],
  ['Every row has a delete button', 'assertion', [{ kind: 'expect-each', has: { name: 'delete', role: 'button' } }]],
  ['The title is shown literally as "<i>x</i>", tags and all', 'assertion', [{ kind: 'expect-text', text: '<i>x</i>' }]],
  ['There is no "Archive" link', 'assertion', [{ kind: 'expect-state', target: { name: 'Archive', role: 'link' }, state: 'hidden' }]],
  ['The URL ends with /settings', 'assertion', [{ kind: 'expect-url', contains: '/settings' }]],
  ['The page title is "Inbox"', 'assertion', [{ kind: 'expect-title', contains: 'Inbox' }]],
  ['"Buy milk" is no longer shown', 'assertion', [{ kind: 'expect-text', text: 'Buy milk', visible: false }]],
  ['The name field is empty', 'assertion', [{ kind: 'expect-value', target: { name: 'name', kind: 'field' }, value: '' }]],
  ['The Folders section lists exactly two folders, Documents first and then Photos', 'assertion', [{ kind: 'expect-count', count: 2, scope: { name: 'Folders' } }, { kind: 'expect-text', text: 'Documents', scope: { name: 'Folders' } }, { kind: 'expect-text', text: 'Photos' }, { kind: 'expect-order', texts: ['Documents', 'Photos'] }]],
  ['Its details show Last seen "Never" and Address "dynamic"', 'assertion', [{ kind: 'expect-text', text: 'Never', scope: { name: 'Last seen', row: true } }, { kind: 'expect-text', text: 'dynamic', scope: { name: 'Address', row: true } }]],
  ['The Rows column says 4 for customers, 5 for orders and 5 for products', 'assertion', [{ kind: 'expect-text', text: '4', scope: { name: 'customers', row: true, column: 'Rows' } }, { kind: 'expect-text', text: '5', scope: { name: 'orders', row: true, column: 'Rows' } }, { kind: 'expect-text', text: '5', scope: { name: 'products', row: true, column: 'Rows' } }]],
  ['The Beaufort table has 4 rows', 'assertion', [{ kind: 'expect-count', count: 4, noun: 'rows', scope: { name: 'Beaufort', table: true } }]],
  ['The ticket table has four kinds of tickets', 'assertion', [{ kind: 'expect-count', count: 4, noun: 'tickets', scope: { name: 'ticket', table: true } }]],
  ['Force 8 is called Gale and force 10 Storm', 'assertion', [{ kind: 'expect-text', text: 'Gale', scope: { name: '8', row: true } }, { kind: 'expect-text', text: 'Storm', scope: { name: '10', row: true } }]],
  ['The specifications table gives the range as 18 nautical miles and the character as Fl(2) W 20s', 'assertion', [{ kind: 'expect-text', text: '18 nautical miles', scope: { name: 'range', row: true } }, { kind: 'expect-text', text: 'Fl(2) W 20s', scope: { name: 'character', row: true } }]],
  ['The Stapler row shows a price of 7.9 and a stock of 0', 'assertion', [{ kind: 'expect-text', text: '7.9', scope: { name: 'Stapler', row: true, column: 'price' } }, { kind: 'expect-text', text: '0', scope: { name: 'Stapler', row: true, column: 'stock' } }]],
  ['Office chair costs 149 and has 3 in stock', 'assertion', [{ kind: 'expect-text', text: '149', scope: { name: 'Office chair', row: true } }, { kind: 'expect-text', text: '3', scope: { name: 'Office chair', row: true, column: 'stock' } }]],
  ['Notebook (3.2) is the first row and Office chair (149) the last one', 'assertion', [{ kind: 'expect-text', text: 'Notebook', scope: { row: true, position: 'first' } }, { kind: 'expect-text', text: 'Office chair', scope: { row: true, position: 'last' } }]],
  ['It is a list with 3 items: ord-5001 at index 0, ord-5002 at index 1 and ord-5003 at index 2', 'assertion', [{ kind: 'expect-count', count: 3 }, { kind: 'expect-text', text: 'ord-5001' }, { kind: 'expect-text', text: 'ord-5002' }, { kind: 'expect-text', text: 'ord-5003' }, { kind: 'expect-order', texts: ['ord-5001', 'ord-5002', 'ord-5003'] }]],
  ['The two failed jobs are still counted on the Failed tab', 'assertion', [{ kind: 'expect-text', text: '2', scope: { name: 'Failed', row: true } }]],
  ['send-email is the only queue left in the sidebar', 'assertion', [{ kind: 'expect-text', text: 'send-email' }, { kind: 'expect-count', count: 1, among: ['send-email'] }]],
  ['In the sidebar send-email is now marked [ Paused ], like nightly-backup', 'assertion', [{ kind: 'expect-text', text: 'Paused', scope: { name: 'send-email', row: true } }, { kind: 'expect-text', text: 'Paused', scope: { name: 'nightly-backup', row: true } }]],
  ['The Waiting tab counts 4, with pickup-reminder among them', 'assertion', [{ kind: 'expect-text', text: '4', scope: { name: 'Waiting', row: true } }, { kind: 'expect-text', text: 'pickup-reminder' }]],
  ['Cinnamon roll (210) comes right after Sourdough loaf (280)', 'assertion', [{ kind: 'expect-order', texts: ['Sourdough loaf', 'Cinnamon roll'] }]],
  ['Now Office chair is at the top, followed by Whiteboard and then Desk lamp', 'assertion', [{ kind: 'expect-text', text: 'Office chair', scope: { row: true, position: 'first' } }, { kind: 'expect-order', texts: ['Office chair', 'Whiteboard', 'Desk lamp'] }]],
  ['The edit form shows Desk lamp as the name and 24.5 as the price', 'assertion', [{ kind: 'expect-value', target: { name: 'name' }, value: 'Desk lamp' }, { kind: 'expect-value', target: { name: 'price' }, value: '24.5' }]],
  ['The table still lists 5 products including Whiteboard', 'assertion', [{ kind: 'expect-count', count: 5 }, { kind: 'expect-text', text: 'Whiteboard' }]],
  ['Minimum Free Disk Space is 1', 'assertion', [{ kind: 'expect-text', text: '1', orValue: true, scope: { name: 'Minimum Free Disk Space', row: true } }]],
  ['The editor shows 2 lines: "a" and "b"', 'assertion', [{ kind: 'expect-count', count: 2, scope: { editor: true } }, { kind: 'expect-text', text: 'a' }, { kind: 'expect-text', text: 'b' }]],
  ['A warning tells you that you are not logged in and that your IP address will be visible', 'assertion', [{ kind: 'expect-text', text: 'address' }]],
  ['The browser tab is titled "Inbox - Mail"', 'assertion', [{ kind: 'expect-title', contains: 'Inbox - Mail' }]],
  ['only data and todo.txt remain', 'assertion', [{ kind: 'expect-count', count: 2, among: ['data', 'todo.txt'] }, { kind: 'expect-text', text: 'data' }, { kind: 'expect-text', text: 'todo.txt' }]],
  ['nothing is selected yet', 'assertion', [{ kind: 'expect-all', state: 'unselected' }]],
  ['Everyone shows a partly filled box', 'assertion', [{ kind: 'expect-state', target: { name: 'Everyone' }, state: 'mixed' }]],
  ['every box in that tree is ticked', 'assertion', [{ kind: 'expect-all', state: 'checked', group: 'tree' }]],
  ['old-mill.png gets a green tick', 'assertion', [{ kind: 'expect-look', target: { name: 'old-mill.png' }, icon: 'tick' }]],
  ['misty-pier.jpg is no longer in Your entries', 'assertion', [{ kind: 'expect-text', text: 'misty-pier.jpg', visible: false, scope: { name: 'Your entries' } }]],
  ['The box now holds four tags: Mugs, Tiles, Bowls, Vases', 'assertion', [{ kind: 'expect-count', count: 4, among: ['Mugs', 'Tiles', 'Bowls', 'Vases'] }, ...['Mugs', 'Tiles', 'Bowls', 'Vases'].map((text) => ({ kind: 'expect-text', text }))]],
  ['no file is highlighted', 'assertion', [{ kind: 'expect-all', state: 'unselected' }]],
  ['maria is listed between lucia and nadia', 'assertion', [{ kind: 'expect-order', texts: ['lucia', 'maria'] }, { kind: 'expect-order', texts: ['maria', 'nadia'] }]],
  ['Term plans is still in the tree', 'assertion', [{ kind: 'expect-text', text: 'Term plans' }]],
  ['the counter is back to "Words: 44"', 'assertion', [{ kind: 'expect-text', text: 'Words: 44' }]],
];
