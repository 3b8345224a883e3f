/**
 * Export a resolved script as a runnable `@playwright/test` file. Locators are the same ones the
 * engine recorded; BASE_URL and the test account come from the environment at run time, so no
 * secret is written into the file.
 */
import { ACTS_ON_PAGE, KEY_HOLD_MS, MAX_PAGES } from './actions.js';
import { describeLocator } from './locator.js';
import { looseStem, looseWords } from '../../steps/lexicon.js';
import type { LocatorDescriptor, ResolvedAction, ResolvedScript } from './types.js';
import { LABEL_SEPARATOR, drawnChecked, fieldValueHas, markedWith, isEmpty, placeholderReads, partlyChecked, readingText, selectedCount, textPoint, textShownIn, textStyleOf } from './in-page.js';

export interface ExportedCode {
  language: 'typescript';
  framework: 'playwright';
  filename: string;
  code: string;
}

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const re = (s: string) => `/${s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/`;
/** Whether a check box is ticked, as the run decides it: the page's own by its state, one the app draws by its classes. */
const TICKED = `async (box) => { const own = await box.evaluate((e) => (e.matches('input[type=checkbox], input[type=radio], [role=checkbox], [role=switch], [role=radio], [aria-checked]') ? 'own' : e.hasAttribute('aria-pressed') ? e.getAttribute('aria-pressed') === 'true' : null)); return own === 'own' ? box.isChecked() : (own ?? (await box.evaluate(${drawnChecked.toString()})) ?? false); }`;
const ERROR_RE = '/something went wrong|internal server error|unexpected error|application error|an error (?:has )?occurred/i';

/** Before an action on the page (or leaving it), wait as the engine does: see SETTLE. */
function lines(a: ResolvedAction): string[] {
  const own = actionLines(a);
  return ACTS_ON_PAGE.has(a.kind) || a.kind === 'navigate' || a.kind === 'reload' || a.kind === 'sign-in' ? ['await settle();', ...own] : own;
}

