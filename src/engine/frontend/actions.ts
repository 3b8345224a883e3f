/**
 * Execute one resolved action on the page. Assertions poll until they hold or their timeout passes,
 * and fail with what was expected next to what the page showed.
 */
import type { Locator, Page } from 'playwright-core';
import { locatorLabel, toLocator } from './locator.js';
import { closestLines, pageExcerpt, visibleLines } from './evidence.js';
import { performSignIn } from './sign-in.js';
import { deliveredClick, offTrace, pageChange, settle } from './page-still.js';
import type { PageWatch } from './page-watch.js';
import type { FilePicker } from './files.js';
import { looseStem, looseWords } from '../../steps/lexicon.js';
import type { ElementState, FailureKind, LocatorDescriptor, ResolvedAction, RunFailure, TestAccount } from './types.js';
import { LABEL_SEPARATOR, fieldValueHas, isEmpty, placeholderReads, textPoint, textShownIn, textStyleOf, drawnChecked, markedWith, partlyChecked, readingText, selectedCount } from './in-page.js';

/**
 * How an element looks: its text in bold (the weight of the part that carries most of its text),
 * and whether its row or item shows an icon named by one of `words` — in a class, title, label or
 * alt text, drawn (an image, an SVG, a pseudo-element's content, a background, an icon font's
 * word) and not a "not flagged" or "unflagged" marker; a row whose own class says so counts too.
 */
async function lookOf(page: Page, target: LocatorDescriptor, words?: string[]): Promise<{ icon: boolean; row: boolean } | undefined> {
  return toLocator(page, target).first().evaluate(markedWith, words).catch(() => undefined);
}

export class StepFailure extends Error {
  constructor(readonly kind: FailureKind, message: string, readonly details?: RunFailure['details']) {
    super(message);
  }
}

export interface ExecContext {
  page: Page;
  baseUrl: string;
  account?: TestAccount;
  timeoutMs: number;
  watch: PageWatch;
  picker: FilePicker;
}

export function absoluteUrl(url: string, baseUrl: string): string {
  return url ? new URL(url, baseUrl).toString() : baseUrl;
}

async function until(page: Page, timeoutMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await pageChange(page, deadline - Date.now(), 20, 100);
  }
}

/**
 * How many matches of `d` are visible (Playwright's own test of visibility), counted in the page in
 * one call: a check polled until it holds costs one round trip, and one call with its DOM snapshots
 * in the run's trace, instead of one per match.
 */
async function visibleCount(page: Page, d: LocatorDescriptor): Promise<number> {
  return toLocator(page, d).filter({ visible: true }).count();
}

async function anyVisible(page: Page, d: LocatorDescriptor): Promise<boolean> {
  return (await visibleCount(page, d)) > 0;
}

/**
 * Whether the page or one of its frames (an e-mail's HTML body, an embedded editor) shows `text` as a
 * person reads it: across elements, without what CSS hides. A text locator reads the DOM's text, where a
 * hidden "s" of "items" still counts (dojo's TodoMVC shows "1 item left" that way).
 */
async function rendered(page: Page, text: string): Promise<boolean> {
  for (const frame of page.frames()) {
    if (await frame.locator('body').evaluate(textShownIn, [text, false, LABEL_SEPARATOR] as const, { timeout: 500 }).catch(() => false)) return true;
  }
  return false;
}

/**
 * The shortest text on the page (in `within` when given) that holds every one of `words` — compared
 * without case or plural endings — and, when `context` is given, one of those words too: what a
 * person finds when a check in their own words names a thing ("the database bookshop"). Returns
 * that text, shortened, or undefined.
 */
async function looselyShown(page: Page, words: string[], context: string[], within?: LocatorDescriptor): Promise<string | undefined> {
  const want = words.map(looseStem);
  const roots = within ? [toLocator(page, within).first()] : page.frames().map((f) => f.locator('body'));
  for (const root of roots) {
    const found = await root
      .evaluate((el, [want, context]) => {
        const stem = (w: string) => (/ies$/.test(w) ? `${w.slice(0, -3)}y` : /(?:x|ch|sh|ss)es$/.test(w) ? w.slice(0, -2) : /[^su]s$/.test(w) ? w.slice(0, -1) : w);
        let best: string | undefined;
        for (const e of [el, ...Array.from(el.querySelectorAll('*'))] as HTMLElement[]) {
          const text = (e.innerText ?? '').replace(/\s+/g, ' ').trim();
          if (!text || text.length > 400 || (best !== undefined && text.length >= best.length)) continue;
          const have = new Set(text.toLowerCase().replace(/['’]s\b/g, '').replace(/['’]/g, '').split(/[^\w%°]+/).filter(Boolean).map(stem));
          if (want.every((w) => have.has(w)) && (!context.length || context.some((w) => have.has(w)))) best = text;
        }
        return best;
      }, [want, context] as const)
      .catch(() => undefined);
    if (found) return found.length > 80 ? `${found.slice(0, 77)}…` : found;
  }
  return undefined;
}

/**
 * "Pick "Show ID" from the Actions menu" where the menu is not a <select>: open it (a click; a hover
 * where a click does not show the entry), then click the entry of that name.
 */
