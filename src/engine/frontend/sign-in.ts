/**
 * The built-in "Sign in" capability: find the sign-in form (following a "Sign in" / "Log in" link
 * when the current page has none), fill the project's test account and submit. The locators it
 * found are saved in the script like any other step, so a replay signs in without searching.
 */
import type { Page } from 'playwright-core';
import { findTarget, ResolveError } from './resolve-target.js';
import { toLocator } from './locator.js';
import type { LocatorDescriptor, ResolvedAction, SignInField, TestAccount } from './types.js';
import { pageChange } from './page-still.js';

type SignIn = Extract<ResolvedAction, { kind: 'sign-in' }>;
// The password field on screen: a page may keep others in hidden dialogs ("Add server").
const PASSWORD: LocatorDescriptor = { strategy: 'css', selector: 'input[type="password"]:visible' };
const ENTRY_NAMES = ['Sign in', 'Log in', 'Login', 'Sign In', 'Log In'];
/** What a sign-in form's submit button may say besides the entry names. */
const SUBMIT_NAMES = ['Submit', 'Continue', 'Authenticate', 'Sign on', 'Enter'];
const USER_NAMES = ['Username', 'Email', 'E-mail', 'Email address', 'User name', 'Login', 'User'];
const USER_CSS: LocatorDescriptor = {
  strategy: 'css',
  // Visible text-like inputs only: forms carry hidden inputs such as `nodecode[login_pass]` too.
  selector: ['input[autocomplete="username"]', 'input[type="email"]', 'input[name*="user" i]', 'input[name*="email" i]', 'input[name*="login" i]']
    .map((s) => `${s}:not([type="hidden"]):not([type="password"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]):visible`)
    .join(', '),
  nth: 0,
};

const FORM_SUBMIT: LocatorDescriptor = {
  strategy: 'css',
  selector: 'form:has(input[type="password"]) :is(button[type="submit"], input[type="submit"], button:not([type]), input[type="image"]):visible',
  nth: 0,
};

async function visible(page: Page, d: LocatorDescriptor): Promise<boolean> {
  return toLocator(page, d).first().isVisible().catch(() => false);
}

async function firstFound(page: Page, names: string[], kind: 'clickable' | 'field', attrs: string[], role?: string) {
  for (const name of names) {
    const d = await findTarget(page, { name, kind, role }, { testIdAttributes: attrs, timeoutMs: 0 }).catch(() => undefined);
    if (d) return d;
  }
  return undefined;
}

/** Where apps usually keep their sign-in page, looked at when the page links to none. */
const SIGN_IN_PATHS = ['/login', '/signin', '/sign-in', '/log-in', '/user/login', '/users/sign_in', '/account/login', '/accounts/login/', '/auth/login', '/session/new', '/login.php', '/wp-login.php', '/admin/'];

