/**
 * The words the reader knows by meaning: verbs grouped into action families (a synonym lexicon, not
 * sentence patterns), nouns that name a control's role, words of state, place, order and number.
 * A verb not listed here is still recognised as a verb by the NLP tagger (nlp.ts); a family is what
 * it needs to be acted on.
 */
import type { CheckState, Place, TargetKind } from './intent.js';

export type Family =
  | 'navigate' | 'back' | 'reload' | 'click' | 'dblclick' | 'rightclick' | 'hover' | 'fill' | 'set' | 'clear' | 'leave'
  | 'choose' | 'check' | 'uncheck' | 'toggle' | 'press' | 'drag' | 'connect' | 'scroll' | 'wait' | 'sign-in' | 'sign-out'
  | 'search' | 'add' | 'submit' | 'control' | 'open' | 'verify' | 'upload';

/** Verb lemmas (and a few fixed multi-word verbs) → family. */
export const VERBS: Record<string, Family> = {
  // moving around
  visit: 'navigate', navigate: 'navigate', browse: 'navigate', load: 'navigate', head: 'navigate', 'go': 'navigate',
  'go to': 'navigate', 'return to': 'navigate', 'come back to': 'navigate', 'go back to': 'navigate', 'start at': 'navigate',
  'start on': 'navigate', 'start from': 'navigate', 'begin at': 'navigate', 'land on': 'navigate', launch: 'navigate',
  'go back': 'back', 'navigate back': 'back', 'press back': 'back',
  reload: 'reload', refresh: 'reload', 'reload the page': 'reload',
  open: 'open', 'bring up': 'open', 'pull up': 'open', 'switch to': 'open', 'jump to': 'open',
  // pointer
  click: 'click', 'click on': 'click', tap: 'click', 'tap on': 'click', hit: 'press', push: 'press', press: 'press', follow: 'click',
  activate: 'click', use: 'click', 'double-click': 'dblclick', 'double click': 'dblclick', doubleclick: 'dblclick', 'dbl-click': 'dblclick',
  'right-click': 'rightclick', 'right click': 'rightclick', 'context-click': 'rightclick',
  hover: 'hover', 'hover over': 'hover', 'hover on': 'hover', 'mouse over': 'hover', 'move the mouse over': 'hover', 'point at': 'hover', mouseover: 'hover',
  // typing
  type: 'fill', enter: 'fill', input: 'fill', write: 'fill', describe: 'fill', explain: 'fill', fill: 'fill', 'fill in': 'fill', 'fill out': 'fill', put: 'fill', 'key in': 'fill',
  'start typing': 'fill', 'begin typing': 'fill', 'start to type': 'fill', 'begin to type': 'fill', 'start entering': 'fill',
  paste: 'fill', provide: 'fill', supply: 'fill', give: 'fill', populate: 'fill', insert: 'fill',
  'call it': 'set', 'name it': 'set', 'title it': 'set', 'label it': 'set', 'call them': 'set', 'name them': 'set',
  set: 'set', change: 'set', replace: 'set', update: 'set', rename: 'set', edit: 'set', overwrite: 'set', modify: 'set', correct: 'set', amend: 'set',
  clear: 'clear', empty: 'clear', erase: 'clear', wipe: 'clear', blank: 'clear',
  leave: 'leave', keep: 'leave', 'do not touch': 'leave', "don't touch": 'leave', 'do not change': 'leave', "don't change": 'leave',
  // choosing
  select: 'choose', choose: 'choose', pick: 'choose', 'pick out': 'choose', 'opt for': 'choose', 'switch': 'choose',
  check: 'check', tick: 'check', mark: 'check', enable: 'check', 'turn on': 'check', 'switch on': 'check', complete: 'check', finish: 'check',
  uncheck: 'uncheck', untick: 'uncheck', unmark: 'uncheck', disable: 'uncheck', 'turn off': 'uncheck', 'switch off': 'uncheck', deselect: 'uncheck', unselect: 'uncheck',
  toggle: 'toggle', flip: 'toggle',
  upload: 'upload', attach: 'upload',
  // moving things
  drag: 'drag', 'drag and drop': 'drag', move: 'drag', drop: 'drag', reorder: 'drag', connect: 'connect', wire: 'connect', link: 'connect',
  scroll: 'scroll', 'scroll down': 'scroll', 'scroll up': 'scroll',
  wait: 'wait', pause: 'wait',
  'sign in': 'sign-in', 'log in': 'sign-in', 'log into': 'sign-in', 'sign into': 'sign-in', 'log onto': 'sign-in', login: 'sign-in', 'log on': 'sign-in', authenticate: 'sign-in', 'sign on': 'sign-in',
  'sign out': 'sign-out', 'log out': 'sign-out', logout: 'sign-out', 'log off': 'sign-out',
  search: 'search', 'search for': 'search', find: 'search', 'look for': 'search', 'look up': 'search', query: 'search', filter: 'search',
  add: 'add', create: 'add', make: 'add', 'add in': 'add', register: 'add', new: 'add', post: 'add', publish: 'add', compose: 'add',
  submit: 'submit', send: 'submit',
  // a verb that is also the control's name: "Save", "Delete the card", "Close the dialog"
  save: 'control', confirm: 'control', cancel: 'control', close: 'control', dismiss: 'control', delete: 'control', remove: 'control',
  trash: 'control', discard: 'control', apply: 'control', accept: 'control', reject: 'control', decline: 'control', approve: 'control',
  expand: 'control', collapse: 'control', show: 'control', hide: 'control', reveal: 'control', archive: 'control', restore: 'control',
  undo: 'control', redo: 'control', star: 'control', unstar: 'control', bookmark: 'control', pin: 'control', unpin: 'control', like: 'control',
  copy: 'control', duplicate: 'control', clone: 'control', download: 'control', export: 'control', import: 'control', share: 'control',
  sort: 'control', retry: 'control', run: 'control', execute: 'control', deploy: 'control', start: 'control', stop: 'control',
  play: 'control', continue: 'control', proceed: 'control', next: 'control', skip: 'control', reset: 'control', resend: 'control', reply: 'control',
  forward: 'control', print: 'control', subscribe: 'control', unsubscribe: 'control', join: 'control', zoom: 'control',
  preview: 'control', resolve: 'control', reopen: 'control', merge: 'control', watch: 'control', unwatch: 'control', mute: 'control', unmute: 'control',
  invite: 'control', kick: 'control', ban: 'control', sync: 'control', vote: 'control', unfollow: 'control',
  lock: 'control', unlock: 'control', flag: 'control', report: 'control', assign: 'control', unassign: 'control',
  // words that start a check inside an action step
  verify: 'verify', ensure: 'verify', 'make sure': 'verify', assert: 'verify', expect: 'verify', see: 'verify', observe: 'verify', notice: 'verify',
  'look at': 'verify', 'take a look at': 'verify', 'have a look at': 'verify', 'glance at': 'verify', locate: 'verify', spot: 'verify',
};