function actionLines(a: ResolvedAction): string[] {
  const L = 'target' in a && a.target ? describeLocator(a.target) : '';
  switch (a.kind) {
    case 'navigate': return [`await page.goto(${a.url ? `new URL(${q(a.url)}, BASE_URL).toString()` : 'BASE_URL'});`];
    case 'click':
      // (Again as long as it is shown: a form's Next, up to its last page.)
      // (In the text, where a person's click puts the caret: in-page.ts.)
      if (a.at) return [`{ const p = await ${L}.first().evaluate(${textPoint.toString()}, [${q(a.at.text)}, '${a.at.where}'] as const); await page.mouse.click(p!.x, p!.y); }`];
      if (a.repeat) {
        const next = `${L}.filter({ visible: true }).first()`;
        const body = "page.locator('body').innerText()";
        return [`for (let k = 0; k < ${MAX_PAGES} && (await ${next}.isVisible()) && (await ${next}.isEnabled()); k++) {`, `  const before = await ${body};`, `  await ${next}.click();`, `  await expect.poll(() => ${body}, { timeout: 3000 }).not.toBe(before).catch(() => {});`, `  if ((await ${body}) === before) break;`, '  await settle();', '}'];
      }
      return [a.right ? `await ${L}.click({ button: 'right' });` : `await ${L}.click();`];
    case 'dblclick': return [`await ${L}.dblclick();`];
    case 'reload': return [`await page.reload();`];
    case 'back': return [`await page.goBack();`];
    case 'skip': return [`// skipped: ${a.reason.replace(/\n/g, ' ')}`];
    case 'drag': {
      const offset = a.position ? { right: [220, 0], left: [-220, 0], below: [0, 120], above: [0, -120] }[a.position] : undefined;
      return offset
        ? [`{ const box = (await ${describeLocator(a.target)}.boundingBox())!; await ${describeLocator(a.source)}.dragTo(${describeLocator(a.target)}, { targetPosition: { x: Math.min(box.width / 2, 200) + ${offset[0]}, y: Math.min(box.height / 2, 150) + ${offset[1]} } }); }`]
        : [`await ${describeLocator(a.source)}.dragTo(${describeLocator(a.target)});`];
    }
    case 'steps': return a.parts.flatMap((p) => [`// ${p.text.replace(/\n/g, ' ')}`, ...lines(p.action)]);
    case 'expect-all':
      if (a.state === 'unselected') return [`await expect.poll(() => ${L}.first().evaluate(${selectedCount.toString()})).toBe(0);`];
      if (a.count !== undefined) return [`await expect.poll(async () => { let k = 0; for (const box of await ${L}.all()) if ((await (${TICKED})(box)) === ${a.state === 'checked'}) k++; return k; }).toBe(${a.count});`];
      return [`await expect.poll(async () => { const boxes = await ${L}.all(); for (const box of boxes) if ((await (${TICKED})(box)) !== ${a.state === 'checked'}) return false; return boxes.length > 0; }).toBe(true);`];
    case 'hover': return [`await ${L}.hover();`];
    case 'fill':
      if (a.caret) return [`await page.keyboard.insertText(${q(a.value)});`];
      if (a.find !== undefined) return [`await ${L}.fill((await ${L}.inputValue()).replace(${q(a.find)}, ${q(a.value)}));`];
      if (a.end) return [`await ${L}.click();`, `await page.keyboard.press('ControlOrMeta+End');`, `await page.keyboard.insertText(${q(a.value)});`];
      if (a.append) return [`await ${L}.fill((await ${L}.inputValue()).replace(/\\n*$/, '\\n') + ${q(a.value)});`];
      return [`await ${L}.fill(${q(a.value)});`];
    case 'select': return [`await ${L}.selectOption({ label: ${q(a.value)} });`];
    // (A box the app draws is clicked when it is not yet as asked, as the run does.)
    case 'check': return [`if (await ${L}.evaluate((e) => e.matches('input[type=checkbox], input[type=radio]'))) await ${L}.setChecked(${a.checked});`, `else if ((await (${TICKED})(${L})) !== ${a.checked}) await ${L}.click();`];
    case 'select-text': {
      const point = (d: { target: LocatorDescriptor; text: string }, where: string) => `await ${describeLocator(d.target)}.first().evaluate(${textPoint.toString()}, [${q(d.text)}, '${where}'] as const)`;
      return [`{ const a = (${point(a.from, 'start')})!; const b = (${point(a.to, 'end')})!; await page.mouse.move(a.x, a.y); await page.mouse.down(); await page.mouse.move(b.x + 1, b.y, { steps: 8 }); await page.mouse.up(); }`];
    }
    case 'dialog': {
      const norm = "(m) => m.replace(/\\s+/g, ' ').toLowerCase()";
      return [a.text ? `await expect.poll(() => dialogs.map(${norm}).some((m) => m.includes(${q(a.text.replace(/\s+/g, ' ').toLowerCase())}))).toBe(true);` : 'await expect.poll(() => dialogs.length > 0).toBe(true);'];
    }
    case 'upload': {
      const files = `[${a.files.map((f) => `join(FILES_DIR, ${q(f)})`).join(', ')}]`;
      if (!a.target) return ['await expect.poll(() => chooser !== undefined).toBe(true);', `await chooser!.setFiles(${files});`, 'chooser = undefined;'];
      return a.chooser ? [`{ const [c] = await Promise.all([page.waitForEvent('filechooser'), ${L}.click()]); await c.setFiles(${files}); }`] : [`await ${L}.setInputFiles(${files});`];
    }
    case 'press': return [a.target ? `await ${L}.press(${q(a.key)}, { delay: ${KEY_HOLD_MS} });` : `await page.keyboard.press(${q(a.key)}, { delay: ${KEY_HOLD_MS} });`];
    case 'wait':
      if (a.target && a.gone) return [`await expect(${L}.filter({ visible: true })).toHaveCount(0);`];
      if (a.target) return [`await expect(${L}.first()).toBeVisible();`];
      return [a.ms !== undefined ? `await page.waitForTimeout(${a.ms});` : `await page.waitForLoadState('load');`];
    case 'scroll':
      if (a.target) return [`await ${L}.scrollIntoViewIfNeeded();`];
      if (a.direction === 'top' || a.direction === 'bottom') return [`await page.evaluate(() => window.scrollTo(0, ${a.direction === 'top' ? '0' : 'document.body.scrollHeight'}));`];
      return [`await page.mouse.wheel(0, ${a.direction === 'up' ? -600 : 600});`];
    case 'sign-in': return [
      `if (page.url() === 'about:blank') await page.goto(BASE_URL);`,
      ...(a.entry ? [`if (!(await page.locator('input[type="password"]').first().isVisible())) await ${describeLocator(a.entry)}.click();`] : []),
      ...(a.entryPath ? [`if (!(await page.locator('input[type="password"]').first().isVisible())) await page.goto(new URL(${q(a.entryPath)}, BASE_URL).href);`] : []),
      ...(a.fields ?? []).map((f) => (f.choose ? `await ${describeLocator(f.target)}.selectOption({ label: ${q(f.value)} });` : `await ${describeLocator(f.target)}.fill(${q(f.value)});`)),
      ...(a.username ? [`await ${describeLocator(a.username)}.fill(${a.credentials ? q(a.credentials.username) : `process.env.SVC_TEST_USERNAME ?? ''`});`] : []),
      `await ${describeLocator(a.password)}.fill(${a.credentials ? q(a.credentials.password) : `process.env.SVC_TEST_PASSWORD ?? ''`});`,
      ...(a.fillOnly ? [] : [a.submit ? `await ${describeLocator(a.submit)}.click();` : `await ${describeLocator(a.password)}.press('Enter');`]),
      ...(a.credentials || a.fillOnly ? [] : [`await expect(page.locator('input[type="password"]')).toHaveCount(0);`]),
    ];
    case 'expect-text': {
      if (a.within) {
        const w = `${describeLocator(a.within)}.first()`;
        return [`await expect.poll(() => ${w}.evaluate(textShownIn, [${q(a.text)}, ${a.orValue === true}, LABEL_SEPARATOR] as const, { timeout: 500 }).catch(() => false)).toBe(${a.visible});`];
      }
      const shown = `textShown(page, ${q(a.text)}, ${a.visible}, ${a.orValue === true})`;
      if (a.loose && a.visible) {
        // As svc reads it: word for word, or the words that name something shown together.
        const { words } = looseWords(a.text);
        return [`await expect.poll(async () => (await ${shown}) || (await shownTogether(page, ${JSON.stringify(words.map(looseStem))}, []))).toBe(true);`];
      }
      return [`await expect.poll(() => ${shown}).toBe(${a.visible});`];
    }
    case 'expect-state':
      switch (a.state) {
        case 'visible': return [`await expect(${L}.filter({ visible: true }).first()).toBeVisible();`];
        case 'hidden': return [`await expect(${L}.filter({ visible: true })).toHaveCount(0);`];
        case 'enabled': return [`await expect(${L}.first()).toBeEnabled();`];
        case 'disabled': return [`await expect(${L}.first()).toBeDisabled();`];
        case 'checked':
        case 'unchecked': return [`await expect.poll(() => (${TICKED})(${L}.first())).toBe(${a.state === 'checked'});`];
        case 'focused': return [`await expect(${L}.first()).toBeFocused();`];
        case 'mixed': return [`await expect.poll(() => ${L}.first().evaluate(${partlyChecked.toString()})).toBe(true);`];
        // (What counts as empty: in-page.ts, the same function the run uses.)
        case 'empty': return [`await expect.poll(() => ${L}.first().evaluate(${isEmpty.toString()})).toBe(true);`];
        case 'expanded':
        case 'collapsed': return [`await expect(${L}.first()).toHaveAttribute('aria-expanded', '${a.state === 'expanded'}');`];
        case 'selected':
        case 'unselected': {
          const sel = `${L}.first()`;
          const check = `await expect.poll(() => ${sel}.evaluate((e) => e.getAttribute('aria-selected') === 'true' || (e.getAttribute('aria-current') ?? 'false') !== 'false' || /(^|\\s)(selected|active|current)(\\s|$)/.test(e.className + ' ' + (e.parentElement?.className ?? ''))))`;
          return [`${check}.toBe(${a.state === 'selected'});`];
        }
        case 'active': {
          // Selected, for a tab; usable, for a control on its own (no "disabled" on it or its button).
          const sel = `${L}.first()`;
          return [`await expect.poll(() => ${sel}.evaluate((e) => e.getAttribute('aria-selected') === 'true' || (e.getAttribute('aria-current') ?? 'false') !== 'false' || /(^|\\s)(selected|active|current)(\\s|$)/.test(e.className + ' ' + (e.parentElement?.className ?? '')) || (!e.matches('[role=tab], [aria-selected]') && ![e, e.closest('a, button, [role=button]')].some((x) => x && (x.hasAttribute('disabled') || x.getAttribute('aria-disabled') === 'true' || /(^|[\\s_-])disabled(\\s|$)/.test(x.className)))))).toBe(true);`];
        }
      }
      break;
    case 'expect-url': return [`await expect(page).toHaveURL(${re(a.contains)});`];
    // The browser tab's title, or the title the page shows at its top.
    case 'expect-title': return [`await expect.poll(async () => (await page.title()).includes(${JSON.stringify(a.contains)}) || (await page.locator('h1, h2, h3, [role=heading], [class*=title i]').filter({ hasText: ${JSON.stringify(a.contains)}, visible: true }).count()) > 0).toBe(true);`];
    case 'expect-value': return [`await expect(${L}.first()).toHaveValue(${q(a.value)});`];
    case 'expect-count':
      if (a.noun) return [`await expect.poll(async () => (await ${L}.filter({ visible: true }).count()) === ${a.count} || (await shownTogether(page, [${q(String(a.count))}], [${q(looseStem(a.noun))}]))).toBe(true);`];
      return [`await expect(${L}.filter({ visible: true })).toHaveCount(${a.count});`];
    case 'expect-look':
      // (How svc reads the text's style: in-page.ts.)
      if (a.style) return [`await expect.poll(async () => (await ${L}.first().evaluate(${textStyleOf.toString()})).${a.style}).toBe(${!a.negated});`];
      return [
        `await expect.poll(async () => (await ${L}.first().evaluate(${markedWith.toString()}, ${JSON.stringify(a.icon?.words ?? [])})).icon).toBe(${!a.negated});`,
      ];
    case 'expect-order': return [
      `await expect.poll(async () => { const t = await ${a.within ? `${describeLocator(a.within)}.first()` : "page.locator('body')"}.evaluate(${readingText.toString()}); let from = 0; return ${JSON.stringify(a.texts.map((t) => t.toLowerCase()))}.every((x) => { const at = t.indexOf(x, from); from = at + x.length; return at >= 0; }); }).toBe(true);`,
    ];
    case 'expect-each': return [
      `for (const row of await ${describeLocator(a.rows)}.filter({ visible: true }).all()) await expect(row.locator(${describeLocator(a.has)})).not.toHaveCount(0);`,
    ];
    case 'expect-no-error': return [
      `await page.waitForLoadState('load');`,
      `expect(lastStatus, 'HTTP status of the page').toBeLessThan(400);`,
      `expect(pageErrors, 'uncaught exceptions on the page').toEqual([]);`,
      `await expect(page.locator('body')).not.toContainText(${ERROR_RE});`,
    ];
  }
  return [];
}

