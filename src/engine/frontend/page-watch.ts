/**
 * Watches a page for what "the page shows no error" means: the main document's HTTP status,
 * uncaught exceptions since the last navigation, and console errors (kept for the run result).
 */
import type { Page } from 'playwright-core';

export const ERROR_TEXT = /something went wrong|internal server error|unexpected error|application error|an error (?:has )?occurred/i;

export class PageWatch {
  /** Status of the latest main-frame document response. */
  status?: number;
  statusUrl?: string;
  /** Uncaught page exceptions since the latest main-frame navigation. */
  pageErrors: string[] = [];
  /** Every console error and uncaught exception of the run, in order. */
  readonly consoleErrors: string[] = [];
  /** The browser's own questions so far (`confirm`, `alert`, `prompt`), as the run answered them. */
  readonly dialogs: Array<{ message: string; at: number; accepted: boolean; checked?: boolean }> = [];
  /** Answer the browser's next questions with Cancel: a step of the plan says so. */
  dismiss = false;

  attach(page: Page): this {
    page.on('response', (r) => {
      if (r.request().isNavigationRequest() && r.frame() === page.mainFrame()) {
        this.status = r.status();
        this.statusUrl = r.url();
      }
    });
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) this.pageErrors = [];
    });
    page.on('pageerror', (e) => {
      const msg = `${e.name}: ${e.message}`;
      this.pageErrors.push(msg);
      this.consoleErrors.push(`uncaught ${msg}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && this.consoleErrors.length < 200) this.consoleErrors.push(m.text().slice(0, 500));
    });
    return this;
  }

  /** Problems with the current page, empty when it shows no error. */
  async problems(page: Page): Promise<string[]> {
    const out: string[] = [];
    if (this.status !== undefined && this.status >= 400) out.push(`the page returned HTTP ${this.status}`);
    for (const e of this.pageErrors) out.push(`uncaught exception ${e}`);
    const text = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '');
    const m = ERROR_TEXT.exec(text);
    if (m) out.push(`the page shows "${m[0]}"`);
    return out;
  }
}