/** Multi-word verbs, longest first, matched before single words. */
export const MULTI_VERBS = Object.keys(VERBS).filter((v) => /[ -]/.test(v)).sort((a, b) => b.length - a.length);

/** Synonyms a control named by a verb may carry instead ("save it": Save, Done, OK…). */
export const CONTROL_SYNONYMS: Record<string, string[]> = {
  save: ['save', 'confirm', 'done', 'ok', 'apply', 'submit', 'update', 'create'], confirm: ['confirm', 'save', 'done', 'ok', 'apply', 'yes', 'continue'],
  submit: ['submit', 'save', 'send', 'ok', 'go', 'continue'], close: ['close', 'dismiss', 'x', '×', 'cancel', 'done'], dismiss: ['dismiss', 'close', 'x', '×', 'ok', 'got it', 'accept', 'no thanks'],
  cancel: ['cancel', 'discard', 'close', 'no'], delete: ['delete', 'remove', 'destroy', 'trash', 'x', '×'], remove: ['remove', 'delete', 'destroy', 'trash', 'x', '×'],
  trash: ['trash', 'delete', 'remove'], discard: ['discard', 'cancel', 'delete'], accept: ['accept', 'ok', 'agree', 'allow', 'yes', 'got it'],
  reject: ['reject', 'decline', 'deny', 'no'], decline: ['decline', 'reject', 'no'], expand: ['expand', 'show', 'more', 'open'], collapse: ['collapse', 'hide', 'less', 'close'],
  show: ['show', 'expand', 'more', 'view'], hide: ['hide', 'collapse', 'close'], edit: ['edit', 'rename', 'modify', 'pencil'], next: ['next', 'continue', '›', '»'],
  'sign-out': ['log out', 'sign out', 'logout', 'signout', 'log off'], 'sign-in': ['sign in', 'log in', 'login', 'signin'],
  add: ['add', 'new', 'create', '+', 'plus'], search: ['search', 'find', 'go'], copy: ['copy', 'duplicate', 'clone'], run: ['run', 'execute', 'start', 'play'],
};

