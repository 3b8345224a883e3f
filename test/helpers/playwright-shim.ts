/**
 * Runs an exported `@playwright/test` file without the test runner: the file is transpiled, its
 * import of '@playwright/test' is swapped for a small `test`/`expect` with the matchers the exporter
 * emits (polling, like the real ones), and its test body runs against a page we provide.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Page } from 'playwright-core';

type Body = (args: { page: Page }) => Promise<void>;

async function poll(what: string, cond: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await cond().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`expectation failed: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expect(actual: any) {
  const make = (neg: boolean) => {
    const p = (name: string, f: () => Promise<boolean>) => poll(`${neg ? 'not.' : ''}${name}`, async () => (await f()) !== neg);
    return {
      toBeVisible: () => p('toBeVisible', () => actual.isVisible()),
      toBeEnabled: () => p('toBeEnabled', () => actual.isEnabled()),
      toBeDisabled: () => p('toBeDisabled', () => actual.isDisabled()),
      toBeChecked: () => p('toBeChecked', () => actual.isChecked()),
      toHaveCount: (n: number) => p(`toHaveCount(${n})`, async () => (await actual.count()) === n),
      toHaveValue: (v: string) => p(`toHaveValue(${v})`, async () => (await actual.inputValue()) === v),
      toContainText: (want: RegExp | string, o: { ignoreCase?: boolean } = {}) =>
        p(`toContainText(${want})`, async () => {
          const text: string = await actual.innerText();
          return typeof want === 'string' ? (o.ignoreCase ? text.toLowerCase().includes(want.toLowerCase()) : text.includes(want)) : want.test(text);
        }),
      toHaveURL: (re: RegExp) => p(`toHaveURL(${re})`, async () => re.test(actual.url())),
      toHaveTitle: (re: RegExp) => p(`toHaveTitle(${re})`, async () => re.test(await actual.title())),
      toBeLessThan: async (n: number) => {
        if (actual < n === neg) throw new Error(`expectation failed: ${actual} toBeLessThan ${n}`);
      },
      toEqual: async (v: unknown) => {
        if ((JSON.stringify(actual) === JSON.stringify(v)) === neg) throw new Error(`expectation failed: ${JSON.stringify(actual)} toEqual ${JSON.stringify(v)}`);
      },
    };
  };
  return Object.assign(make(false), { not: make(true) });
}
// `expect.poll(fn).toBe(v)`: fn is called until it returns v, like Playwright's.
expect.poll = (fn: () => Promise<unknown>) => ({
  toBe: (v: unknown) => poll(`poll toBe(${JSON.stringify(v)})`, async () => (await fn()) === v),
});

/** Load an exported file and return its test bodies. */
export async function loadExported(code: string): Promise<Array<{ name: string; body: Body }>> {
  const tests: Array<{ name: string; body: Body }> = [];
  const test = Object.assign((name: string, body: Body) => tests.push({ name, body }), {
    step: async (_name: string, fn: () => Promise<void>) => fn(),
  });
  (globalThis as Record<string, unknown>).__pwShim = { test, expect };
  const swapped = code.replace("import { test, expect } from '@playwright/test';", 'const { test, expect } = globalThis.__pwShim;');
  const js = ts.transpileModule(swapped, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(mkdtempSync(join(tmpdir(), 'svc-export-')), 'exported.mjs');
  writeFileSync(file, js);
  await import(pathToFileURL(file).href);
  return tests;
}

/** Runs an exported script's test body on a page of `pool` (BASE_URL and SVC_FILES_DIR as the caller set them). */
export async function runExportedOn(pool: { acquire(): Promise<{ page: Page; release(): Promise<void> }> }, code: string): Promise<void> {
  const [t] = await loadExported(code);
  const lease = await pool.acquire();
  try {
    await t!.body({ page: lease.page });
  } finally {
    await lease.release();
  }
}