async function chooseFromMenu(page: Page, menu: ReturnType<typeof toLocator>, value: string, timeoutMs: number): Promise<void> {
  const entry = () => {
    const roles = ['menuitem', 'menuitemradio', 'menuitemcheckbox', 'option', 'link', 'button', 'tab', 'treeitem'] as const;
    return roles.map((role) => page.getByRole(role, { name: value, exact: true })).reduce((a, b) => a.or(b)).or(page.getByText(value, { exact: true })).filter({ visible: true }).first();
  };
  const shown = async (ms: number) => until(page, ms, async () => (await entry().count()) > 0);
  if (!(await shown(0))) {
    // A drop-down's own box may lie over its input (SurveyJS): the click lands where a person's would.
    await menu.click({ timeout: Math.min(timeoutMs, 2500) }).catch((err: Error) => (/intercepts pointer events/.test(err.message) ? menu.click({ force: true, timeout: timeoutMs }) : Promise.reject(err)));
    if (!(await shown(Math.min(timeoutMs, 1500)))) await menu.hover({ timeout: timeoutMs }).catch(() => {});
  }
  if (!(await shown(timeoutMs))) throw new StepFailure('locator-not-found', `the menu opened, but it has no entry "${value}"`, { url: page.url() });
  await entry().click({ timeout: timeoutMs });
}

/** The most pages a form is paged through ("Next until the last page"). */
export const MAX_PAGES = 20;

/** A control clicked again as long as it is shown and enabled: a form's Next, up to its last page. */
async function clickWhileShown(page: Page, target: LocatorDescriptor, timeoutMs: number): Promise<void> {
  const el = toLocator(page, target).filter({ visible: true }).first();
  const text = () => page.locator('body').innerText({ timeout: 1000 }).catch(() => '');
  for (let k = 0; k < MAX_PAGES; k++) {
    if (!(await el.isVisible().catch(() => false)) || !(await el.isEnabled().catch(() => false)) || (await looksDisabled(el))) return;
    const before = await text();
    await press(el, 'click', timeoutMs);
    // The next page, as a person waits for it; a click that changes nothing (a page that will not go on) ends it.
    const end = Date.now() + 3000;
    while (Date.now() < end && (await text()) === before) await pageChange(page, end - Date.now(), 50, 200);
    if ((await text()) === before) return;
    await settle(page);
  }
  throw new StepFailure('assertion', `still a "${locatorLabel(target)}" to click after ${MAX_PAGES} pages: the form has no last page`, { url: page.url() });
}

/** Files given to the page: through its file field, the chooser a control opens, or the chooser open already. */
async function giveFiles(page: Page, a: Extract<ResolvedAction, { kind: 'upload' }>, x: ExecContext): Promise<void> {
  const t = { timeout: x.timeoutMs };
  const { paths, missing } = x.picker.paths(a.files);
  if (missing.length) {
    const have = x.picker.names();
    throw new StepFailure('step-not-understood', `no file named ${missing.map((m) => `"${m}"`).join(', ')} among the project's files (${have.length ? have.join(', ') : 'it has none'}); add it with 'svc project files add <project-id> <path>'`);
  }
  if (!a.target) {
    const chooser = x.picker.take() ?? (await page.waitForEvent('filechooser', { timeout: Math.min(x.timeoutMs, 2000) }).catch(() => undefined));
    if (!chooser) throw new StepFailure('locator-not-found', 'no file chooser is open to give the file to: click the control that opens it first (Upload, Browse…), or name it in the step', { url: page.url() });
    await chooser.setFiles(paths, t);
    return;
  }
  const el = toLocator(page, a.target).first();
  if (await el.evaluate((e) => e.matches('input[type=file]'), null, t)) {
    await el.setInputFiles(paths, t);
    return;
  }
  x.picker.take();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', t), el.click(t)]);
  x.picker.take();
  await chooser.setFiles(paths, t);
}

/** Whether the section / row / dialog shows the text (or, with `orValue`, holds it in a field). */
async function shownWithin(page: Page, within: LocatorDescriptor, text: string, orValue: boolean): Promise<boolean> {
  return toLocator(page, within).first().evaluate(textShownIn, [text, orValue, LABEL_SEPARATOR] as const, { timeout: 500 }).catch(() => false);
}

/** Whether a check box is ticked: the page's own by its state, one the app draws by its classes or its item's. */
async function boxTicked(box: ReturnType<ReturnType<typeof toLocator>['nth']>): Promise<boolean> {
  const own = await box.evaluate((e) => e.matches('input[type=checkbox], input[type=radio], [role=checkbox], [aria-checked]')).catch(() => true);
  return own ? box.isChecked().catch(() => false) : ((await box.evaluate(drawnChecked).catch(() => null)) ?? false);
}

/** Greyed out by its classes alone (a jQuery UI menu's "ui-state-disabled", a toolbar's "disabled" icon). */
async function looksDisabled(el: ReturnType<ReturnType<typeof toLocator>['first']>): Promise<boolean> {
  // (Or the control the text sits in: Node-RED's <a class="… disabled"><span>Deploy</span></a>.)
  // (Or the menu entry it is: jsTree's <li class="vakata-contextmenu-disabled"><a>Paste</a></li>.)
  return el.evaluate((e) => [e, e.closest('a, button, [role=button], [role=menuitem], [role=tab], li'), e.closest('li, [role=menuitem], [role=option]')].some((x) => x && (/(?:^|[\s_-])(?:disabled|is-disabled|ui-state-disabled)(?:$|\s)/.test(typeof x.className === 'string' ? x.className : '') || x.getAttribute('aria-disabled') === 'true'))).catch(() => false);
}

