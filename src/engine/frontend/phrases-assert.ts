/** Assertion grammar over a lifted sentence (see phrases.ts). */
import type { ElementState } from './types.js';
import { NOUNS, nounRole, toNumber, val, originalCase, type Intent, type Parsed, type Target } from './phrases-core.js';

const Q = '(q\\d+)';
const STATE_WORDS: Record<string, ElementState> = {
  visible: 'visible', shown: 'visible', displayed: 'visible', present: 'visible',
  hidden: 'hidden', enabled: 'enabled', disabled: 'disabled', checked: 'checked', selected: 'checked',
  ticked: 'checked', unchecked: 'unchecked', unticked: 'unchecked',
};
const NEGATE: Partial<Record<ElementState, ElementState>> = {
  visible: 'hidden', hidden: 'visible', enabled: 'disabled', disabled: 'enabled', checked: 'unchecked', unchecked: 'checked',
};

const SHOULD: Record<string, string> = { be: 'is', have: 'has', contain: 'contains', show: 'shows', display: 'displays', equal: 'equals', appear: 'appears' };

function kindFor(role: string | undefined, state?: ElementState): Target['kind'] {
  if (role === 'textbox') return 'field';
  if (role === 'combobox') return 'select';
  if (role === 'checkbox' || role === 'radio' || role === 'switch' || state === 'checked' || state === 'unchecked') return 'checkbox';
  if (role) return 'clickable';
  return 'any';
}

export function parseAssertion(p: Parsed, description: string): Intent | undefined {
  const s = p.s
    .replace(/^(?:that |the )/, '')
    .replace(/ should (not )?(be|have|contain|show|display|equal|appear)\b/, (_m, not?: string, verb?: string) => ` ${SHOULD[verb!]}${not ? ' not' : ''}`)
    .replace(/ (?:is|are) (now|still) /, ' is ')
    .trim();
  let m: RegExpExecArray | null;
  const bare = (frag: string) => (/^q\d+$/.test(frag.trim()) ? val(p, frag) : originalCase(description, frag.trim()));

  if (/\bno (?:js |javascript |console |page |visible )?errors?\b|\bwithout (?:any )?errors?\b|\berror[- ]free\b|\bdoes not show an? error\b/.test(s)) {
    return { kind: 'expect-no-error' };
  }
  if ((m = /^(?:page |current |browser )?url (?:contains|includes|has|ends with|is|equals|matches|contain|include|end with) (.+)$/.exec(s))) {
    return { kind: 'expect-url', contains: bare(m[1]!) };
  }
  if ((m = /^(?:i am|we are|user is) on (?:the )?(.+?) page$/.exec(s)) && !/^q\d+$/.test(m[1]!)) {
    return { kind: 'expect-url', contains: `/${bare(m[1]!).toLowerCase().replace(/\s+/g, '-')}` };
  }
  if ((m = /^(?:page |document |browser |tab )?title (?:contains|includes|is|equals|has|reads|contain|include) (.+)$/.exec(s))) {
    return { kind: 'expect-title', contains: bare(m[1]!) };
  }
  // Counts: "the list has 2 items", "there are 3 "Delete" buttons", "2 items are shown".
  const countObj = '(items?|rows?|entries|entry|todos?|results?|elements?|cards?)';
  if (
    (m = new RegExp(`^(?:the )?(?:list|table|page|todo list|results)(?: now)? (?:has|contains|shows|displays|lists|have|contain|show) (?:exactly )?(\\w+) ${countObj}$`).exec(s)) ||
    (m = new RegExp(`^there (?:are|is) (?:exactly )?(\\w+) ${countObj}(?: (?:in|on) the (?:list|page|table))?$`).exec(s)) ||
    (m = new RegExp(`^(\\w+) ${countObj} (?:are |is )?(?:shown|visible|listed|displayed)$`).exec(s))
  ) {
    const n = toNumber(m[1]!);
    if (n !== undefined) return { kind: 'expect-count', count: n };
  }
  if ((m = new RegExp(`^there (?:are|is) (?:exactly )?(\\w+) ${Q}(?: (${NOUNS}|elements?|items?))?s?$`).exec(s))) {
    const n = toNumber(m[1]!);
    const role = nounRole(m[3]?.replace(/s$/, ''));
    if (n !== undefined) return { kind: 'expect-count', count: n, target: { name: val(p, m[2]!), kind: kindFor(role), role } };
  }
  // Field values: "the "Name" field has value "demo"", ""Email" contains "a@b.c"".
  if ((m = new RegExp(`^${Q}(?: (${NOUNS}))? (?:has|contains|shows|holds|is set to|equals|has the value|has value|value is)(?: the)?(?: value)? ${Q}$`).exec(s))) {
    const role = nounRole(m[2]);
    if (role === 'textbox' || role === 'combobox' || /value|set to/.test(s)) {
      return { kind: 'expect-value', target: { name: val(p, m[1]!), kind: role === 'combobox' ? 'select' : 'field', role }, value: val(p, m[3]!) };
    }
  }
  if ((m = new RegExp(`^value of (?:the )?${Q}(?: (${NOUNS}))? is ${Q}$`).exec(s))) {
    return { kind: 'expect-value', target: { name: val(p, m[1]!), kind: 'field', role: nounRole(m[2]) }, value: val(p, m[3]!) };
  }
  // Element state: "the "Save" button is disabled", ""Remember me" is checked", ""Oops" is not visible".
  if ((m = new RegExp(`^(?:text )?${Q}(?: (${NOUNS}))? (?:is|are|appears|appear|becomes|remains|stays)? ?(not |no longer )?(\\w+)$`).exec(s))) {
    let state = STATE_WORDS[m[4]!];
    if (state) {
      if (m[3]) state = NEGATE[state]!;
      const role = nounRole(m[2]);
      const name = val(p, m[1]!);
      if (!role && (state === 'visible' || state === 'hidden')) return { kind: 'expect-text', text: name, visible: state === 'visible' };
      return { kind: 'expect-state', target: { name, kind: kindFor(role, state), role }, state };
    }
  }
  if ((m = new RegExp(`^${Q} (?:does not|doesn't|do not|no longer) (?:appear|show|exist)s?(?: anymore)?$|^${Q} (?:is gone|disappears|disappeared|vanishes)$`).exec(s))) {
    return { kind: 'expect-text', text: val(p, (m[1] ?? m[2])!), visible: false };
  }
  if ((m = new RegExp(`^${Q} (?:appears|is shown|is displayed|shows up|exists)$|^${Q}$`).exec(s))) {
    return { kind: 'expect-text', text: val(p, (m[1] ?? m[2])!), visible: true };
  }
  // "the page shows "3 items"", "the counter shows 2 items", "the page does not show "Oops"".
  if ((m = /^(?:the )?(?:[\w -]+? )?(does not |doesn't |no longer )?(?:shows?|displays?|contains?|says|reads|includes?|lists?|has text|renders?|presents?)(?: the)?(?: text| message)? (.+)$/.exec(s))) {
    const text = bare(m[2]!.replace(/^(?:message |text )/, ''));
    if (text) return { kind: 'expect-text', text, visible: !m[1] };
  }
  if ((m = new RegExp(`^(?:a |an )?(?:message |text |heading |notice )?(?:saying |reading |with )?${Q}(?: message| text| heading)? (?:is )?(?:visible|shown|displayed)$`).exec(s))) {
    return { kind: 'expect-text', text: val(p, m[1]!), visible: true };
  }
  return undefined;
}
