/** Action grammar over a lifted sentence (see phrases.ts). */
import { NOUNS, nounRole, val, originalCase, type Intent, type Parsed, type Target, type TargetKind } from './phrases-core.js';

const Q = '(q\\d+)';
const KEYS: Record<string, string> = {
  enter: 'Enter', return: 'Enter', tab: 'Tab', escape: 'Escape', esc: 'Escape', space: 'Space', spacebar: 'Space',
  backspace: 'Backspace', delete: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown',
  'page up': 'PageUp', 'page down': 'PageDown', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight',
  'arrow up': 'ArrowUp', 'arrow down': 'ArrowDown', 'arrow left': 'ArrowLeft', 'arrow right': 'ArrowRight',
};
const KEY_RE = `(${Object.keys(KEYS).sort((a, b) => b.length - a.length).join('|')}|f\\d{1,2}|(?:control|ctrl|shift|alt|meta)\\+\\w+)`;

export function keyName(k: string): string | undefined {
  const low = k.trim().toLowerCase();
  if (KEYS[low]) return KEYS[low];
  if (/^f\d{1,2}$/.test(low)) return low.toUpperCase();
  const combo = /^(control|ctrl|shift|alt|meta)\+(\w+)$/.exec(low);
  if (combo) return `${combo[1] === 'ctrl' ? 'Control' : combo[1]![0]!.toUpperCase() + combo[1]!.slice(1)}+${combo[2]!.length === 1 ? combo[2] : keyName(combo[2]!) ?? combo[2]}`;
  return undefined;
}

function target(p: Parsed, token: string, noun: string | undefined, kind: TargetKind, within?: string): Target {
  const role = nounRole(noun);
  const k: TargetKind = role === 'textbox' ? 'field' : role === 'combobox' ? 'select' : role === 'checkbox' || role === 'radio' ? (kind === 'clickable' ? 'clickable' : 'checkbox') : kind;
  return { name: val(p, token), kind: k, role, ...(within ? { within: val(p, within) } : {}) };
}

const WITHIN = `(?: (?:next to|for|in|on|beside|of|within|inside|in the row (?:with|containing)|in the item) (?:the )?${Q}(?: row| item| entry| card| line)?)?`;
const N = `(?: (${NOUNS}))?`;