async function stateOf(page: Page, d: LocatorDescriptor, state: ElementState): Promise<boolean> {
  const loc = toLocator(page, d);
  if (state === 'hidden') return !(await anyVisible(page, d));
  if (state === 'visible') return anyVisible(page, d);
  const el = loc.first();
  if ((await loc.count()) === 0) return false;
  switch (state) {
    case 'enabled': return (await el.isEnabled({ timeout: 500 })) && !(await looksDisabled(el));
    // A field that cannot be changed is read-only or disabled, either way.
    case 'disabled': return (await el.isDisabled({ timeout: 500 })) || (await looksDisabled(el)) || (await el.evaluate((e) => e.matches('input, textarea') && (e as HTMLInputElement).readOnly).catch(() => false));
    case 'checked':
    case 'unchecked': {
      // (A box the app draws, as a tree's are: its state in its classes or aria-selected.)
      const drawn = await el.evaluate((e) => !e.matches('input[type=checkbox], input[type=radio]') && !e.hasAttribute('aria-checked'), null, { timeout: 500 }).then((own) => (own ? el.evaluate(drawnChecked) : null), () => null);
      const on = drawn ?? (await el.isChecked({ timeout: 500 }));
      return state === 'checked' ? on : !on;
    }
    case 'mixed': return el.evaluate(partlyChecked).catch(() => false);
    case 'active': {
      // One of a set that can be selected (a tab, a filter link) is active when it is the selected
      // one; a control on its own (Node-RED's Deploy) when it can be used.
      if (await stateOf(page, d, 'selected')) return true;
      const oneOfSet = await el.evaluate((e) => e.matches('[role=tab], [role=option], [role=menuitem], [role=treeitem], [aria-selected], [aria-pressed], [aria-current]') || Array.from(e.parentElement?.parentElement?.querySelectorAll('[aria-selected=true], [aria-current]:not([aria-current=false]), .active, .selected, .current') ?? []).some((x) => x !== e && !x.contains(e))).catch(() => false);
      return !oneOfSet && (await stateOf(page, d, 'enabled'));
    }
    case 'selected':
    case 'unselected': {
      const on = await el.evaluate((e) => {
        const attr = (n: string) => e.getAttribute(n) ?? e.closest(`[${n}]`)?.getAttribute(n);
        if (attr('aria-selected') === 'true' || (attr('aria-current') ?? 'false') !== 'false' || attr('aria-pressed') === 'true') return true;
        const cls = `${typeof e.className === 'string' ? e.className : ''} ${e.parentElement?.className ?? ''}`;
        if (/(?:^|[\s_-])(?:selected|active|current|is-active|is-selected|starred|watched|filled|favou?rited|pinned)(?:$|[\s_-])/.test(cls)) return true;
        // A toggle that now offers to undo itself ("Unwatch", "Unstar") is on.
        const said = `${e.id} ${e.closest('li')?.id ?? ''} ${e.getAttribute('title') ?? ''} ${e.getAttribute('aria-label') ?? ''} ${(e as HTMLElement).innerText ?? ''}`.toLowerCase();
        if (/\bun(?:watch|star|pin|favou?rite|follow|bookmark)/.test(said)) return true;
        // A styled tab strip says which is selected only by its looks: the one element whose classes
        // differ from its enabled siblings', which all look alike.
        const peers = e.parentElement ? Array.from(e.parentElement.children).filter((c) => c.localName === e.localName && !c.hasAttribute('disabled') && c.getAttribute('aria-disabled') !== 'true') : [];
        if (peers.length < 3 || e.hasAttribute('disabled')) return false;
        const others = peers.filter((c) => c !== e).map((c) => c.className);
        return others.every((c) => c === others[0]) && e.className !== others[0];
      });
      return state === 'selected' ? on : !on;
    }
    case 'expanded':
    case 'collapsed': {
      const open = await el.evaluate((e) => {
        const exp = e.getAttribute('aria-expanded') ?? e.closest('[aria-expanded]')?.getAttribute('aria-expanded');
        if (exp) return exp === 'true';
        const details = e.closest('details');
        if (details) return details.open;
        // A tree's node says it in a class of its own or of its row, a level or three up.
        for (let cur: Element | null = e, k = 0; cur && k < 4; cur = cur.parentElement, k++) {
          const cls = typeof cur.className === 'string' ? cur.className : '';
          if (/(?:^|[\s_-])(?:expanded|open|opened|is-open|show)(?:$|[\s_-])/.test(cls)) return true;
          if (/(?:^|[\s_-])(?:collapsed|closed|is-closed|folded)(?:$|[\s_-])/.test(cls)) return false;
        }
        return null;
      });
      if (open === null) return false;
      return state === 'expanded' ? open : !open;
    }
    case 'focused':
      return el.evaluate((e) => e === document.activeElement || e.contains(document.activeElement));
    case 'empty':
      return el.evaluate(isEmpty);
  }
}

/** The whole text of the code editor `el` is in (CodeMirror 5 through its own API, else its lines as shown). */
async function editorText(el: Locator): Promise<string> {
  return el.evaluate((e) => {
    const root = e.closest('.CodeMirror, .cm-editor, .monaco-editor, .ace_editor') as (HTMLElement & { CodeMirror?: { getValue(): string } }) | null;
    if (root?.CodeMirror) return root.CodeMirror.getValue();
    const lines = root?.querySelectorAll('.cm-line, .view-line, .ace_line');
    return lines?.length ? Array.from(lines).map((l) => (l as HTMLElement).innerText.replace(/\u00a0/g, ' ')).join('\n') : ((root as HTMLElement | null)?.innerText ?? '');
  });
}

/**
 * Replace the whole text of a code editor as a person does: select all, then type (pasted in one go,
 * so an editor that closes brackets as they are typed does not add its own). CodeMirror 5 is given
 * the text through its API, which is what its own paste does.
 */