export function controlWords(verb: string): string[] {
  return CONTROL_SYNONYMS[verb] ?? [verb];
}

/** Nouns that name a control's role. */
const ROLE_NOUNS: Record<string, string> = {
  button: 'button', btn: 'button', link: 'link', hyperlink: 'link', tab: 'tab', 'menu item': 'menuitem', menuitem: 'menuitem', 'menu entry': 'menuitem',
  'menu option': 'menuitem', checkbox: 'checkbox', 'check box': 'checkbox', 'tick box': 'checkbox', tickbox: 'checkbox', radio: 'radio', 'radio button': 'radio',
  heading: 'heading', headline: 'heading', header: 'heading', title: 'heading', field: 'textbox', input: 'textbox', textbox: 'textbox', 'text box': 'textbox',
  'text field': 'textbox', 'input field': 'textbox', 'input box': 'textbox', box: 'textbox', textarea: 'textbox', 'text area': 'textbox', editor: 'textbox',
  'search box': 'searchbox', 'search field': 'searchbox', 'search bar': 'searchbox', searchbox: 'searchbox', 'search input': 'searchbox',
  dropdown: 'combobox', 'drop-down': 'combobox', 'drop down': 'combobox', select: 'combobox', 'select box': 'combobox', 'combo box': 'combobox', combobox: 'combobox',
  picker: 'combobox', selector: 'combobox', list: 'list', image: 'img', picture: 'img', icon: 'img', logo: 'img', option: 'option', switch: 'switch',
  toggle: 'switch', slider: 'slider', spinner: 'progressbar', 'progress bar': 'progressbar', dialog: 'dialog', modal: 'dialog', popup: 'dialog', 'pop-up': 'dialog',
  alert: 'alert', row: 'row', cell: 'cell', column: 'columnheader', 'column header': 'columnheader', 'column title': 'columnheader', 'column heading': 'columnheader', 'column name': 'columnheader', table: 'table', grid: 'grid', menu: 'menu',
};

export const ROLE_NOUN_LIST = Object.keys(ROLE_NOUNS).sort((a, b) => b.length - a.length);

export function nounRole(noun: string | undefined): string | undefined {
  if (!noun) return undefined;
  const n = noun.trim().toLowerCase();
  return ROLE_NOUNS[n] ?? ROLE_NOUNS[n.replace(/(?:es|s)$/, '')] ?? (n === 'checkboxes' ? 'checkbox' : undefined);
}

/** The kind of element a role noun asks for. */
export function kindOfRole(role: string | undefined, fallback: TargetKind = 'clickable'): TargetKind {
  switch (role) {
    case 'textbox':
    case 'searchbox':
      return 'field';
    case 'combobox':
      return 'select';
    case 'checkbox':
    case 'radio':
    case 'switch':
      return 'checkbox';
    case 'button':
    case 'link':
    case 'tab':
    case 'menuitem':
    case 'option':
      return 'clickable';
    case undefined:
      return fallback;
    default:
      return 'any';
  }
}

/** Nouns for an item of a list or a record, which a step may name a thing by. */
export const ITEM_NOUNS = /^(?:todos?|items?|tasks?|entries|entry|notes?|rows?|records?|things?|lines?|cards?|messages?|mails?|e-?mails?|results?|elements?|nodes?|files?|posts?|articles?|pages?|tickets?|issues?|invoices?|packages?|products?|users?|contacts?|events?|documents?|folders?|tiddlers?|comments?|tags?)$/;

