// Hand-written Playwright scripts doing the same steps as some corpus plans, as a person would write
// them with full knowledge of the app's markup: the yardstick for the product's time per plan.
import { NODE_RED_USER } from './apps.mjs';

const T = { timeout: 10_000 };
const visible = (loc) => loc.first().waitFor({ state: 'visible', ...T });

export const RAW_SCRIPTS = {
  async 'Add a few todos'(page, url) {
    await page.goto(url);
    await visible(page.getByRole('heading', { name: 'todos' }));
    await visible(page.getByPlaceholder('What needs to be done?'));
    const input = page.getByPlaceholder('What needs to be done?');
    for (const item of ['Buy milk', 'Pay rent', 'Walk the dog']) {
      await input.fill(item);
      await input.press('Enter');
    }
    const items = page.locator('#todo-list li');
    await items.nth(2).waitFor(T);
    if ((await items.count()) !== 3) throw new Error('expected 3 todos');
    await visible(page.getByText('3 items left'));
    if ((await input.inputValue()) !== '') throw new Error('input not cleared');
  },
  async 'Edit a note in place'(page, url) {
    await page.goto(url);
    await page.getByRole('button', { name: 'new tiddler' }).click();
    await page.locator('input.tc-titlebar').fill('Todo');
    await page.frameLocator('iframe').first().locator('textarea').fill('first draft');
    await page.getByRole('button', { name: 'Confirm changes to this tiddler' }).click();
    // Without this wait the edit click is lost about half the time (the closing editor's iframe had focus).
    await page.locator('.tc-tiddler-edit-frame').waitFor({ state: 'detached', ...T });
    await page.getByRole('button', { name: 'Edit this tiddler' }).first().click();
    await page.frameLocator('iframe').first().locator('textarea').fill('final version');
    await page.getByRole('button', { name: 'Confirm changes to this tiddler' }).click();
    await visible(page.getByText('final version'));
    await page.getByText('first draft').waitFor({ state: 'hidden', ...T });
  },
  async 'Sign in to the editor'(page, url) {
    await page.goto(new URL('/admin', url).toString());
    await page.getByLabel('Username:').fill(NODE_RED_USER.username);
    await page.getByLabel('Password:').fill(NODE_RED_USER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('link', { name: 'Deploy' }));
    await visible(page.getByRole('link', { name: 'Flow 1' }));
    await visible(page.getByText('ad', { exact: true }));
    for (const node of ['inject', 'debug', 'function']) await visible(page.locator('.red-ui-palette-label', { hasText: node }));
  },
};

/**
 * Run the hand-written script with a fresh context from the same pool, opened before it, as a
 * Playwright test gets one, and released after it without waiting for the close (as the product's
 * runs release theirs; `pool.settled()` waits): timed around this call, it counts what the
 * product's time per plan counts.
 */
export async function runRaw(pool, name, url) {
  const lease = await pool.acquire({});
  try {
    await RAW_SCRIPTS[name](lease.page, url);
  } finally {
    lease.release().catch(() => {});
  }
}
