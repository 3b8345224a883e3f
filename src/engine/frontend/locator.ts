/**
 * Serialisable locator descriptors ↔ Playwright locators, and their display form. Test ids are
 * matched with CSS attribute selectors so several configurable attributes can coexist.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { LocatorDescriptor } from './types.js';

type AriaRole = Parameters<Page['getByRole']>[0];

export function cssString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The CSS selector of a test id attribute's value. */
export function testIdSelector(attribute: string, value: string): string {
  return `[${attribute}=${cssString(value)}]`;
}

function base(pageOrFrame: Page, d: LocatorDescriptor): Locator {
  const page: Page | FrameLocator = d.frame ? pageOrFrame.frameLocator(d.frame) : pageOrFrame;
  switch (d.strategy) {
    case 'testid':
      return page.locator(testIdSelector(d.attribute, d.value));
    case 'role':
      return page.getByRole(d.role as AriaRole, d.name === undefined ? {} : { name: d.name, exact: d.exact ?? false });
    case 'label':
      return page.getByLabel(d.text, { exact: d.exact ?? false });
    case 'placeholder':
      return page.getByPlaceholder(d.text, { exact: d.exact ?? false });
    case 'text':
      return page.getByText(d.text, { exact: d.exact ?? false });
    case 'css': {
      const l = page.locator(d.selector);
      return d.hasText ? l.filter({ hasText: d.hasText }) : l;
    }
  }
}

/** Build the Playwright locator; `within` scopes by the container's first match. */
export function toLocator(page: Page, d: LocatorDescriptor): Locator {
  let l = base(page, d);
  if (d.within) {
    const scope = toLocator(page, d.within);
    const inner = base(page, { ...d, within: undefined, nth: undefined } as LocatorDescriptor);
    l = scope.locator(inner);
  }
  return d.nth === undefined ? l : l.nth(d.nth);
}

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The locator as Playwright code on `page` (also used verbatim by the exporter). */
export function describeLocator(d: LocatorDescriptor, pageRoot = 'page'): string {
  let expr: string;
  const root = d.frame ? `${pageRoot}.frameLocator(${q(d.frame)})` : pageRoot;
  const exact = (e?: boolean) => (e ? ', { exact: true }' : '');
  const within = d.within ? describeLocator(d.within, pageRoot) : root;
  switch (d.strategy) {
    case 'testid':
      expr = d.attribute === 'data-testid' ? `${within}.getByTestId(${q(d.value)})` : `${within}.locator(${q(testIdSelector(d.attribute, d.value))})`;
      break;
    case 'role': {
      const opts = d.name === undefined ? '' : `, { name: ${q(d.name)}${d.exact ? ', exact: true' : ''} }`;
      expr = `${within}.getByRole(${q(d.role)}${opts})`;
      break;
    }
    case 'label':
      expr = `${within}.getByLabel(${q(d.text)}${exact(d.exact)})`;
      break;
    case 'placeholder':
      expr = `${within}.getByPlaceholder(${q(d.text)}${exact(d.exact)})`;
      break;
    case 'text':
      expr = `${within}.getByText(${q(d.text)}${exact(d.exact)})`;
      break;
    case 'css':
      expr = `${within}.locator(${q(d.selector)})${d.hasText ? `.filter({ hasText: ${q(d.hasText)} })` : ''}`;
      break;
  }
  return d.nth === undefined ? expr : `${expr}.nth(${d.nth})`;
}

/** Short display for step records: the code form without the `page.` prefix. */
export function locatorLabel(d: LocatorDescriptor | undefined): string | null {
  return d ? describeLocator(d).replace(/^page\./, '') : null;
}

export function sameLocator(a: LocatorDescriptor, b: LocatorDescriptor): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