/**
 * Icons a step may say a thing is marked with, and the words that name each in a page (a class, a
 * title, a label): "a red flag" → flag, "a paper clip" → attach, clip.
 */
export const ICONS: Array<[RegExp, string[]]> = [
  [/^(?:flag|flags)$/, ['flag']],
  [/^(?:paper ?clip|clip|attachment(?: icon| symbol)?)$/, ['attach', 'clip']],
  [/^(?:padlock|lock|lock icon)$/, ['lock', 'secure']],
  [/^(?:star|stars)$/, ['star', 'favorite', 'favourite']],
  [/^(?:pin|pushpin|thumbtack)$/, ['pin']],
  [/^bell$/, ['bell', 'notif']],
  [/^(?:check ?mark|tick(?: mark)?)$/, ['check', 'tick', 'success', 'done']],
  [/^(?:cross|x|cross ?mark|x mark)$/, ['error', 'cross', 'fail', 'times', 'invalid']],
  [/^(?:envelope|mail icon)$/, ['envelope', 'mail', 'unread']],
  [/^(?:reply arrow|curved arrow|reply icon)$/, ['repl', 'answer']],
  [/^(?:forward arrow|forward icon)$/, ['forward']],
  [/^(?:warning(?: sign| triangle)?|exclamation(?: mark| point)?)$/, ['warn', 'alert', 'exclam', 'important']],
  [/^(?:trash(?: can| bin)?|bin|wastebasket)$/, ['trash', 'delete', 'bin']],
  [/^pencil$/, ['pencil', 'edit']],
  [/^(?:gear|cog|cogwheel)$/, ['gear', 'cog', 'setting']],
  [/^heart$/, ['heart', 'like', 'love']],
];

/** The words that name an icon in a page, when the phrase is one ("red flag", "small paper clip icon"). */
export function iconWords(phrase: string): { name: string; words: string[] } | undefined {
  const bare = phrase.replace(/^(?:an?|the|one|its)\s+/, '').replace(/^(?:(?:red|green|blue|yellow|orange|grey|gray|black|white|purple|small|little|tiny|big|filled|solid|coloured|colored|bold)\s+)+/, '').replace(/\s+(?:icon|symbol|glyph|mark|marker|sign)$/, (x) => (/mark$/.test(x) && /check|tick|exclamation/.test(phrase) ? x : '')).trim();
  const hit = ICONS.find(([re]) => re.test(bare));
  return hit ? { name: bare, words: hit[1] } : undefined;
}

/** Kinds of place an app holds things in, said after a place's name ("the Online Shop project", "the bookshop database"). */
export const PLACE_KINDS = 'project|repository|repo|board|space|workspace|team|channel|category|forum|course|album|collection|blog|wiki|calendar|database|organi[sz]ation';

/** Container nouns: a thing that holds controls (a row, a card, a dialog). */
export const CONTAINER_NOUNS = /^(?:row|card|item|entry|line|panel|pane|section|dialog|modal|popup|pop-up|window|banner|bar|form|box|tile|list item|record|message|mail|e-?mail|node|tiddler|todo|task|note|post|article|ticket|issue|invoice|package|product|user|contact|event|file|folder|column|cell|group|block|widget|region|area|menu|toolbar|sidebar|header|footer|table|list|tab|page|screen|view|frame|drawer|sheet|toast|notification|tooltip|overlay|editor|canvas|diagram|chart|board|workspace|palette)$/;

/** Region words → a place on the screen. */
export const PLACES: Array<[RegExp, Place]> = [
  [/\b(?:top ?bar|header|navbar|nav ?bar|title ?bar|top of the (?:page|screen)|top menu|masthead|banner|app ?bar|menu ?bar|toolbar at the top|top)\b/, 'top'],
  [/\b(?:footer|bottom of the (?:page|screen)|status ?bar|bottom bar|bottom)\b/, 'bottom'],
  [/\b(?:left (?:panel|pane|side|column|sidebar|menu|nav(?:igation)?)|sidebar on the left|left-hand|left)\b/, 'left'],
  [/\b(?:right (?:panel|pane|side|column|sidebar)|right-hand|right)\b/, 'right'],
];