/**
 * The engine's wait before acting (page-still.ts), for a script run without it: the page's own
 * requests sent since the last action answered (at most 3 s), then its document still for 40 ms
 * (at most 1 s more). Without it an action can race what the last one started, e.g. text typed
 * into a field that the page empties when the previous item's POST comes back.
 */
const SETTLE = [
  '  // Before each action, as svc does: wait for the page to finish what the last one started (its',
  '  // fetch/XHR requests answered, then its document still for a moment).',
  '  const inFlight = new Map<object, number>();',
  `  page.on('request', (r) => { if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') inFlight.set(r, Date.now()); });`,
  `  page.on('requestfinished', (r) => inFlight.delete(r));`,
  `  page.on('requestfailed', (r) => inFlight.delete(r));`,
  '  let acted = 0;',
  '  const settle = async () => {',
  '    const from = Math.max(acted, Date.now() - 3000);',
  '    const end = Date.now() + 3000;',
  '    while ([...inFlight.values()].some((at) => at >= from) && Date.now() < end) await page.waitForTimeout(20);',
  '    await page.evaluate(() => new Promise<void>((done) => {',
  '      let quiet = setTimeout(stop, 40);',
  '      const cap = setTimeout(stop, 1000);',
  '      const seen = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(stop, 40); });',
  '      seen.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });',
  '      function stop() { seen.disconnect(); clearTimeout(quiet); clearTimeout(cap); done(); }',
  '    })).catch(() => {});',
  '    acted = Date.now();',
  '  };',
];