async function setEditorText(page: Page, el: Locator, value: string, t: { timeout: number }): Promise<void> {
  const viaApi = await el.evaluate((e, v) => {
    const root = e.closest('.CodeMirror') as (HTMLElement & { CodeMirror?: { setValue(s: string): void; focus(): void } }) | null;
    if (!root?.CodeMirror) return false;
    root.CodeMirror.setValue(v);
    root.CodeMirror.focus();
    return true;
  }, value);
  if (viaApi) return;
  await el.click(t);
  await page.keyboard.press('ControlOrMeta+A');
  if (value) await page.keyboard.insertText(value);
  else await page.keyboard.press('Backspace');
}

/**
 * Whether a person sees the text: shown on the page or in a frame; with `inFields`, also as a field's
 * value (a text area's, scrolled out of view or not, or one an entry's form came with) or an empty
 * field's placeholder; with `orValue`, in any field's value. The exported script's textShown does the same.
 */
async function textShown(page: Page, text: string, inFields: boolean, orValue: boolean): Promise<boolean> {
  if ((await anyVisible(page, { strategy: 'text', text })) || (await rendered(page, text))) return true;
  const valueHas = async (fields: string, served: boolean) => {
    for (const frame of page.frames()) if (await frame.evaluate(fieldValueHas, [text, fields, served] as const).catch(() => false)) return true;
    return false;
  };
  if (orValue && (await valueHas('input, textarea', false))) return true;
  return inFields && ((await valueHas('textarea', false)) || (await valueHas('input', true)) || (await page.evaluate(placeholderReads, text).catch(() => false)));
}

async function actualState(page: Page, d: LocatorDescriptor): Promise<string> {
  const loc = toLocator(page, d);
  if ((await loc.count()) === 0) return 'no element matches it';
  const el = loc.first();
  const parts = [(await el.isVisible()) ? 'visible' : 'hidden', (await el.isEnabled().catch(() => true)) ? 'enabled' : 'disabled'];
  const checked = await el.isChecked().catch(() => undefined);
  if (checked !== undefined) parts.push(checked ? 'checked' : 'unchecked');
  return `it is ${parts.join(', ')}`;
}

