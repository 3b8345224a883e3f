/**
 * The built-in "Sign in" capability: find the sign-in form (following a "Sign in" / "Log in" link
 * when the current page has none), fill the project's test account and submit. The locators it
 * found are saved in the script like any other step, so a replay signs in without searching.
 */
import type { Page } from 'playwright-core';
import { findTarget, ResolveError } from './resolve-target.js';
import { toLocator } from './locator.js';
import type { LocatorDescriptor, ResolvedAction, TestAccount } from './types.js';
import { pageChange } from './page-still.js';

type SignIn = Extract<ResolvedAction, { kind: 'sign-in' }>;
const PASSWORD: LocatorDescriptor = { strategy: 'css', selector: 'input[type="password"]' };
const ENTRY_NAMES = ['Sign in', 'Log in', 'Login', 'Sign In', 'Log In'];
const USER_NAMES = ['Username', 'Email', 'E-mail', 'Email address', 'User name', 'Login', 'User'];
const USER_CSS: LocatorDescriptor = {
  strategy: 'css',
  selector: 'input[autocomplete="username"], input[type="email"], input[name*="user" i], input[name*="email" i], input[name*="login" i]',
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

/** Make sure a sign-in form is on screen; returns the entry link used, if any. */
export async function reachSignInForm(page: Page, baseUrl: string, entry: LocatorDescriptor | undefined, timeoutMs: number, attrs: string[]) {
  if (page.url() === 'about:blank') await page.goto(baseUrl, { timeout: timeoutMs });
  if (await visible(page, PASSWORD)) return undefined;
  const link = entry ?? (await firstFound(page, ENTRY_NAMES, 'clickable', attrs));
  if (!link) return undefined;
  await toLocator(page, link).click({ timeout: timeoutMs });
  await toLocator(page, PASSWORD).first().waitFor({ state: 'visible', timeout: timeoutMs }).catch(() => {});
  return link;
}

export async function resolveSignIn(page: Page, baseUrl: string, o: { testIdAttributes: string[]; timeoutMs: number }): Promise<SignIn> {
  const attrs = o.testIdAttributes;
  const entry = await reachSignInForm(page, baseUrl, undefined, o.timeoutMs, attrs);
  const pw = await toLocator(page, PASSWORD).first().waitFor({ state: 'visible', timeout: o.timeoutMs }).then(() => true, () => false);
  if (!pw) throw new ResolveError('no sign-in form found (no password field, and no "Sign in" or "Log in" link)', ['input[type=password]', ...ENTRY_NAMES.map((n) => `link/button "${n}"`)]);
  const password = (await firstFound(page, ['Password'], 'field', attrs)) ?? { ...PASSWORD, nth: 0 };
  // An app may sign in with a password alone: then there is no user name field to fill.
  const username = (await firstFound(page, USER_NAMES, 'field', attrs)) ?? ((await toLocator(page, USER_CSS).count()) > 0 ? USER_CSS : undefined);
  const submit = await firstFound(page, [...ENTRY_NAMES, 'Submit', 'Continue'], 'clickable', attrs, 'button');
  return { kind: 'sign-in', ...(username ? { username } : {}), password, ...(submit ? { submit } : {}), ...(entry ? { entry } : {}) };
}

/** Fill the account and submit; throws when the sign-in form is still there with an error. */
export async function performSignIn(page: Page, a: SignIn, account: TestAccount | undefined, baseUrl: string, timeoutMs: number, mustSucceed = true): Promise<void> {
  await reachSignInForm(page, baseUrl, a.entry, timeoutMs, []);
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