/**
 * A check in the step's own words, as svc reads it loosely (actions.ts): the shortest text on the
 * page holding every word (no case, no plural ending) and, when given, one of the context words.
 */
const SHOWN_TOGETHER = [
  '',
  '// Words shown together in one short text, compared without case or plural endings.',
  'async function shownTogether(page: import(\'@playwright/test\').Page, words: string[], context: string[]): Promise<boolean> {',
  '  return page.evaluate(([words, context]) => {',
  "    const stem = (w: string) => (/ies$/.test(w) ? `${w.slice(0, -3)}y` : /(?:x|ch|sh|ss)es$/.test(w) ? w.slice(0, -2) : /[^su]s$/.test(w) ? w.slice(0, -1) : w);",
  '    return Array.from(document.querySelectorAll(\'body, body *\')).some((e) => {',
  "      const text = ((e as HTMLElement).innerText ?? '').replace(/\\s+/g, ' ').trim();",
  "      const have = new Set(text.toLowerCase().replace(/['’]s\\b/g, '').replace(/['’]/g, '').split(/[^\\w%°]+/).filter(Boolean).map(stem));",
  '      return text.length > 0 && text.length <= 400 && words.every((w) => have.has(w)) && (!context.length || context.some((w) => have.has(w)));',
  '    });',
  '  }, [words, context] as const);',
  '}',
];