async function assertion(a: ResolvedAction, x: ExecContext): Promise<string | undefined> {
  const { page } = x;
  const wait = (fn: () => Promise<boolean>) => until(page, x.timeoutMs, fn);
  const fail = async (message: string, expected: string, actual: string) => {
    throw new StepFailure('assertion', message, { expected, actual, url: page.url(), pageText: await pageExcerpt(page) });
  };
  switch (a.kind) {
    case 'expect-text': {
      // (A text area's text is on the page too, "the JSON text includes …", scrolled out of view or not.)
      const shown = a.within ? () => shownWithin(page, a.within!, a.text, a.orValue === true) : () => textShown(page, a.text, a.visible, a.orValue === true);
      // The step's own words ("lists the database bookshop"): word for word first; after a moment,
      // the words that name something, together, the way a person reads the check.
      const loose = a.loose && a.visible ? looseWords(a.text) : undefined;
      const since = Date.now();
      let loosely: string | undefined;
      const holds = async () => {
        if ((await shown()) === a.visible) return true;
        if (!loose?.words.length || Date.now() - since < 1000 || loose.words.join(' ').toLowerCase() === a.text.toLowerCase()) return false;
        loosely = await looselyShown(page, loose.words, loose.context, a.within);
        return loosely !== undefined;
      };
      if (await wait(holds)) return loosely ? `read loosely: "${a.text}" as ${loose!.words.map((w) => `"${w}"`).join(' + ')}, shown in "${loosely}"` : undefined;
      if (loose && !loose.words.length) {
        throw new StepFailure('step-not-understood', `the check "${a.text}" names nothing the page could show; put the text to look for in quotes, or say what is counted or how it looks`);
      }
      const where = a.within ? ` in ${locatorLabel(a.within)}` : '';
      if (!a.visible) return fail(`expected "${a.text}" not to be visible${where}, but it is shown`, `"${a.text}" not visible`, 'visible');
      if (a.within) {
        const there = (await toLocator(page, a.within).first().innerText({ timeout: 500 }).catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
        return fail(`expected "${a.text}"${where}, but it shows "${there}"`, `"${a.text}" visible`, there);
      }
      const near = closestLines(await visibleLines(page), a.text);
      const actual = near.length ? `closest visible text: ${near.map((l) => `"${l}"`).join(', ')}` : 'no similar text on the page';
      return fail(`expected the page to show "${a.text}", but it does not (${actual})`, `"${a.text}" visible`, actual);
    }
    case 'expect-state': {
      if (await wait(() => stateOf(page, a.target, a.state))) return;
      const actual = await actualState(page, a.target);
      return fail(`expected ${locatorLabel(a.target)} to be ${a.state}, but ${actual}`, a.state, actual);
    }
    case 'expect-url':
      if (await wait(async () => page.url().includes(a.contains))) return;
      return fail(`expected the URL to contain "${a.contains}", but it is ${page.url()}`, a.contains, page.url());
    case 'expect-title': {
      // "The title reads April 2027": the browser tab's title, or the title the page shows at its top (a heading).
      const headings = () => page.evaluate(() => Array.from(document.querySelectorAll('h1, h2, h3, [role=heading], [class*=title i]'))
        .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; })
        .map((e) => ((e as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean).slice(0, 20)).catch(() => [] as string[]);
      const want = a.contains.replace(/\s+/g, ' ').trim();
      if (await wait(async () => (await page.title()).includes(a.contains) || (await headings()).some((h) => h.includes(want)))) return;
      const title = await page.title();
      const shown = (await headings()).slice(0, 3);
      return fail(`expected the title to contain "${a.contains}", but it is "${title}"${shown.length ? ` and the page's headings read ${shown.map((h) => `"${h.slice(0, 60)}"`).join(', ')}` : ''}`, a.contains, title);
    }
    case 'expect-value': {
      const el = toLocator(page, a.target).first();
      if (await wait(async () => (await el.inputValue({ timeout: 500 })) === a.value)) return;
      const actual = await el.inputValue({ timeout: 500 }).catch(() => '(no such field)');
      return fail(`expected ${locatorLabel(a.target)} to have value "${a.value}", but it has "${actual}"`, a.value, actual);
    }
    case 'expect-count': {
      // "The grid shows 8 books": 8 items, or else the page's own "8 books" (after a moment).
      const since = Date.now();
      let stated: string | undefined;
      const holds = async () => {
        if ((await visibleCount(page, a.target)) === a.count) return true;
        if (!a.noun || Date.now() - since < 1000) return false;
        stated = await looselyShown(page, [String(a.count)], [looseStem(a.noun)]);
        return stated !== undefined;
      };
      if (await wait(holds)) return stated ? `counted as the page states it: "${stated}" for ${a.count} ${a.noun}` : undefined;
      const n = await visibleCount(page, a.target);
      return fail(`expected ${a.count} visible ${a.count === 1 ? 'match' : 'matches'} of ${locatorLabel(a.target)}, found ${n}`, String(a.count), String(n));
    }
    case 'expect-look': {
      const STYLE_NAMES = { bold: 'bold', italic: 'in italics', strike: 'struck through', underline: 'underlined' } as const;
      const what = a.style ? STYLE_NAMES[a.style] : `marked with ${a.icon?.name ?? 'an icon'}`;
      const styled = async () => (a.style ? (await toLocator(page, a.target).first().evaluate(textStyleOf).catch(() => undefined))?.[a.style] ?? false : false);
      const looks = async () => (await lookOf(page, a.target, a.icon?.words)) ?? { icon: false, row: false };
      const holds = async () => (a.style ? await styled() : (await looks()).icon) !== Boolean(a.negated);
      if (await wait(holds)) return;
      const l = await looks();
      const actual = a.style ? `it is ${(await styled()) ? '' : 'not '}${what}` : l.icon ? `it is marked with ${a.icon?.name}` : `nothing on its ${l.row ? 'row' : 'element'} is named ${a.icon?.words.join(' / ')}`;
      return fail(`expected ${locatorLabel(a.target)} ${a.negated ? 'not ' : ''}to look ${what}, but ${actual}`, `${a.negated ? 'not ' : ''}${what}`, actual);
    }
    case 'expect-all': {
      if (a.state === 'unselected') {
        const selected = () => toLocator(page, a.target).first().evaluate(selectedCount).catch(() => -1);
        if (await wait(async () => (await selected()) === 0)) return;
        return fail(`expected nothing ${a.target.strategy === 'css' && a.target.selector === 'body' ? 'on the page' : `in ${locatorLabel(a.target)}`} to be selected, but ${await selected()} item(s) are`, 'nothing selected', `${await selected()} selected`);
      }
      const loc = toLocator(page, a.target);
      const tally = async () => {
        const n = await loc.count();
        let on = 0;
        for (let i = 0; i < n; i++) if (await boxTicked(loc.nth(i))) on++;
        return { n, on, want: a.state === 'checked' ? on : n - on };
      };
      // ("All six interests": six boxes in that state; every box, when no number is said.)
      const all = async () => {
        const { n, want } = await tally();
        return n > 0 && (a.count !== undefined ? want === a.count : want === n);
      };
      if (await wait(all)) return;
      const { n, on } = await tally();
      const expected = a.count !== undefined ? `${a.count} ${a.state}` : `all ${a.state}`;
      return fail(`expected ${a.count !== undefined ? `${a.count} items` : 'every item'} to be ${a.state}, but ${on} of ${n} ${n === 1 ? 'is' : 'are'} checked`, expected, `${on} of ${n} checked`);
    }
    case 'expect-order': {
      // Reading order: where each text first shows in the page's rendered text.
      // Each text after the one before it (a text may also show earlier, in a menu or a heading).
      const scope = a.within ? toLocator(page, a.within).first() : page.locator('body');
      const positions = async () => {
        const body = await scope.evaluate(readingText);
        let from = 0;
        return a.texts.map((t) => {
          const want = t.replace(/\s+/g, ' ').toLowerCase();
          const at = body.indexOf(want, from);
          if (at >= 0) from = at + want.length;
          return at >= 0 ? at : body.indexOf(want) >= 0 ? -2 : -1;
        });
      };
      const inOrder = async () => (await positions()).every((x) => x >= 0);
      if (await wait(inOrder)) return;
      const p = await positions();
      const missing = a.texts.filter((_t, k) => p[k] === -1);
      if (missing.length) return fail(`expected ${a.texts.map((t) => `"${t}"`).join(', ')} in this order, but ${missing.map((t) => `"${t}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not shown`, a.texts.join(' < '), `missing ${missing.join(', ')}`);
      const body = await scope.evaluate(readingText);
      const first = a.texts.map((t) => body.indexOf(t.replace(/\s+/g, ' ').toLowerCase()));
      const shown = a.texts.map((t, k) => ({ t, at: first[k]! })).sort((x, y) => x.at - y.at).map((x) => `"${x.t}"`);
      return fail(`expected ${a.texts.map((t) => `"${t}"`).join(', ')} in this order, but the page shows them as ${shown.join(', ')}`, a.texts.join(' < '), shown.join(' < '));
    }
    case 'expect-each': {
      const rows = toLocator(page, a.rows).filter({ visible: true });
      const check = async () => {
        const n = await rows.count();
        if (!n) return false;
        for (let i = 0; i < n; i++) if ((await rows.nth(i).locator(toLocator(page, a.has)).count()) === 0) return false;
        return true;
      };
      if (await wait(check)) return;
      const n = await rows.count();
      let without = 0;
      for (let i = 0; i < n; i++) if ((await rows.nth(i).locator(toLocator(page, a.has)).count()) === 0) without++;
      return fail(`expected every row to have ${locatorLabel(a.has)}, but ${n ? `${without} of ${n} rows do not` : 'no rows are shown'}`, `each row has ${locatorLabel(a.has)}`, `${without} of ${n} without`);
    }
    case 'dialog': {
      // The question was answered when it opened (runner.ts): here, that it was asked, and what it said.
      const norm = (t: string) => t.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
      const asked = () => x.watch.dialogs.find((d) => !d.checked && (a.text === undefined || norm(d.message).includes(norm(a.text))));
      if (await wait(async () => asked() !== undefined)) {
        asked()!.checked = true;
        return;
      }
      const other = x.watch.dialogs.filter((d) => !d.checked).at(-1);
      return fail(other ? `expected the browser to ask "${a.text}", but it asked "${other.message}"` : `expected the browser to ask${a.text ? ` "${a.text}"` : ' its own question'}, but it asked nothing`, a.text ?? 'a question from the browser', other?.message ?? 'no question');
    }
    case 'expect-no-error': {
      await page.waitForLoadState('load', { timeout: x.timeoutMs }).catch(() => {});
      const problems = await x.watch.problems(page);
      if (!problems.length) return;
      throw new StepFailure('page-error', `the page shows an error: ${problems.join('; ')}`, {
        expected: 'no error', actual: problems.join('; '), url: page.url(), pageText: await pageExcerpt(page),
      });
    }
    default:
      throw new Error(`not an assertion: ${a.kind}`);
  }
}

/**
 * The element, made visible first when it only shows on hover (a row's remove button): its
 * ancestors are hovered, nearest first, until it shows.
 */
async function revealed(page: Page, d: LocatorDescriptor, timeoutMs: number) {
  const el = toLocator(page, d).first();
  const shown = () => offTrace(page, () => el.isVisible());
  if ((await offTrace(page, () => el.count())) === 0 || (await shown())) return el;
  for (let up = 1; up <= 4; up++) {
    await el.locator(`xpath=ancestor::*[${up}]`).hover({ timeout: Math.min(timeoutMs, 2000) }).catch(() => {});
    if (await shown()) return el;
  }
  return el;
}

/**
 * Click like a person: at the element's place. When another element of the same widget takes the
 * pointer there (a label drawn over a node, an overlay inside a card), click at that spot anyway.
 */
async function press(el: ReturnType<typeof toLocator>, how: 'click' | 'dblclick', timeoutMs: number): Promise<void> {
  const first = Math.min(timeoutMs, 3000);
  try {
    await deliveredClick(el, () => el[how]({ timeout: first }));
  } catch (err) {
    const msg = String((err as Error).message);
    if (!/intercepts pointer events|not receive pointer events|Timeout/.test(msg) || !(await el.isVisible().catch(() => false))) throw err;
    // Covered by something of another part of the page (a panel drawn over a menu): a click at that
    // spot would land on the cover and do nothing, so the element itself is sent the click.
    const covered = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (!top || e.contains(top) || top.contains(e)) return false;
      for (let a = e.parentElement, k = 0; a && k < 3; a = a.parentElement, k++) if (a.contains(top)) return false;
      return true;
    }).catch(() => false);
    if (covered) return el.dispatchEvent(how);
    await el[how]({ timeout: Math.max(1000, timeoutMs - first), force: true });
  }
}

const OFFSET = { right: [220, 0], left: [-220, 0], below: [0, 120], above: [0, -120] } as const;

/** Drag with real mouse moves (libraries that listen to mousemove need several). */
async function drag(page: Page, a: Extract<ResolvedAction, { kind: 'drag' }>, timeoutMs: number): Promise<void> {
  const src = toLocator(page, a.source).first();
  const dst = toLocator(page, a.target).first();
  await src.scrollIntoViewIfNeeded({ timeout: timeoutMs });
  const from = await src.boundingBox({ timeout: timeoutMs });
  const to = await dst.boundingBox({ timeout: timeoutMs });
  if (!from || !to) throw new StepFailure('locator-not-found', `cannot drag: ${!from ? locatorLabel(a.source) : locatorLabel(a.target)} is not on screen`, { url: page.url() });
  const [dx, dy] = a.position ? OFFSET[a.position] : [0, 0];
  // A drop on a large area lands in its upper left part, where the view is, not at its far centre.
  const large = to.width > 600 || to.height > 400;
  const tx = large ? to.x + Math.min(to.width / 2, 200) + dx : to.x + to.width / 2 + dx;
  const ty = large ? to.y + Math.min(to.height / 2, 150) + dy : to.y + to.height / 2 + dy;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 2 });
  await page.mouse.move(tx, ty, { steps: 12 });
  await page.mouse.up();
}

