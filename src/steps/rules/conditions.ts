/**
 * Conditions and remarks: "if a cookie banner shows up, dismiss it", "click "Accept" if it appears",
 * "…, if any", purpose clauses ("…to mark it done", "…so that the list refreshes") and trailing
 * remarks. A conditional clause is optional: when its target is not on the page, it is skipped.
 */
import type { Intent } from '../intent.js';
import type { Lifted } from '../lift.js';
import type { Example } from './context.js';

export interface Condition {
  /** The clause without its condition. */
  s: string;
  optional: boolean;
  /** What the condition is about ("a cookie banner"), for "it" in the clause. */
  subject?: string;
}

const SHOWS = '(?:appears?|shows up|show up|pops up|is shown|is displayed|is visible|is present|exists|comes up|opens|is open|is there|pops open)';

export function condition(s: string): Condition {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^(?:if|when|whenever|in case|should)\\s+(.+?)\\s+${SHOWS}(?:\\s+(?:at all|first|on screen))?\\s*(?:,|then)\\s*(.+)$`).exec(s))) {
    return { s: m[2]!.replace(/^then\s+/, ''), optional: true, subject: m[1] };
  }
  if ((m = new RegExp(`^(?:if|when|in case)\\s+(?:there is|there's|you see|asked|prompted|a prompt asks|needed|necessary|required)\\s*(.*?)\\s*,\\s*(.+)$`).exec(s))) {
    return { s: m[2]!, optional: true, subject: m[1] || undefined };
  }
  if ((m = new RegExp(`^(.+?),?\\s+(?:if|when|in case|should)\\s+(?:it|one|they|the [\\w -]+|a [\\w -]+|an [\\w -]+|q\\d+|that|this)\\s+${SHOWS}$`).exec(s))) {
    return { s: m[1]!, optional: true };
  }
  // "confirm when the browser asks whether to delete it": the browser's own question, answered when it comes.
  if ((m = /^(.+?),?\s+(?:when|if|once|after|as soon as)\s+(?:the |a |an )?(?:browser|page|app|site|system|dialog|pop-?up|prompt|window|it)\s+(?:asks|prompts|shows|pops up|wants|requests|displays|opens|says)\b.*$/.exec(s))) {
    return { s: m[1]!, optional: false };
  }
  if ((m = /^(.+?),?\s+(?:if (?:any|present|needed|necessary|shown|visible|there|there is one|one is shown|asked|prompted|required|it is there|available)|when (?:asked|prompted|needed)|where (?:present|shown|needed))$/.exec(s))) {
    return { s: m[1]!, optional: true };
  }
  return { s, optional: false };
}

const ANSWER = '(?:choose|click|press|pick|select|hit|answer|say|tap|reply|respond)\\s+(?:on\\s+|with\\s+)?(cancel|no|ok|okay|yes)';
const BROWSER_ASKS = new RegExp(`^(?:when|if|once|as soon as)\\s+(?:the\\s+)?(?:browser|page|app|site|system|it)\\s+(?:asks|prompts|shows|says|pops up|displays)\\b\\s*(?:you\\s+)?(?:(q\\d+)|[^,]*?)\\s*,?\\s+(?:then\\s+)?${ANSWER}\\b.*$`);
const IN_DIALOG = new RegExp(`^${ANSWER}\\s+(?:in|on|to|for)\\s+(?:the\\s+|its\\s+)?browser'?s?\\s+(?:own\\s+)?(?:dialog|prompt|question|confirmation|confirm(?:ation)? (?:dialog|box|pop-?up)|pop-?up|alert)(?:\\s+(?:asking\\s+|that asks\\s+|saying\\s+)?(?:q(\\d+)|.*))?$`);
const ANSWER_ALONE = /^(?:answer|reply|respond|say)\s+(?:it\s+)?(?:with\s+)?(?:q(\d+)|(yes|no|ok|okay|cancel))(?:\s+to\s+(?:it|that|this|the (?:question|prompt|confirmation|dialog|page)))?$/;
const DISMISS = /^(?:dismiss|cancel|decline|reject|refuse)\s+(?:the\s+)?browser'?s?\s+(?:dialog|prompt|question|confirmation|pop-?up)(?:\s+(?:q(\d+)|.*))?$/;

/**
 * The browser's own question (a `confirm()`), answered as the step says: "when the browser asks
 * 'Delete "Term plans"?', choose Cancel", "click No in the browser's dialog", "dismiss the browser's
 * confirmation". The run answers it so when it opens (OK unless a step says otherwise).
 */
