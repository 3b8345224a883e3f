/**
 * Moving around: opening the app or a path, going back, reloading, scrolling, waiting.
 * "Open the app", "Visit /settings", "Go back", "Refresh the page", "Open the "Reports" page" (a link),
 * "Scroll down to the footer", "Wait until the spinner is gone".
 */
import type { Intent } from '../intent.js';
import { targetOf, type Example, type RuleInput } from './context.js';
import { asWritten } from '../lift.js';
import { toNumber } from '../lexicon.js';
import { dataOf, viaPage } from './pointer.js';

/** Words that name the app itself, not something in it. */
const APP = /^(?:(?:the )?(?:home ?page|home|start(?:ing)? (?:page|url|screen)|landing page|main (?:page|screen|view)|front page|index(?: page)?|(?:web )?app(?:lication)?|site|web ?site|web ?app|page|project(?:'s)? (?:url|page)|base url|root|ui|web ui|web (?:interface|gui|console)|interface|gui|portal|it|instance|server|tool|product|start|beginning|frontend|front end|dashboard|wiki|editor|admin(?:istration)? (?:ui|page|panel|console)|login page|sign[- ]in page)(?: (?:page|again|url|root))?(?: (?:in|on) (?:the|a) (?:browser|new tab))?)$/;

export function navigate(i: RuleInput): Intent[] | undefined {
  // "Visit Category:Beverages on the wiki": where the page is, said after its name.
  const rest = i.rest.replace(/^(?:to|onto|on|at|into)\s+/, '').replace(/^(?:the )?[\w.-]+(?:'s)? (?=(?:log-?in|sign-?in|sign in) ?page$)/, 'the ').replace(/^(?:the )?(?:website|web site|site|app|application|wiki|project|portal)'s\s+(?=(?:log-?in|sign-?in|sign in|home|start|main|front|landing) ?page\b)/, 'the ').replace(/\s+(?:again|first|directly|in (?:the|a) (?:browser|new tab))$/g, '').replace(/(\S)\s+(?:on|in|of|from) (?:the|this|our|your) (?:wiki|site|app|application|website|web ?ui|server|instance|portal)$/, '$1').trim();
  const url = /\bu(\d+)\b/.exec(rest);
  if (url) return [{ kind: 'navigate', url: i.l.urls[Number(url[1])]! }];
  // "Open the Workshop dates calendar", "open the dates picker": the field that opens it, clicked as a person does.
  const picker = i.verb === 'open' ? /^(?:the |its )?(.+?)\s+(?:calendar|date ?picker|time ?picker|picker|pop-?up calendar)$/.exec(rest) : null;
  if (picker && !/\b(?:app|page|view|month|week|year)\b/.test(picker[1]!)) return [{ kind: 'click', target: { ...targetOf(i, picker[1]!, 'field'), kind: 'field', hints: ['date', 'calendar'] } }];
  // "Open it": the thing last named, when there is one.
  if (/^(?:it|this one|that one)$/.test(rest) && i.memory.named) return [{ kind: 'click', target: { name: i.memory.named, kind: 'clickable' } }];
  if (!rest || APP.test(rest) || APP.test(rest.replace(/^(?:the |its |our |your )/, ''))) {
    // "open Wiki", "go to Home": written as a name, it is also the app's link of that name.
    const named = rest && /^[A-Z]/.test(asWritten(i.l, rest)) && rest.split(' ').length <= 2 ? targetOf(i, rest, 'clickable') : undefined;
    return [{ kind: 'navigate', url: '' }, ...(named?.name && !named.role ? [{ kind: 'click' as const, target: named, ifShown: true }] : [])];
  }
  // "open the issue list of the Online Shop": its Issues (a tab, or a page of its own).
  const listOf = /^(?:the )?([a-z]+) list (?:of|for|in) (?:the )?(.+)$/.exec(rest);
  if (listOf && /^[A-Z0-9]/.test(asWritten(i.l, listOf[2]!)) && !/\bq\d+\b/.test(listOf[2]!)) {
    const plural = listOf[1]!.replace(/(?:s|x|ch|sh)$/, '$&e').replace(/y$/, 'ie') + 's';
    return [{ kind: 'click', target: { name: plural[0]!.toUpperCase() + plural.slice(1), kind: 'clickable', within: asWritten(i.l, listOf[2]!), page: true } }];
  }
  // "open the Online Shop wiki" once the app is open: that project's Wiki (its tab, or a page of its own).
  const part = i.memory.opened ? /^(?:the )?(.+?) (wiki|forum|blog|roadmap|activity|news|files|calendar|settings|overview|members|repository|issues|tickets)$/.exec(rest) : null;
  if (part && /^[A-Z0-9]/.test(asWritten(i.l, part[1]!)) && !/\bq\d+\b/.test(part[1]!)) {
    const tab = asWritten(i.l, part[2]!);
    return [{ kind: 'click', target: { name: tab[0]!.toUpperCase() + tab.slice(1), kind: 'clickable', within: asWritten(i.l, part[1]!), page: true } }];
  }
  // "the app at q0 / the wiki's start page / the todo app": an app word with something around it.
  if (/^(?:the )?(?:app|application|site|wiki|dashboard|editor|ui)\b|\b(?:app|application|site|website|wiki|homepage|home page|start page|landing page|main page|web ui|web interface|ui)$/.test(rest) && !/\bq\d+\b/.test(rest)) return [{ kind: 'navigate', url: '' }];
  // "Go to the todo list", "Start at the inbox": the app's own page, when a navigation verb says so.
  if (i.verb !== 'open' && !/\bq\d+\b/.test(rest) && /\b(?:list|inbox|overview|index|home|front|start|main)$/.test(rest)) return [{ kind: 'navigate', url: '' }];
  // The plan's first words "Open tiny-date-format": an item's name (lower case, with dashes or dots), opened in the app.
  if (!i.memory.opened && /^[a-z0-9@][\w@/.-]*[-./@][\w@/.-]*$/.test(rest) && asWritten(i.l, rest) === asWritten(i.l, rest).toLowerCase()) {
    return [{ kind: 'navigate', url: '' }, { kind: 'click', target: { name: asWritten(i.l, rest), kind: 'clickable', page: true } }];
  }
  // The plan's first words "Open Prometheus", "Go to MailDev": the app, by its name; or one of its
  // pages ("Open Tickets", "Open the project's Timeline"), clicked when a link of that name is shown.
  if (!i.memory.opened && !/\b[qu]\d+\b/.test(rest) && !/\w:\w|[@/.\d_]/.test(rest) && rest.split(' ').length <= 3 && !/\b(?:button|link|tab|menu|dialog|field|page|section|panel|settings)\b/.test(rest)) {
    const name = targetOf(i, rest.replace(/^(?:the |our |your )?(?:project|app|application|site|wiki|website)'s /, ''), 'clickable');
    // (A name in lower case, or with words for the app itself, is the app: "Go to MailDev", "the Syncthing GUI".)
    const page = name.name && !name.role && !name.within && !name.hints && /^[A-Z]/.test(name.name) && !/\b(?:inbox|server|gui|ui|dashboard|registry|instance|interface|console|webmail|web|app|site|project|home)\b/i.test(name.name);
    // "Open the send-email queue": a thing of the app by its kind and name, opened in it.
    const item = /^(?:the |our |your )?([a-z0-9][\w.@-]*(?: [\w.@-]+)?) (queue|folder|file|repository|repo|branch|channel|room|board|database|collection|bucket|job|key|node|service|namespace|topic|space|notebook|document|report)$/.exec(rest);
    if (item && /[-._@\d]/.test(item[1]!)) return [{ kind: 'navigate', url: '' }, { kind: 'click', target: { name: asWritten(i.l, item[1]!), kind: 'clickable', hints: [item[2]!], page: true } }];
    return [{ kind: 'navigate', url: '' }, ...(page ? [{ kind: 'click' as const, target: name, ifShown: true }] : [])];
  }
  if (/^(?:the )?(?:[\w-]+ )?(?:inbox|home|dashboard|overview|start page|front page|main page|landing page|home page|homepage)$/.test(rest)) return [{ kind: 'navigate', url: '' }];
  // "the detail page of tiny-date-format", "the package page for X": the page named X.
  const pageOf = /^(?:the |its )?(?:[\w-]+ )?(?:page|view|screen) (?:of|for|about) (?:the )?(?:package |item |product |user |project )?(.+)$/.exec(rest);
  if (pageOf && !/\b(?:it|this|that)\b/.test(pageOf[1]!) && pageOf[1]!.split(' ').length <= 3) {
    const t = targetOf(i, pageOf[1]!, 'clickable');
    if (t.name && !t.role) return [{ kind: 'click', target: { ...t, page: true } }];
  }
  const data = dataOf({ ...i, rest }, i.verb === 'browse');
  if (data) return data;
  // "Go to the "Reports" page", "Open Settings": a link or tab of the app.
  const from = viaPage(i, rest);
  const np = from.rest.replace(/\s+(?:page|screen|view|section|area|url|article|entry)$/, '');
  const t = { ...targetOf(i, np, 'clickable'), ...(from.via ? { via: from.via } : {}) };
  // "Browse the products table": the name that opens it is clicked, not the table.
  if (t.name && !t.within && t.role && /^(?:table|grid|list|region|group)$/.test(t.role)) {
    const { role, ...named } = t;
    return [{ kind: 'click', target: { ...named, hints: [...new Set([...(t.hints ?? []), role])] } }];
  }
  return [{ kind: 'click', target: !t.role || t.role === 'link' ? { ...t, page: true } : t }];
}

export function back(): Intent[] {
  return [{ kind: 'back' }];
}

export function reload(i: RuleInput): Intent[] | undefined {
  if (i.rest && !/^(?:the )?(?:page|browser|app|tab|view|site|screen|window|it)(?: again)?$|^again$/.test(i.rest)) return undefined;
  return [{ kind: 'reload' }];
}

export function scroll(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const r = i.rest.replace(/^(?:the page |all the way )/, '');
  const dir = /^(down|up)\b/.exec(r)?.[1] as 'down' | 'up' | undefined;
  const after = r.replace(/^(?:down|up)\s*/, '').replace(/^(?:the page\s*)/, '');
  if (!after) return [{ kind: 'scroll', direction: dir ?? 'down' }];
  if ((m = /^(?:to|until)\s+(?:the\s+)?(?:very\s+)?(top|bottom|end|start)(?: of (?:the )?(?:page|list|screen))?$/.exec(after))) {
    return [{ kind: 'scroll', direction: m[1] === 'top' || m[1] === 'start' ? 'top' : 'bottom' }];
  }
  if ((m = /^(?:to|until|into view of|until you see)\s+(.+?)(?:\s+is visible| comes into view| appears)?$/.exec(after))) {
    return [{ kind: 'scroll', target: targetOf(i, m[1]!, 'any') }];
  }
  return undefined;
}

export function wait(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const r = i.rest.replace(/^(?:a moment |a bit |briefly )?/, '').replace(/[.!]+$/, '');
  // "wait a few seconds", "wait a couple of seconds", "wait some seconds".
  if (/^(?:for )?(?:a few|a couple(?: of)?|some|several) (?:secs?|seconds?)$/.test(r)) return [{ kind: 'wait', ms: 3000 }];
  if ((m = /^(?:for )?(?:about |around )?(\d+(?:\.\d+)?|a|one|two|three|five|ten) ?(ms|milliseconds?|s|secs?|seconds?|minutes?)$/.exec(r))) {
    const n = m[1] === 'a' ? 1 : Number(m[1]) || toNumber(m[1]!) || 1;
    const unit = m[2]!.startsWith('mi') && m[2] !== 'ms' ? 60_000 : m[2]!.startsWith('m') ? 1 : 1000;
    return [{ kind: 'wait', ms: Math.round(n * unit) }];
  }
  if (!r || /^(?:for |until )?(?:the )?(?:page|app|it|everything|the data|data|the list)? ?(?:to )?(?:load|loads|finish(?:es)? loading|be ready|is ready|is loaded|settle|settles)$/.test(r)) return [{ kind: 'wait' }];
  // "wait for both to finish", "wait until the uploads are done": what is under way, done.
  // ("…to finish" is read as why; "wait for both" is left.)
  if (/^(?:for )?(?:it|them|both(?: of them)?|all(?: of them)?|each(?: of them)?)$/.test(r)) return [{ kind: 'wait' }];
  if (/^(?:for |until )?(?:it|them|both(?: of them)?|all(?: of them)?|each(?: of them)?|everything|the (?:uploads?|downloads?|files?|photos?|images?|transfers?|saves?|requests?|jobs?|changes?|progress(?: bars?)?))\s+(?:to )?(?:(?:has |have |is |are )?(?:finish(?:ed|es)?|complete[sd]?|be done|are done|is done|done|upload(?:ed|s)?|save[sd]?|end(?:ed|s)?|stop(?:ped|s)?))$/.test(r)) return [{ kind: 'wait' }];
  if ((m = /^(?:for|until|till)\s+(.+?)\s+(?:to\s+)?(disappear|disappears|vanish|vanishes|go away|goes away|is gone|be gone|is hidden|be hidden|to close|closes)$/.exec(r))) {
    return [{ kind: 'wait', target: targetOf(i, m[1]!, 'any'), gone: true }];
  }
  if ((m = /^(?:for|until|till)\s+(.+?)(?:\s+(?:to\s+)?(?:appear|appears|be visible|is visible|show up|shows up|is shown|be shown|load|loads|is displayed|to be displayed))?$/.exec(r))) {
    return [{ kind: 'wait', target: targetOf(i, m[1]!, 'any') }];
  }
  return undefined;
}

export const examples: Example[] = [
  ['Open the Workshop dates calendar', 'action', [{ kind: 'click', target: { name: 'Workshop dates', kind: 'field' } }]],
  ['Open the issue list of the Online Shop', 'action', [{ kind: 'click', target: { name: 'Issues', within: 'Online Shop', page: true } }]],
  ['Open the send-email queue', 'action', [{ kind: 'navigate', url: '' }, { kind: 'click', target: { name: 'send-email', hints: ['queue'], page: true } }]],
  ['Wait a few seconds', 'action', [{ kind: 'wait', ms: 3000 }]],
  ['Open the app', 'action', [{ kind: 'navigate', url: '' }]],
  ['Go to /settings/profile', 'action', [{ kind: 'navigate', url: '/settings/profile' }]],
  ['Visit http://example.test/x?y=1', 'action', [{ kind: 'navigate', url: 'http://example.test/x?y=1' }]],
  ['Go back', 'action', [{ kind: 'back' }]],
  ['Refresh the page', 'action', [{ kind: 'reload' }]],
  ['Open the "Reports" page', 'action', [{ kind: 'click', target: { name: 'Reports' } }]],
  ['Scroll down to the footer', 'action', [{ kind: 'scroll', target: { name: 'footer' } }]],
  ['Wait 2 seconds', 'action', [{ kind: 'wait', ms: 2000 }]],
  ['Wait for both to finish', 'action', [{ kind: 'wait' }]],
  ['Wait until the spinner disappears', 'action', [{ kind: 'wait', gone: true }]],
  ['Open the Coffee page', 'action', [{ kind: 'click', target: { name: 'Coffee', page: true } }]],
  ['Visit Category:Beverages on the wiki', 'action', [{ kind: 'click', target: { name: 'Category:Beverages', page: true } }]],
];