/** How long a pressed key is held (the exported script holds it as long). */
export const KEY_HOLD_MS = 20;

/** Actions that act on what the page shows: they wait for it to stop moving first (page-still.ts). */
export const ACTS_ON_PAGE = new Set<ResolvedAction['kind']>(['click', 'dblclick', 'hover', 'drag', 'fill', 'select', 'check', 'upload', 'select-text', 'press']);

/** Actions that aim at no place on the screen: they do not wait for CSS animations to end. */
const TYPING = new Set<ResolvedAction['kind']>(['fill', 'press', 'select']);

/**
 * Run one action. Throws StepFailure (or a Playwright error, classified by the runner). Returns a
 * note when a check held only as read loosely.
 */
export async function execute(a: ResolvedAction, x: ExecContext): Promise<string | undefined> {
  const { page } = x;
  const t = { timeout: x.timeoutMs };
  const loc = (d: LocatorDescriptor) => toLocator(page, d);
  if (ACTS_ON_PAGE.has(a.kind)) await settle(page, false, !TYPING.has(a.kind));
  else if ((a.kind === 'navigate' || a.kind === 'reload') && page.url() !== 'about:blank') await settle(page, true);
  switch (a.kind) {
    case 'navigate': {
      const url = absoluteUrl(a.url, x.baseUrl);
      try {
        await page.goto(url, { ...t, waitUntil: 'load' });
      } catch (err) {
        throw new StepFailure('navigation', `could not open ${url}: ${String((err as Error).message).split('\n')[0]}`, { url });
      }
      return;
    }
    case 'click': {
      if (a.repeat) {
        await clickWhileShown(page, a.target, x.timeoutMs);
        break;
      }
      if (a.at) {
        // In the text, where a person's click puts the caret.
        const el = toLocator(page, a.target).first();
        const point = await el.evaluate(textPoint, [a.at.text, a.at.where] as const, t);
        if (!point) throw new StepFailure('locator-not-found', `${locatorLabel(a.target)} does not show "${a.at.text}" to click in`, { url: page.url() });
        await page.mouse.click(point.x, point.y);
        break;
      }
      const el = await revealed(page, a.target, x.timeoutMs);
      // A link that opens a new tab is followed in this one: the run goes on where the page went.
      const away = await offTrace(page, () => el.evaluate((e) => {
        const link = e.closest('a[href]') as HTMLAnchorElement | null;
        // (Not a link in text being edited: a click there puts the caret in it, as in a rich-text editor.)
        return link && !link.isContentEditable && /^_blank$/i.test(link.target) && /^https?:/.test(link.href) ? link.href : null;
      })).catch(() => null);
      if (a.right) await el.click({ ...t, button: 'right' });
      else if (away) await page.goto(away, { ...t, waitUntil: 'load' });
      else await press(el, 'click', x.timeoutMs);
      break;
    }
    case 'dblclick': await press(await revealed(page, a.target, x.timeoutMs), 'dblclick', x.timeoutMs); break;
    case 'hover': await loc(a.target).hover(t); break;
    case 'reload': await page.reload({ ...t, waitUntil: 'load' }); return;
    case 'back': await page.goBack({ ...t, waitUntil: 'load' }); return;
    case 'skip': return;
    case 'drag': await drag(page, a, x.timeoutMs); break;
    case 'steps': {
      const notes: string[] = [];
      for (const part of a.parts) {
        const note = await execute(part.action, x);
        if (note) notes.push(note);
      }
      return notes.join('; ') || undefined;
    }
    case 'fill': {
      if (a.caret) {
        await page.keyboard.insertText(a.value);
        break;
      }
      const el = loc(a.target);
      if (a.end) {
        // Typed at the very end of what the field holds, as a person does: the caret put there first
        // (a rich-text editor keeps what the rest of its text looks like).
        await el.click(t);
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.insertText(a.value);
        break;
      }
      let value = a.value;
      // A code editor (CodeMirror, Monaco, Ace) keeps its text outside the field that takes the keys.
      const editor = await offTrace(page, () => el.evaluate((e) => Boolean(e.closest('.CodeMirror, .cm-editor, .monaco-editor, .ace_editor')), null, { timeout: Math.min(x.timeoutMs, 2000) })).catch(() => false);
      if (a.append || a.find !== undefined) {
        // Editing what is there: a line added at the end, or one text replaced by another.
        const now = editor ? await editorText(el) : await el.inputValue(t).catch(async () => (await el.textContent(t)) ?? '');
        if (a.find !== undefined) {
          if (!now.includes(a.find)) throw new StepFailure('assertion', `expected the field to contain "${a.find}" to replace it, but it holds "${now.slice(0, 200)}"`, { expected: a.find, actual: now.slice(0, 500), url: page.url() });
          value = now.replace(a.find, a.value);
        } else value = now.replace(/\n*$/, '') + (now.trim() ? '\n' : '') + a.value;
      }
      if (editor) {
        await setEditorText(page, el, value, t);
        break;
      }
      // "Change the language to en-GB" on a drop-down: what is set is chosen from its list, as a person does.
      const how = await offTrace(page, () => el.evaluate((e) => (e.localName === 'select' ? 'select' : e.matches('input, textarea, [contenteditable=""], [contenteditable=true], [contenteditable=plaintext-only]') || e.querySelector('input, textarea') ? 'type' : e.matches('[role=combobox], [aria-haspopup], button, [class*=select i], [class*=dropdown i]') ? 'menu' : 'type'), null, { timeout: Math.min(x.timeoutMs, 2000) })).catch(() => 'type');
      if (how === 'select') {
        await el.selectOption({ label: value }, { timeout: Math.min(x.timeoutMs, 2000) }).catch(() => el.selectOption(value, t));
        break;
      }
      if (how === 'menu') {
        await chooseFromMenu(page, el, value, x.timeoutMs);
        break;
      }
      await el.fill(value, t);
      // Apps that react to key events (live filters, jQuery keyup handlers) see a key as well: a
      // person typing ends on a key, one clearing a box on Backspace. Part of the fill in the trace.
      await offTrace(page, () => el.dispatchEvent('keyup', { key: a.value ? 'End' : 'Backspace' }, t)).catch(() => {});
      break;
    }
    case 'select': {
      const el = loc(a.target);
      // A <select>, or a label of one (Playwright chooses in the label's control).
      const native = await offTrace(page, () => el.evaluate((e) => e.localName === 'select' || ((e.closest('label') as HTMLLabelElement | null)?.control?.localName ?? '') === 'select', null, { timeout: Math.min(x.timeoutMs, 2000) })).catch(() => true);
      if (native) await el.selectOption({ label: a.value }, { timeout: Math.min(x.timeoutMs, 2000) }).catch(() => el.selectOption(a.value, t));
      else await chooseFromMenu(page, el, a.value, x.timeoutMs);
      break;
    }
    case 'upload': await giveFiles(page, a, x); break;
    case 'select-text': {
      const start = await toLocator(page, a.from.target).first().evaluate(textPoint, [a.from.text, 'start'] as const, t);
      const end = await toLocator(page, a.to.target).first().evaluate(textPoint, [a.to.text, 'end'] as const, t);
      if (!start || !end) throw new StepFailure('locator-not-found', `the page does not show "${start ? a.to.text : a.from.text}" to select`, { url: page.url() });
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(end.x + 1, end.y, { steps: 8 });
      await page.mouse.up();
      break;
    }
    case 'check':
      // "Switch on Try it out": a button that toggles a mode is pressed, as a person would.
      await loc(a.target).setChecked(a.checked, { timeout: Math.min(x.timeoutMs, 3000) }).catch(async (err: Error) => {
        // A box drawn over the real one (a styled check box) takes the click where a person's would land.
        if (/intercepts pointer events/.test(err.message)) {
          if ((await loc(a.target).isChecked({ timeout: 1000 })) !== a.checked) await loc(a.target).click({ force: true, timeout: x.timeoutMs });
          if ((await loc(a.target).isChecked({ timeout: 1000 })) !== a.checked) throw err;
          return;
        }
        // Not there yet: the rest of the step's time to appear.
        if (/Timeout/.test(err.message)) return loc(a.target).setChecked(a.checked, t);
        // A box the app draws (a tree's check boxes): the click made, its state read from its classes.
        if (/did not change its state/.test(err.message) && (await loc(a.target).evaluate(drawnChecked).catch(() => null)) === a.checked) return;
        if (!/Not a checkbox or radio button/.test(err.message)) throw err;
        const drawn = await loc(a.target).evaluate(drawnChecked).catch(() => null);
        if (drawn !== null) {
          if (drawn !== a.checked) await loc(a.target).click(t);
          return;
        }
        const pressed = await loc(a.target).getAttribute('aria-pressed', t).catch(() => null);
        if (pressed === null || (pressed === 'true') !== a.checked) await loc(a.target).click(t);
      });
      break;
    case 'press':
      // A key is held for a moment, as a person's is (a tap lasts longer still): knockout's TodoMVC
      // writes an edit on keydown a moment later, so an Escape released in the same instant it was
      // pressed would keep the edit.
      if (a.target) await loc(a.target).press(a.key, { ...t, delay: KEY_HOLD_MS });
      else await page.keyboard.press(a.key, { delay: KEY_HOLD_MS });
      break;
    case 'wait':
      if (a.target && a.gone) await loc(a.target).first().waitFor({ state: 'hidden', ...t });
      else if (a.target) await loc(a.target).first().waitFor({ state: 'visible', ...t });
      else if (a.ms !== undefined) await page.waitForTimeout(Math.min(a.ms, x.timeoutMs));
      else await page.waitForLoadState('load', t);
      return;
    case 'scroll':
      if (a.target) {
        await loc(a.target).scrollIntoViewIfNeeded(t);
        // "Scroll down to the search box, type reading": a text field scrolled to is where typing goes next.
        await loc(a.target).evaluate((e) => { if (e.matches('input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea')) (e as HTMLElement).focus(); }).catch(() => {});
      } else if (a.direction === 'top' || a.direction === 'bottom') {
        await page.evaluate((d) => window.scrollTo(0, d === 'top' ? 0 : document.body.scrollHeight), a.direction);
      } else await page.mouse.wheel(0, a.direction === 'up' ? -600 : 600);
      return;
    case 'sign-in':
      try {
        // Credentials written in the step may be meant to fail ("with the password "wrong""): the
        // checks after it judge; the project's test account must get in.
        await performSignIn(page, a, a.credentials ?? x.account, x.baseUrl, x.timeoutMs, !a.credentials);
      } catch (err) {
        if (err instanceof StepFailure) throw err;
        throw new StepFailure('navigation', String((err as Error).message).split('\n')[0]!, { url: page.url() });
      }
      return;
    default:
      return assertion(a, x);
  }
  // Let a navigation started by the action settle so the screenshot shows its result.
  await offTrace(page, () => page.waitForLoadState('load', { timeout: Math.min(x.timeoutMs, 5000) })).catch(() => {});
}