export function dialogAnswer(l: Lifted, s: string): Intent | undefined {
  let m = BROWSER_ASKS.exec(s);
  if (m) return { kind: 'answer-dialog', accept: /^(?:ok|okay|yes)$/.test(m[2]!), ...(m[1] ? { text: l.quotes[Number(m[1].slice(1))]! } : {}) };
  m = IN_DIALOG.exec(s);
  if (m) return { kind: 'answer-dialog', accept: /^(?:ok|okay|yes)$/.test(m[1]!), ...(m[2] ? { text: l.quotes[Number(m[2])]! } : {}) };
  m = DISMISS.exec(s);
  if (m) return { kind: 'answer-dialog', accept: false, ...(m[1] ? { text: l.quotes[Number(m[1])]! } : {}) };
  // "answer Yes", "reply "No" to the question": the question just asked, the browser's or the page's own.
  m = ANSWER_ALONE.exec(s);
  const said = m ? (m[1] ? l.quotes[Number(m[1])]!.toLowerCase() : m[2]!) : undefined;
  if (said && /^(?:ok|okay|yes|no|cancel)$/.test(said)) return { kind: 'answer-dialog', accept: /^(?:ok|okay|yes)$/.test(said) };
  return undefined;
}

const PURPOSE_VERBS = 'mark|complete|open|edit|confirm|save|see|view|show|start|remove|delete|expand|collapse|select|submit|cancel|discard|apply|close|finish|check|reveal|get|make|bring|enter|begin|create|add|toggle|sort|filter|refresh|reload|go|return|move|continue|proceed|dismiss|accept|clear|reset|update|change|log|sign|switch|display|activate';

/** "…to mark it done", "…in order to save", "…so that the list refreshes": said why, not what. */
export function purpose(s: string): { s: string; words: string[] } {
  const m = new RegExp(`^(.+?)\\s+(?:(?:(?:in order |so as )?to)\\s+((?:${PURPOSE_VERBS})\\b[^"]*)|(?:so that|so|which should|that should)\\s+((?:the|it|its|this|they|all|every)\\b[^"]*))$`).exec(s);
  if (!m) return { s, words: [] };
  // "Go to…", "set X to …", "change X to …": "to" is not a purpose there.
  if (/^(?:go|come|head|return|navigate|switch|scroll|move|drag|set|change|rename|update|jump|get|add|connect|wire|link|point|browse|turn|drop|copy|fill|type|enter|paste|write)\b/.test(m[1]!) && !/\bso\b/.test(s.slice(m[1]!.length, m[1]!.length + 9))) {
    if (!new RegExp(`\\bto (?:${PURPOSE_VERBS})\\b`).test(s) || /^(?:go|come|head|return|navigate|switch|scroll|browse|jump)\b/.test(m[1]!)) return { s, words: [] };
  }
  return { s: m[1]!, words: (m[2] ?? m[3])!.split(/\s+/).filter((w) => w.length > 2 && !/^(?:the|it|its|this|that|and|then|with)$/.test(w)) };
}

export const examples: Example[] = [
  ['If a cookie banner shows up, dismiss it', 'action', [{ kind: 'click', target: { anyOf: ['dismiss', 'close', 'x', '×', 'ok', 'got it', 'accept', 'no thanks'] } }]],
  ['Click "Accept" if it appears', 'action', [{ kind: 'click', target: { name: 'Accept' } }]],
  ['Double-click "Pay rnet" to edit it', 'action', [{ kind: 'dblclick', target: { name: 'Pay rnet' } }]],
  ["When the browser asks 'Delete \"Term plans\" and everything in it?', choose Cancel", 'action', [{ kind: 'answer-dialog', accept: false, text: 'Delete "Term plans" and everything in it?' }]],
  ["Click OK in the browser's confirmation", 'action', [{ kind: 'answer-dialog', accept: true }]],
  ['Click No on the confirmation page', 'action', [{ kind: 'click', target: { name: 'No' } }]],
  ["Dismiss the browser's question", 'action', [{ kind: 'answer-dialog', accept: false }]],
  ['Answer Yes', 'action', [{ kind: 'answer-dialog', accept: true }]],
  ['reply "No" to the question', 'action', [{ kind: 'answer-dialog', accept: false }]],
];