/** Words of state a check may state. */
export const STATES: Record<string, CheckState> = {
  visible: 'visible', shown: 'visible', displayed: 'visible', present: 'visible', there: 'visible', listed: 'visible', rendered: 'visible',
  available: 'visible', onscreen: 'visible', 'on screen': 'visible', 'in view': 'visible',
  hidden: 'hidden', invisible: 'hidden', gone: 'hidden', absent: 'hidden', missing: 'hidden', removed: 'hidden', deleted: 'hidden', closed: 'hidden',
  enabled: 'enabled', clickable: 'enabled', active: 'active', usable: 'enabled', editable: 'enabled',
  disabled: 'disabled', 'greyed out': 'disabled', 'grayed out': 'disabled', greyed: 'disabled', grayed: 'disabled', inactive: 'disabled', 'read-only': 'disabled', readonly: 'disabled', 'not clickable': 'disabled', locked: 'disabled',
  checked: 'checked', ticked: 'checked', completed: 'checked', complete: 'checked', done: 'checked', finished: 'checked', 'crossed out': 'checked', 'struck through': 'checked', on: 'checked',
  'partly ticked': 'mixed', 'partly checked': 'mixed', 'partially ticked': 'mixed', 'partially checked': 'mixed', 'half ticked': 'mixed', 'half-ticked': 'mixed',
  'partly filled': 'mixed', 'partially filled': 'mixed', 'part-ticked': 'mixed', indeterminate: 'mixed', 'partly selected': 'mixed', 'partially selected': 'mixed',
  unchecked: 'unchecked', unticked: 'unchecked', incomplete: 'unchecked', 'not done': 'unchecked', off: 'unchecked', uncompleted: 'unchecked',
  selected: 'selected', current: 'selected', highlighted: 'selected', chosen: 'selected', 'the current one': 'selected', pressed: 'selected',
  unselected: 'unselected', deselected: 'unselected',
  // An icon that shows a state by its fill: a star, a heart, a pin.
  'filled in': 'selected', filled: 'selected', solid: 'selected', starred: 'selected', watched: 'selected', pinned: 'selected', hollow: 'unselected', outlined: 'unselected', unfilled: 'unselected',
  expanded: 'expanded', opened: 'expanded', unfolded: 'expanded', collapsed: 'collapsed', folded: 'collapsed',
  focused: 'focused', 'in focus': 'focused', 'focussed': 'focused',
  empty: 'empty', blank: 'empty', cleared: 'empty',
};

export const NEGATED: Partial<Record<CheckState, CheckState>> = {
  visible: 'hidden', hidden: 'visible', enabled: 'disabled', disabled: 'enabled', checked: 'unchecked', unchecked: 'checked',
  selected: 'unselected', unselected: 'selected', active: 'disabled', expanded: 'collapsed', collapsed: 'expanded',
};

const NUMBER_WORDS: Record<string, number> = {
  no: 0, zero: 0, none: 0, one: 1, a: 1, an: 1, single: 1, 'a single': 1, 'only one': 1, two: 2, both: 2, 'a couple of': 2, three: 3, four: 4,
  five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

export function toNumber(w: string | undefined): number | undefined {
  if (w === undefined) return undefined;
  const t = w.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  return NUMBER_WORDS[t];
}

export const ORDINALS: Record<string, number> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1, final: -1, 'second last': -2, 'second to last': -2,
  top: 1, topmost: 1, bottom: -1, bottommost: -1, next: 0,
};

/** Keys a step can press. */
const KEYS: Record<string, string> = {
  enter: 'Enter', return: 'Enter', tab: 'Tab', escape: 'Escape', esc: 'Escape', space: 'Space', spacebar: 'Space', 'space bar': 'Space',
  backspace: 'Backspace', delete: 'Delete', del: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown',
  'page up': 'PageUp', 'page down': 'PageDown', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight',
  'arrow up': 'ArrowUp', 'arrow down': 'ArrowDown', 'arrow left': 'ArrowLeft', 'arrow right': 'ArrowRight', 'up arrow': 'ArrowUp',
  'down arrow': 'ArrowDown', 'left arrow': 'ArrowLeft', 'right arrow': 'ArrowRight',
};