/** How svc decides a text is shown (actions.ts textShown), with the in-page functions it runs. */
const TEXT_SHOWN = [
  '',
  '// Text a person sees: on the page or in a frame (a label\'s punctuation aside); for a text that must be',
  '// shown, also a field\'s value or an empty field\'s placeholder; with orValue, any field\'s value.',
  `const LABEL_SEPARATOR = ${q(LABEL_SEPARATOR)};`,
  textShownIn.toString(),
  fieldValueHas.toString(),
  placeholderReads.toString(),
  'async function textShown(page: import(\'@playwright/test\').Page, text: string, inFields: boolean, orValue: boolean): Promise<boolean> {',
  '  if ((await page.getByText(text).filter({ visible: true }).count()) > 0) return true;',
  '  for (const frame of page.frames()) {',
  '    if (await frame.locator(\'body\').evaluate(textShownIn, [text, false, LABEL_SEPARATOR] as const, { timeout: 500 }).catch(() => false)) return true;',
  '  }',
  '  const valueHas = async (fields: string, served: boolean) => {',
  '    for (const frame of page.frames()) if (await frame.evaluate(fieldValueHas, [text, fields, served] as const).catch(() => false)) return true;',
  '    return false;',
  '  };',
  '  if (orValue && (await valueHas(\'input, textarea\', false))) return true;',
  '  return inFields && ((await valueHas(\'textarea\', false)) || (await valueHas(\'input\', true)) || (await page.evaluate(placeholderReads, text).catch(() => false)));',
  '}',
];