function isUrl(x: string): boolean {
  return /^(?:https?:\/\/|\/|\.\.?\/|\?|#)/i.test(x) || /^[\w-]+(\.[\w-]+)+(\/|$)/.test(x);
}

export function parseAction(p: Parsed, description: string): Intent | undefined {
  const s = p.s;
  let m: RegExpExecArray | null;
  if (/^(?:sign|log) ?in(?: (?:with|using|as) .*)?$|^login(?: .*)?$|^authenticate(?: .*)?$/.test(s) && !/q\d/.test(s.split(' ').slice(0, 2).join(' '))) {
    return { kind: 'sign-in' };
  }
  if ((m = /^(?:go|navigate|browse|head|return|come back)(?: back)? to (?:the )?(.+)$|^(?:open|visit|load|reload) (?:the )?(.+)$/.exec(s))) {
    const dest = (m[1] ?? m[2])!.replace(/ (?:page|url|screen)$/, '');
    const raw = /^q\d+$/.test(dest) ? val(p, dest) : originalCase(description, dest);
    if (isUrl(raw)) return { kind: 'navigate', url: raw };
    if (/^(?:home|home ?page|start(?:ing)? (?:page|url)|project url|app|application|site|base url|root)$/.test(dest)) return { kind: 'navigate', url: '' };
    const link = /^(q\d+)(?: (?:page|link|tab|menu|section))?$/.exec(dest);
    return { kind: 'click', target: { name: link ? val(p, link[1]!) : raw, kind: 'clickable', role: undefined } };
  }
  if ((m = new RegExp(`^(?:type|enter|input|write|put|key in) ${Q} (?:into|in|in to|on|to) (?:the )?${Q}${N}$`).exec(s))) {
    return { kind: 'fill', target: target(p, m[2]!, m[3], 'field'), value: val(p, m[1]!) };
  }
  if ((m = new RegExp(`^(?:fill|fill in|fill out|complete) (?:the )?${Q}${N} (?:with|as) ${Q}$|^(?:set|change) (?:the )?${Q}${N} to ${Q}$`).exec(s))) {
    const [t, n, v] = m[1] ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]];
    return { kind: 'fill', target: target(p, t!, n, 'field'), value: val(p, v!) };
  }
  if ((m = new RegExp(`^enter ${Q} as (?:the )?${Q}${N}$`).exec(s))) {
    return { kind: 'fill', target: target(p, m[2]!, m[3], 'field'), value: val(p, m[1]!) };
  }
  if ((m = new RegExp(`^(?:clear|empty) (?:the )?${Q}${N}$`).exec(s))) {
    return { kind: 'fill', target: target(p, m[1]!, m[2], 'field'), value: '' };
  }
  if ((m = new RegExp(`^(?:select|choose|pick) (?:the )?(?:option )?${Q} (?:from|in|on|for) (?:the )?${Q}${N}$`).exec(s))) {
    return { kind: 'select', target: target(p, m[2]!, m[3] ?? 'dropdown', 'select'), value: val(p, m[1]!) };
  }
  if ((m = new RegExp(`^(check|tick|enable|turn on|switch on|uncheck|untick|disable|turn off|switch off|clear) (?:the )?${Q}${N}$`).exec(s))) {
    const on = /^(check|tick|enable|turn on|switch on)$/.test(m[1]!);
    return { kind: 'check', target: target(p, m[2]!, m[3] ?? 'checkbox', 'checkbox'), checked: on };
  }
  if ((m = new RegExp(`^(?:press|hit|tap|type) (?:the )?(?:${KEY_RE}|(q\\d+))(?: key)?(?: (?:in|on|into) (?:the )?${Q}${N})?$`).exec(s))) {
    const key = m[1] ? keyName(m[1]) : keyName(val(p, m[2]!));
    const tgt = m[3] ? target(p, m[3], m[4], 'field') : undefined;
    if (key) return { kind: 'press', key, ...(tgt ? { target: tgt } : {}) };
  }
  if ((m = new RegExp(`^(?:hover|mouse over|move the mouse over|point at)(?: over| on)? (?:the )?${Q}${N}${WITHIN}$`).exec(s))) {
    return { kind: 'hover', target: target(p, m[1]!, m[2], 'clickable', m[3]) };
  }
  if ((m = /^wait(?: for)? (\d+(?:\.\d+)?) ?(ms|milliseconds?|s|secs?|seconds?)$/.exec(s))) {
    return { kind: 'wait', ms: Math.round(Number(m[1]) * (m[2]!.startsWith('m') ? 1 : 1000)) };
  }
  if (/^wait(?: for| until)? (?:the )?page (?:to )?(?:load|loads|finish loading|be ready|is loaded)/.test(s)) return { kind: 'wait' };
  if ((m = new RegExp(`^wait (?:for|until) (?:the )?${Q}${N}(?: to (?:appear|be visible|show)| (?:appears|is visible|is shown))?$`).exec(s))) {
    return { kind: 'wait', target: target(p, m[1]!, m[2], 'any') };
  }
  if ((m = /^scroll (?:the page )?(down|up)(?: the page)?$|^scroll to (?:the )?(top|bottom)(?: of the page)?$/.exec(s))) {
    return { kind: 'scroll', direction: (m[1] ?? m[2]) as 'up' | 'down' | 'top' | 'bottom' };
  }
  if ((m = new RegExp(`^scroll (?:down |up )?(?:to|until|into view of) (?:the )?${Q}${N}(?: is visible)?$`).exec(s))) {
    return { kind: 'scroll', target: target(p, m[1]!, m[2], 'any') };
  }
  if ((m = new RegExp(`^(?:click|click on|tap|tap on|press|push|hit|select|choose|follow|activate|submit|use) (?:the )?${Q}${N}${WITHIN}$`).exec(s))) {
    return { kind: 'click', target: target(p, m[1]!, m[2], 'clickable', m[3]) };
  }
  if ((m = /^submit (?:the )?(?:form|(.+?) form)$/.exec(s))) {
    return { kind: 'press', key: 'Enter' };
  }
  return undefined;
}