export function keyName(k: string): string | undefined {
  const low = k.trim().toLowerCase().replace(/ key$/, '');
  if (KEYS[low]) return KEYS[low];
  if (/^f\d{1,2}$/.test(low)) return low.toUpperCase();
  const combo = /^(control|ctrl|cmd|command|shift|alt|option|meta)\s*\+\s*(\w+)$/.exec(low);
  if (combo) {
    const mod = { ctrl: 'Control', control: 'Control', cmd: 'Meta', command: 'Meta', meta: 'Meta', shift: 'Shift', alt: 'Alt', option: 'Alt' }[combo[1]!]!;
    return `${mod}+${combo[2]!.length === 1 ? combo[2] : keyName(combo[2]!) ?? combo[2]}`;
  }
  return undefined;
}

/** Words that carry no meaning for finding a target. */
export const STOP = new Set([
  'the', 'a', 'an', 'to', 'of', 'in', 'on', 'it', 'its', 'this', 'that', 'these', 'those', 'and', 'or', 'with', 'for', 'at', 'is', 'be', 'are',
  'by', 'from', 'into', 'onto', 'your', 'my', 'our', 'their', 'his', 'her', 'some', 'any', 'just', 'then', 'now', 'again', 'please', 'there',
  'which', 'who', 'whose', 'as', 'so', 'very', 'little', 'small', 'big', 'large', 'tiny', 'main', 'one', 'same', 'also',
]);

/**
 * Words of an unquoted check that describe what is shown rather than being shown: the kind of thing
 * ("the database bookshop", "the nodes Morning reading"), where it is, modifiers and the verbs that
 * introduce it ("it shows", "carries").
 */
const KIND_WORDS = new Set([
  ...'node box field button tab column row table database card panel pane list entry item message notice notification link heading section page line text sentence paragraph word label title value icon menu option sidebar dialog window screen view record result tag part name'.split(' '),
]);
const MODIFIERS = new Set([
  ...'only still now already else nothing all every each first last second next top bottom very exactly whole entire current currently here shown showing shows show visible displayed display displays listed lists says say reads read named called labelled labeled about like both either stay stays remain remains appear appears is are was were has have had contain contains containing hold holds carries carry includes include including being been does do not no more less than'.split(' '),
]);

/** How a thing looks, said of it in lower case ("a red error message"): not a word it shows. */
const LOOKS = new Set('red green blue orange yellow grey gray black white purple pink brown bold italic small big large little tiny highlighted greyed faded coloured colored'.split(' '));

const stem = (w: string): string => {
  const l = w.toLowerCase();
  if (/ies$/.test(l)) return `${l.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(l)) return l.slice(0, -2);
  return /[^su]s$/.test(l) ? l.slice(0, -1) : l;
};

/**
 * What an unquoted check's text asks the page to show, read loosely: its words less those that
 * describe (kinds of thing, modifiers, verbs). `context`: the kind nouns dropped, one of which must
 * be shown with a bare number ("rows 0"). Empty `words`: the text names nothing the page could show.
 */
export function looseWords(text: string): { words: string[]; context: string[] } {
  // Split as the page's text is: "2024-02" is two words, "Green's" is Green.
  const all = text.split(/[^\w%°'’]+/).map((w) => w.replace(/['’]s$/, '').replace(/['’]/g, '')).filter(Boolean);
  const words: string[] = [];
  const context: string[] = [];
  for (const w of all) {
    const low = w.toLowerCase();
    // (A capital makes a kind word a name: the tab "Notifications".)
    const kind = KIND_WORDS.has(low) || KIND_WORDS.has(stem(low)) || ITEM_NOUNS.test(low) || CONTAINER_NOUNS.test(stem(low));
    if (STOP.has(low) || MODIFIERS.has(low) || (/^[a-z]/.test(w) && (kind || LOOKS.has(low)))) {
      if (/^[a-z]+$/.test(low) && CONTAINER_NOUNS.test(stem(low))) context.push(stem(low));
      continue;
    }
    words.push(w);
  }
  return { words, context: words.every((w) => /^\d+$/.test(w)) ? context : [] };
}

/** A word as a loose check compares it: lower case, without a plural ending. */
export { stem as looseStem };
