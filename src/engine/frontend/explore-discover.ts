/**
 * Discovery pass of an exploration: open the starting URL (signing in when an account is given),
 * collect same-origin navigation entries, then look at each page for forms and primary actions.
 * Nothing is submitted here; visiting and recording happen per feature in explore.ts.
 */
import type { Page } from 'playwright-core';

export interface FieldInfo {
  tag: string;
  type: string;
  label: string;
  options?: string[];
  checked?: boolean;
}
export interface FormInfo {
  name: string;
  submit: string;
  hasPassword: boolean;
  fields: FieldInfo[];
}
export interface PageInfo {
  url: string;
  title: string;
  heading: string;
  hasPassword: boolean;
  links: Array<{ href: string; text: string; inNav: boolean }>;
  forms: FormInfo[];
  buttons: Array<{ text: string; disabled: boolean }>;
  /** Text fields outside any form with a submit button (single-page apps take entries on Enter). */
  inputs: FieldInfo[];
}

/** Read the page's structure in one round trip. */
export async function readPage(page: Page): Promise<PageInfo> {
  return page.evaluate(() => {
    const vis = (el: Element) => {
      const h = el as HTMLElement;
      return !!(h.offsetWidth || h.offsetHeight || h.getClientRects().length) && getComputedStyle(h).visibility !== 'hidden';
    };
    const text = (el: Element | null | undefined) => ((el as HTMLElement | null)?.innerText ?? el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const SUBMIT = 'button[type=submit], button:not([type]), input[type=submit]';
    const labelOf = (el: HTMLInputElement) =>
      text(el.labels?.[0]) || el.getAttribute('aria-label') || el.placeholder || el.name || '';
    const forms = [...document.querySelectorAll('form')].filter(vis).map((f) => {
      const submit = f.querySelector(SUBMIT) as HTMLButtonElement | HTMLInputElement | null;
      const fields = [...f.querySelectorAll('input, textarea, select')]
        .filter((el) => !['hidden', 'submit', 'button', 'reset', 'image'].includes((el as HTMLInputElement).type) && vis(el) && !(el as HTMLInputElement).disabled)
        .map((el) => {
          const i = el as HTMLInputElement;
          const options = el.tagName === 'SELECT' ? [...(el as HTMLSelectElement).options].map((o) => o.label) : undefined;
          return { tag: el.tagName.toLowerCase(), type: i.type, label: labelOf(i), ...(options ? { options } : {}), ...(i.type === 'checkbox' ? { checked: i.checked } : {}) };
        });
      return {
        name: f.getAttribute('aria-label') ?? '',
        submit: submit ? text(submit) || (submit as HTMLInputElement).value || 'Submit' : '',
        hasPassword: !!f.querySelector('input[type=password]'),
        fields,
      };
    });
    return {
      url: location.href,
      title: document.title,
      // Visible heading text only: a title is not on the page, so a check for it could not pass.
      heading: text([...document.querySelectorAll('h1, h2')].find(vis)),
      hasPassword: [...document.querySelectorAll('input[type=password]')].some(vis),
      links: [...document.querySelectorAll('a[href]')].filter(vis).map((a) => ({
        href: (a as HTMLAnchorElement).href,
        text: text(a) || a.getAttribute('aria-label') || '',
        inNav: !!a.closest('nav, header, [role=navigation]'),
      })),
      forms,
      // Links that go nowhere act as buttons (Node-RED's "Deploy" is one).
      buttons: [...document.querySelectorAll('button, [role=button], a[href="#"], a[href^="javascript:"]')]
        .filter((b) => vis(b) && !b.closest('form, nav, header'))
        .map((b) => ({ text: text(b) || b.getAttribute('aria-label') || b.getAttribute('title') || '', disabled: (b as HTMLButtonElement).disabled === true })),
      inputs: [...document.querySelectorAll('input, textarea')]
        .filter((el) => {
          const i = el as HTMLInputElement;
          const form = el.closest('form');
          return (!form || !form.querySelector(SUBMIT)) && vis(el) && !i.disabled && !i.readOnly && (el.tagName === 'TEXTAREA' || ['text', 'search', ''].includes(i.type));
        })
        .map((el) => ({ tag: el.tagName.toLowerCase(), type: (el as HTMLInputElement).type, label: labelOf(el as HTMLInputElement) }))
        .filter((f) => f.label),
    };
  });
}

const SKIP_LINK = /^(sign ?out|log ?out|logout|sign ?in|log ?in|login|register|sign ?up)$/i;

/**
 * Same-origin navigation entries, nav links first, one per path. A hash route (`#/active`,
 * `#!/settings`) is a path of its own; other fragments point into the same page.
 */
export function navigationEntries(info: PageInfo, baseUrl: string): Array<{ path: string; name: string }> {
  const origin = new URL(baseUrl).origin;
  const seen = new Set<string>();
  const out: Array<{ path: string; name: string }> = [];
  const sorted = [...info.links].sort((a, b) => Number(b.inNav) - Number(a.inNav));
  for (const l of sorted) {
    let u: URL;
    try {
      u = new URL(l.href);
    } catch {
      continue;
    }
    // A link to "#" goes nowhere: it is a button (explore.ts visits it as one).
    if (u.origin !== origin || !/^https?:$/.test(u.protocol) || !l.text || SKIP_LINK.test(l.text) || l.href.endsWith('#')) continue;
    const path = u.pathname + u.search + (/^#!?\/./.test(u.hash) ? u.hash : '');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, name: l.text });
  }
  return out;
}

/** Is the page we landed on a sign-in wall rather than the page asked for? */
export function isSignInWall(info: PageInfo, requestedPath: string): boolean {
  const landed = new URL(info.url);
  return info.hasPassword && landed.pathname !== requestedPath.split('?')[0];
}

/** A plausible value for a form field, chosen from its type and label. */
export function sampleValue(f: FieldInfo): string {
  const l = f.label.toLowerCase();
  if (f.type === 'email' || /e-?mail/.test(l)) return 'explorer@example.com';
  if (f.type === 'number' || /\b(age|quantity|amount|count)\b/.test(l)) return '3';
  if (f.type === 'tel' || /phone/.test(l)) return '5550100';
  if (f.type === 'url' || /website|url/.test(l)) return 'https://example.com';
  if (/name/.test(l)) return 'Alex Explorer';
  if (f.tag === 'textarea') return 'Hello from the explorer';
  return `Sample ${l || 'text'}`.slice(0, 60);
}