/** The first usual sign-in address of the app that answers with a password field (undefined when none does). */
async function signInPath(page: Page, baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + Math.min(timeoutMs, 8000);
  // The page says which it is likely to be: an address it names, or the platform it is built on.
  const html = await page.content().catch(() => '');
  const named = SIGN_IN_PATHS.filter((p) => html.includes(p.replace(/\/$/, '')) && p !== '/admin/');
  const platform = /\/wp-(?:content|includes|json)\//.test(html) ? ['/wp-login.php'] : /Drupal|\/sites\/default\//.test(html) ? ['/user/login'] : [];
  for (const path of [...new Set([...platform, ...named, ...SIGN_IN_PATHS])]) {
    if (Date.now() >= deadline) break;
    const res = await page.request.get(new URL(path, baseUrl).href, { timeout: Math.max(500, deadline - Date.now()), maxRedirects: 5 }).catch(() => undefined);
    if (res?.ok() && /<input[^>]+type=["']?password/i.test(await res.text().catch(() => ''))) return path;
  }
  return undefined;
}

/**
 * Make sure a sign-in form is on screen: the current page's, else the one a "Sign in" link opens,
 * else the app's usual sign-in address (`/login`, `/wp-login.php`…). Returns how it was reached.
 */
export async function reachSignInForm(page: Page, baseUrl: string, via: { entry?: LocatorDescriptor; entryPath?: string }, timeoutMs: number, attrs: string[]): Promise<{ entry?: LocatorDescriptor; entryPath?: string }> {
  if (page.url() === 'about:blank') await page.goto(baseUrl, { timeout: timeoutMs });
  if (await visible(page, PASSWORD)) return {};
  // An app may open its sign-in dialog a moment after the page loads.
  if (await toLocator(page, PASSWORD).first().waitFor({ state: 'visible', timeout: Math.min(timeoutMs, 2000) }).then(() => true, () => false)) return {};
  const link = via.entryPath ? undefined : (via.entry ?? (await firstFound(page, ENTRY_NAMES, 'clickable', attrs)));
  const path = link ? undefined : (via.entryPath ?? (await signInPath(page, baseUrl, timeoutMs)));
  if (link) await toLocator(page, link).click({ timeout: timeoutMs });
  else if (path) await page.goto(new URL(path, baseUrl).href, { timeout: timeoutMs });
  else return {};
  await toLocator(page, PASSWORD).first().waitFor({ state: 'visible', timeout: timeoutMs }).catch(() => {});
  return link ? { entry: link } : { entryPath: path };
}

export async function resolveSignIn(page: Page, baseUrl: string, o: { testIdAttributes: string[]; timeoutMs: number }): Promise<SignIn> {
  const attrs = o.testIdAttributes;
  const reached = await reachSignInForm(page, baseUrl, {}, o.timeoutMs, attrs);
  const pw = await toLocator(page, PASSWORD).first().waitFor({ state: 'visible', timeout: o.timeoutMs }).then(() => true, () => false);
  if (!pw) throw new ResolveError(`no sign-in form found (no password field, no "Sign in" or "Log in" link, and none at ${SIGN_IN_PATHS.join(', ')})`, ['input[type=password]', ...ENTRY_NAMES.map((n) => `link/button "${n}"`)]);
  const password = (await firstFound(page, ['Password'], 'field', attrs)) ?? { ...PASSWORD, nth: 0 };
  // An app may sign in with a password alone: then there is no user name field to fill.
  const username = (await firstFound(page, USER_NAMES, 'field', attrs)) ?? ((await toLocator(page, USER_CSS).count()) > 0 ? USER_CSS : undefined);
  // The password's own form's submit button first: a "Login" link elsewhere on the page only reopens the form.
  const submit = (await visible(page, FORM_SUBMIT)) ? FORM_SUBMIT : await firstFound(page, [...ENTRY_NAMES, ...SUBMIT_NAMES], 'clickable', attrs, 'button');
  return { kind: 'sign-in', ...(username ? { username } : {}), password, ...(submit ? { submit } : {}), ...reached };
}

/**
 * A value given to the sign-in form without its field's name ("on SQLite 3", "shop.db"): the shown
 * drop-down that offers it, else the first empty text field that is not for the account. `used`:
 * the selectors given a value already in this step.
 */
export async function fieldForValue(page: Page, value: string, used: string[], selectOnly = false): Promise<SignInField | undefined> {
  const found = await page.evaluate(({ value, used, selectOnly }) => {
    const shown = (e: Element) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const css = (e: Element) => (e.id ? `#${CSS.escape(e.id)}` : e.getAttribute('name') ? `${e.localName}[name="${CSS.escape(e.getAttribute('name')!)}"]` : undefined);
    const want = value.trim().toLowerCase();
    for (const s of Array.from(document.querySelectorAll('select'))) {
      const option = Array.from(s.options).find((o) => o.text.trim().toLowerCase() === want || o.value.toLowerCase() === want);
      const c = css(s);
      if (option && c && shown(s) && !used.includes(c)) return { selector: c, choose: true, value: option.text.trim() };
    }
    if (selectOnly) return undefined;
    for (const e of Array.from(document.querySelectorAll('input'))) {
      if (!shown(e) || e.value || /^(?:hidden|password|checkbox|radio|submit|button|reset|file|image|email|search)$/.test(e.type)) continue;
      if (/user|login|mail|pass|search|query/i.test(`${e.name} ${e.id} ${e.autocomplete} ${e.placeholder}`)) continue;
      const c = css(e);
      if (c && !used.includes(c)) return { selector: c, choose: false, value };
    }
    return undefined;
  }, { value, used, selectOnly });
  return found ? { target: { strategy: 'css', selector: found.selector }, value: found.value, ...(found.choose ? { choose: true } : {}) } : undefined;
}

/** Give the form one of its values (idempotent: a resolved field is set again when the step runs). */
export async function setSignInField(page: Page, f: SignInField, timeoutMs: number): Promise<void> {
  const el = toLocator(page, f.target).first();
  if (f.choose) await el.selectOption({ label: f.value }, { timeout: timeoutMs });
  else await el.fill(f.value, { timeout: timeoutMs });
}

/** Fill the account and submit; throws when the sign-in form is still there with an error. */
export async function performSignIn(page: Page, a: SignIn, account: TestAccount | undefined, baseUrl: string, timeoutMs: number, mustSucceed = true): Promise<void> {
  await reachSignInForm(page, baseUrl, a, timeoutMs, []);
  for (const f of a.fields ?? []) await setSignInField(page, f, timeoutMs);
  if (a.fillOnly) {
    if (!account) throw new Error('no test account is configured for this project (set a password, and a username where the app asks for one)');
    if (a.username && account.username) await toLocator(page, a.username).fill(account.username, { timeout: timeoutMs });
    await toLocator(page, a.password).fill(account.password, { timeout: timeoutMs });
    return;
  }
  if (!account) {
    // "Type hunter2 as the password and log in": what the step typed is submitted as it is.
    const typed = await toLocator(page, a.password).inputValue({ timeout: 1000 }).catch(() => '');
    if (!typed) throw new Error('no test account is configured for this project (set a password, and a username where the app asks for one)');
    if (a.submit) await toLocator(page, a.submit).click({ timeout: timeoutMs });
    else await toLocator(page, a.password).press('Enter', { timeout: timeoutMs });
    await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
    return;
  }
  if (a.username && account.username) await toLocator(page, a.username).fill(account.username, { timeout: timeoutMs });
  await toLocator(page, a.password).fill(account.password, { timeout: timeoutMs });
  if (a.submit) await toLocator(page, a.submit).click({ timeout: timeoutMs });
  else await toLocator(page, a.password).press('Enter', { timeout: timeoutMs });
  await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
  // Signed in once the password field is gone; an error message next to it ends the wait early.
  const pw = toLocator(page, PASSWORD).first();
  const alert = page.getByRole('alert').filter({ visible: true }).first();
  const deadline = Date.now() + Math.min(timeoutMs, 5000);
  for (;;) {
    if (!(await pw.isVisible().catch(() => false))) return;
    const shown = (await alert.isVisible().catch(() => false)) ? await alert.innerText().catch(() => '') : '';
    if ((shown || Date.now() >= deadline) && !mustSucceed) return;
    if (shown || Date.now() >= deadline) {
      throw new Error(`sign-in did not succeed: the sign-in form is still shown${shown ? ` with "${shown.trim()}"` : ''}`);
    }
    await pageChange(page, deadline - Date.now(), 20, 100);
  }
}