export function exportPlaywright(script: ResolvedScript, name = 'frontend test'): ExportedCode {
  const walk = (a: ResolvedAction, pred: (x: ResolvedAction) => boolean): boolean => (a.kind === 'steps' ? a.parts.some((p) => walk(p.action, pred)) : pred(a));
  const anyAction = (pred: (x: ResolvedAction) => boolean) => script.steps.some((s) => walk(s.action, pred));
  const loose = anyAction((a) => (a.kind === 'expect-text' && a.loose === true) || (a.kind === 'expect-count' && a.noun !== undefined));
  const text = anyAction((a) => a.kind === 'expect-text');
  const files = anyAction((a) => a.kind === 'upload');
  const opened = anyAction((a) => a.kind === 'upload' && !a.target);
  // The browser's own questions are answered OK, as svc does; Cancel from the step before one that says so.
  const cancels = script.steps.map((s) => walk(s.action, (a) => a.kind === 'dialog' && !a.accept));
  const body = script.steps.flatMap((s, k) => {
    const armed = cancels[k] || cancels[k + 1] === true;
    const before = k > 0 && (cancels[k - 1] || cancels[k] === true);
    return [
      `  await test.step(${q(`${s.index + 1}. ${s.description}`)}, async () => {`,
      ...(armed !== before ? [`    dismissNext = ${armed};`] : []),
      ...lines(s.action).map((l) => `    ${l}`),
      '  });',
    ];
  });
  const code = [
    `import { test, expect } from '@playwright/test';`,
    ...(files ? [`import { join } from 'node:path';`] : []),
    '',
    '// Exported from a resolved svc frontend test. BASE_URL overrides the project URL;',
    '// SVC_TEST_USERNAME and SVC_TEST_PASSWORD supply the test account for sign-in steps.',
    ...(files ? ["// SVC_FILES_DIR is the directory holding the files the upload steps pick (the project's files; default ./files)."] : []),
    `const BASE_URL = process.env.BASE_URL ?? ${q(script.baseUrl)};`,
    ...(files ? [`const FILES_DIR = process.env.SVC_FILES_DIR ?? 'files';`] : []),
    '',
    `test(${q(name)}, async ({ page }) => {`,
    '  const pageErrors: string[] = [];',
    '  let lastStatus = 0;',
    `  page.on('pageerror', (e) => pageErrors.push(e.message));`,
    `  page.on('framenavigated', (f) => { if (f === page.mainFrame()) pageErrors.length = 0; });`,
    `  page.on('response', (r) => { if (r.request().isNavigationRequest() && r.frame() === page.mainFrame()) lastStatus = r.status(); });`,
    '  const dialogs: string[] = [];',
    '  let dismissNext = false;',
    `  page.on('dialog', (d) => { dialogs.push(d.message()); void (dismissNext ? d.dismiss() : d.accept()); });`,
    ...(opened ? [`  let chooser: import('@playwright/test').FileChooser | undefined;`, `  page.on('filechooser', (c) => { chooser = c; });`] : []),
    ...SETTLE,
    '',
    ...body,
    '});',
    ...(text ? TEXT_SHOWN : []),
    ...(loose ? SHOWN_TOGETHER : []),
    '',
  ].join('\n');
  const file = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'frontend-test';
  return { language: 'typescript', framework: 'playwright', filename: `${file}.spec.ts`, code };
}
