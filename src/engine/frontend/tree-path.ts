// A tree item named by its path ("orders:queue", "docs/guide/intro.md"): the way a person opens it,
// folder by folder. Trees that load a folder's children when it opens (jsTree, file browsers, key
// stores) have no element for the item until its folders are open, so the path is walked: each
// folder found among the children of the one before, opened when closed, its children waited for.
import type { Page } from 'playwright-core';
import { GENERATED_ID } from './ground.js';
import { pageChange } from './page-still.js';
import type { LocatorDescriptor, ResolvedAction } from './types.js';

/** Where a tree shows on the page: what is walked. */
const TREE = '[role=tree], .jstree, .tree, [class*=treeview]';

/**
 * The segments of a name written as a path, or undefined when it is not one: "orders:queue",
 * "recipe:grandma's rye", "docs/guide", "Settings > Users"; not a URL, not "Note: this" (a colon
 * written as in a sentence).
 */
export function pathSegments(name: string): string[] | undefined {
  if (/^[a-z][\w+.-]*:\/\//i.test(name)) return undefined;
  const parts = name.split(/\s+>\s+|(?<=\S)[:/](?=\S)/).map((p) => p.trim());
  return parts.length >= 2 && parts.length <= 8 && parts.every((p) => p && !/[:/]\s|\s[:/]/.test(p)) ? parts : undefined;
}

interface Node {
  /** The item's label (what is clicked). */
  item: string;
  /** Its open/close toggle, when it has one. */
  toggle: string | null;
  /** false: closed (its children are not shown). */
  open: boolean;
}

/** In the page: the item labelled `label` among the children of `parent` (anywhere in a tree when null). */
function findNode([tree, parent, label, generatedId]: [string, string | null, string, string]): Node | null {
  const generated = new RegExp(generatedId, 'i');
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase().replace(/\s*\(\d+\)$/, '').replace(/(?::\*|[:/*])+$/, '').trim();
  const shown = (el: Element) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const path = (el: Element): string => {
    let out = '';
    for (let cur: Element | null = el; cur && cur !== document.documentElement; cur = cur.parentElement) {
      if (cur.id && !generated.test(cur.id) && document.querySelectorAll(`#${CSS.escape(cur.id)}`).length === 1) return `#${CSS.escape(cur.id)}${out}`;
      const p: Element | null = cur.parentElement;
      const same = p ? Array.from(p.children).filter((c) => c.localName === cur!.localName) : [];
      out = `${p ? ' > ' : ''}${same.length > 1 ? `${cur.localName}:nth-of-type(${same.indexOf(cur) + 1})` : cur.localName}${out}`;
    }
    return out;
  };
  // An item's own label: the anchor of a jsTree node, else the tree item's text without its children.
  const labelOf = (el: Element) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll('[role=group], ul, ol').forEach((g) => g.remove());
    return norm((copy as HTMLElement).textContent ?? '');
  };
  const root = parent ? document.querySelector(parent) : null;
  const scope: Element[] = root ? [root] : Array.from(document.querySelectorAll(tree));
  const want = norm(label);
  for (const s of scope) {
    const items = Array.from(s.querySelectorAll('[role=treeitem], .jstree-anchor')).filter((el) => shown(el) && (!root || el.closest('li, [role=treeitem]') !== root));
    const hit = items.find((el) => labelOf(el) === want);
    if (!hit) continue;
    const node = hit.closest('li') ?? hit;
    const toggle = Array.from(node.children).find((c) => c !== hit && /(?:^|\s)(?:jstree-ocl|[\w-]*(?:toggle|expander|twisty|caret|arrow))(?:\s|$)/.test(typeof c.className === 'string' ? c.className : '')) ?? null;
    const expanded = hit.getAttribute('aria-expanded') ?? node.getAttribute('aria-expanded');
    const closed = expanded === 'false' || node.classList.contains('jstree-closed') || node.classList.contains('collapsed');
    return { item: path(hit), toggle: toggle ? path(toggle) : null, open: !closed };
  }
  return null;
}

/**
 * The clicks that open the item at `segments` in a tree on the page: each closed folder's toggle,
 * then the item. The walk opens folders to find what is inside them and closes them again after,
 * so that the clicks returned do it all when run. Undefined when the page has no tree or no first
 * folder of that name; `missing` when a folder is there and what is under it is not.
 */
export async function openTreePath(page: Page, segments: string[], timeoutMs: number): Promise<ResolvedAction | { missing: string } | undefined> {
  // (A tree that loads after the page does, or after a sign-in: its first level waited for.)
  const tree = await page.waitForFunction((t) => Array.from(document.querySelectorAll(t)).some((x) => x.querySelector('[role=treeitem], .jstree-anchor')), TREE, { timeout: Math.min(timeoutMs, 4000) }).then(() => true, () => false);
  if (!tree) return undefined;
  // An item labelled with the whole path is the one.
  const whole = await page.evaluate(findNode, [TREE, null, segments.join(':'), GENERATED_ID] as [string, string | null, string, string]).catch(() => null);
  if (whole) return { kind: 'click', target: { strategy: 'css', selector: whole.item } };
  const parts: Array<{ text: string; action: ResolvedAction }> = [];
  const opened: string[] = [];
  let parent: string | null = null;
  let reached = false;
  try {
    for (const [k, label] of segments.entries()) {
      const deadline = Date.now() + Math.min(timeoutMs, 4000);
      let node: Node | null = null;
      for (;;) {
        node = await page.evaluate(findNode, [TREE, parent, label, GENERATED_ID] as [string, string | null, string, string]).catch(() => null);
        if (node || Date.now() >= deadline) break;
        await pageChange(page, deadline - Date.now());
      }
      // A folder found, then no such item in it: the path is not there (nothing else is clicked instead).
      if (!node) return k > 0 ? { missing: `no item "${label}" under "${segments[k - 1]}" in the tree` } : undefined;
      const item: LocatorDescriptor = { strategy: 'css', selector: node.item };
      if (k === segments.length - 1) {
        parts.push({ text: `click "${label}"`, action: { kind: 'click', target: item } });
        reached = true;
        break;
      }
      if (!node.open) {
        const toggle: LocatorDescriptor = { strategy: 'css', selector: node.toggle ?? node.item };
        await page.locator(toggle.selector).first().click({ timeout: timeoutMs });
        opened.push(toggle.selector);
        parts.push({ text: `open "${label}"`, action: { kind: 'click', target: toggle } });
      }
      // The folder's children are looked for inside its node.
      parent = await page.evaluate((sel) => {
        const el = document.querySelector(sel);
        const node = el?.closest('li') ?? el;
        if (!node) return null;
        const path: string[] = [];
        for (let cur: Element | null = node; cur && cur !== document.documentElement; cur = cur.parentElement) {
          const p: Element | null = cur.parentElement;
          const same = p ? Array.from(p.children).filter((c) => c.localName === cur!.localName) : [];
          path.unshift(same.length > 1 ? `${cur.localName}:nth-of-type(${same.indexOf(cur) + 1})` : cur.localName);
        }
        return path.join(' > ');
      }, node.item).catch(() => null);
      if (!parent) return undefined;
    }
  } finally {
    // Closed again, innermost first: the clicks returned open them when they run.
    for (const sel of opened.reverse()) await page.locator(sel).first().click({ timeout: timeoutMs }).catch(() => {});
  }
  if (!reached) return undefined;
  return parts.length === 1 ? parts[0]!.action : { kind: 'steps', parts };
}
